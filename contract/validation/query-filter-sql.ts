import { orGroups, termList } from './query-filter-groups';
import type { QueryFilter } from './query-filter-types';
import { validateQueryFilters } from './query-filter-validate';
import { coerce, listValues } from './query-filter-values';

/** A parameterised WHERE fragment: placeholders $n in sql, their values in params. */
export type SqlFragment = { sql: string; params: unknown[] };

/** Thrown by compileFilters for input validateQueryFilters refuses; `errors` are the Chinese messages. */
export class QueryFilterError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('；'));
    this.name = 'QueryFilterError';
  }
}

/** Column expressions a developer may whitelist: identifiers, optionally qualified or double-quoted. */
const SAFE_COLUMN = /^(?:[A-Za-z_][A-Za-z0-9_]*|"[A-Za-z_][A-Za-z0-9_]*")(?:\.(?:[A-Za-z_][A-Za-z0-9_]*|"[A-Za-z_][A-Za-z0-9_]*"))?$/;

/** Escapes LIKE wildcards so user text matches literally (escape character backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Compiles untrusted filters to a PostgreSQL WHERE fragment with the meaning of matchesFilters.
 * `columns` maps each accepted filterName to its column; names outside it are refused, and values only
 * ever travel as parameters. Placeholders start at $(offset + 1). An empty list compiles to `TRUE`.
 */
export function compileFilters(input: unknown, columns: Readonly<Record<string, string>>, offset = 0): SqlFragment {
  const names = Object.keys(columns);
  const bad = names.filter((n) => !SAFE_COLUMN.test(columns[n]));
  if (bad.length) throw new Error(`Unsafe column expression for ${bad.join(', ')}`);
  const checked = validateQueryFilters(input, { allowedNames: names });
  if (!checked.ok) throw new QueryFilterError(checked.errors);
  const params: unknown[] = [];
  const add = (value: unknown) => `$${offset + params.push(value)}`;
  const sql = checked.value.length ? compileList(checked.value, columns, add) : 'TRUE';
  return { sql, params };
}

type Add = (value: unknown) => string;

function compileList(filters: readonly QueryFilter[], columns: Readonly<Record<string, string>>, add: Add): string {
  const groups = orGroups(filters).map((g) => g.map((f) => compileTerm(f, columns, add)).join(' AND '));
  return groups.length === 1 ? `(${groups[0]})` : `(${groups.map((g) => `(${g})`).join(' OR ')})`;
}

function compileTerm(f: QueryFilter, columns: Readonly<Record<string, string>>, add: Add): string {
  const list = termList(f);
  return list ? compileList(list, columns, add) : compileOne(f, columns[f.filterName], add);
}

function compileOne(f: QueryFilter, col: string, add: Add): string {
  const t = f.expressType;
  const value = () => add(coerce(f.filterValue, t));
  const list = () => (listValues(f.filterValue) ?? []).map((v) => add(coerce(v, t))).join(', ');
  switch (f.operation) {
    case 'Like':
      return `CAST(${col} AS TEXT) ILIKE ${add(`%${escapeLike(String(f.filterValue))}%`)} ESCAPE '\\'`;
    case 'Equal':
      return `${col} = ${value()}`;
    case 'UnEqual':
      return `${col} IS DISTINCT FROM ${value()}`;
    case 'In':
      return `${col} IN (${list()})`;
    case 'NotIn':
      return `(${col} IS NULL OR ${col} NOT IN (${list()}))`;
    case 'BetweenAnd': {
      const [lo, hi] = f.filterValue as unknown[];
      return `${col} BETWEEN ${add(coerce(lo, t))} AND ${add(coerce(hi, t))}`;
    }
    case 'IsNull':
      return `${col} IS NULL`;
    case 'IsNotNull':
      return `${col} IS NOT NULL`;
    case 'Contains':
      return `${add(String(f.filterValue))} = ANY(string_to_array(CAST(${col} AS TEXT), ','))`;
    case 'LessEqual':
      return `${col} <= ${value()}`;
  }
}
