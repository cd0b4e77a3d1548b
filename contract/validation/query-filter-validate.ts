import { EXPRESS_TYPES, FILTER_CONNECTIONS, FILTER_OPERATIONS } from './query-filter-types';
import type { FilterOperation, FilterScalar, QueryFilter } from './query-filter-types';
import { isNumeric, listValues } from './query-filter-values';

/** Deepest childFilter nesting accepted (a list at depth 1 is the top level). */
export const MAX_FILTER_DEPTH = 5;
/** Most conditions accepted in one query, children included. */
export const MAX_FILTER_COUNT = 200;

/** Result of validateQueryFilters: normalised filters (connection defaulted, In lists split) or Chinese errors. */
export type QueryFilterValidation = { ok: true; value: QueryFilter[] } | { ok: false; errors: string[] };

/** Options of validateQueryFilters. */
export type QueryFilterValidateOptions = {
  /** Field names the caller accepts (the keys of its column whitelist); any other name is refused. */
  allowedNames?: readonly string[];
};

const SCALAR_OPS: readonly FilterOperation[] = ['Like', 'Equal', 'UnEqual', 'Contains', 'LessEqual'];
const LIST_OPS: readonly FilterOperation[] = ['In', 'NotIn'];

type State = { errors: string[]; count: number; allowed: Set<string> | null };

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

/** Checks a filter list (untrusted input) against spec §3 and the per-operation rules. */
export function validateQueryFilters(input: unknown, options: QueryFilterValidateOptions = {}): QueryFilterValidation {
  const state: State = { errors: [], count: 0, allowed: options.allowedNames ? new Set(options.allowedNames) : null };
  if (!Array.isArray(input)) return { ok: false, errors: ['筛选条件必须是列表'] };
  const value = validateList(input, [], state);
  return state.errors.length ? { ok: false, errors: state.errors } : { ok: true, value };
}

function validateList(list: unknown[], path: number[], state: State): QueryFilter[] {
  if (path.length >= MAX_FILTER_DEPTH) {
    state.errors.push(`第 ${path.join('.')} 条条件：子条件嵌套超过 ${MAX_FILTER_DEPTH} 层`);
    return [];
  }
  return list.map((item, i) => validateOne(item, [...path, i + 1], state));
}

function validateOne(item: unknown, path: number[], state: State): QueryFilter {
  const where = `第 ${path.join('.')} 条条件`;
  const fail = (message: string) => state.errors.push(`${where}：${message}`);
  state.count += 1;
  if (state.count === MAX_FILTER_COUNT + 1) state.errors.push(`筛选条件过多（最多 ${MAX_FILTER_COUNT} 条）`);
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    fail('必须是对象');
    return item as QueryFilter;
  }
  const f = item as Record<string, unknown>;
  if (typeof f.filterName !== 'string' || f.filterName === '') fail('缺少字段名 filterName');
  else if (state.allowed && !state.allowed.has(f.filterName)) fail(`不支持按字段 ${f.filterName} 筛选`);
  const op = f.operation as FilterOperation;
  if (!FILTER_OPERATIONS.includes(op)) fail(`不支持的操作 ${JSON.stringify(f.operation)}（可用：${FILTER_OPERATIONS.join('、')}）`);
  if (f.connection !== undefined && !FILTER_CONNECTIONS.includes(f.connection as 'And')) fail('连接方式只能是 And 或 Or');
  if (f.expressType !== undefined && !EXPRESS_TYPES.includes(f.expressType as 'string')) {
    fail(`值类型只能是 ${EXPRESS_TYPES.join('、')}`);
  }
  const out = { ...f, connection: f.connection ?? 'And' } as QueryFilter;
  const values = checkValue(op, f.filterValue, fail);
  if (values && LIST_OPS.includes(op)) out.filterValue = values as FilterScalar[];
  if (f.expressType === 'number' && values && !values.every(isNumeric)) fail('值必须是数字');
  if (f.childFilter !== undefined) {
    if (!Array.isArray(f.childFilter)) fail('子条件 childFilter 必须是列表');
    else out.childFilter = validateList(f.childFilter, path, state);
  }
  return out;
}

/** Checks the value against the operation; answers the values for later checks. */
function checkValue(op: FilterOperation, value: unknown, fail: (m: string) => void): unknown[] | null {
  if (SCALAR_OPS.includes(op)) {
    if (!isScalar(value)) fail(`${op} 需要一个值`);
    return isScalar(value) ? [value] : null;
  }
  if (LIST_OPS.includes(op)) {
    const list = isScalar(value) || Array.isArray(value) ? listValues(value as string) : null;
    if (!list || list.length === 0 || !list.every(isScalar)) {
      fail(`${op} 需要值列表`);
      return null;
    }
    return list;
  }
  if (op === 'BetweenAnd') {
    if (!Array.isArray(value) || value.length !== 2 || !value.every(isScalar)) {
      fail('BetweenAnd 需要两个值（起、止）');
      return null;
    }
    return value;
  }
  return null;
}
