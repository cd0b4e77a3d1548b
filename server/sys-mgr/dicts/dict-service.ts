import { asc, count, eq } from 'drizzle-orm';
import { dictTreeOptions, type DictGroup, type DictOption, type DictTree, type DictTreeNode, type StaticEnum, type TbomNode } from '../../../contract/api';
import { dictionaries, dictItems, secrecyGrades, tbomNodes } from '../../db/schema';
import { DICT_GROUPS } from '../../db/seed-dicts';
import type { Deps } from '../../deps';
import { HttpError } from '../../http-error';

type Db = Pick<Deps, 'db'>;
type ItemRow = typeof dictItems.$inferSelect;

/** Where the options of a model column come from. */
export type EnumSource =
  | { kind: 'grades' }
  | { kind: 'dict'; dictCode: string; multiple?: boolean }
  | { kind: 'fixed'; options: { label: string; value: string }[]; multiple?: boolean };

const grades: EnumSource = { kind: 'grades' };
const dict = (dictCode: string, multiple = false): EnumSource => ({ kind: 'dict', dictCode, multiple });

/**
 * The static enums of the model columns (model-desc/static-enum): modelId → column → source.
 * Grades come from the secrecy-grade dictionary, ordered lowest first so forms can cut after a bound code.
 */
export const STATIC_ENUMS: Record<string, Record<string, EnumSource>> = {
  knowledgeDocument: {
    secrecy: grades,
    rangeType: dict('KNOWLEDGE_RANGE_TYPE'),
    docType: dict('KNOWLEDGE_DOC_TYPE'),
  },
  user: {
    clearance: grades,
    disabled: { kind: 'fixed', options: [{ label: '启用', value: 'false' }, { label: '停用', value: 'true' }] },
    duty: dict('DUTY_CODE'),
    profession: dict('PROFESSION'),
  },
  techDiscussion: { type: dict('TECH_DISCUSSION_TYPE') },
  project: { stage: dict('PROJECT_STAGE'), level: dict('PROJECT_LEVEL') },
  task: { taskType: dict('TASK_TYPE'), priority: dict('TASK_PRIORITY') },
  appTemplate: { classification: dict('APP_TEMPLATE_CLASSIFICATION') },
  valve: {
    category: dict('CATEGORY_ROUTE'),
    driverMethod: dict('DRIVER_METHOD'),
    seatStructure: dict('VALVE_SEAT_STRUCTURE', true),
    nominalPressure: dict('NOMINAL_PRESSURE'),
    bodyMaterial: dict('VALVE_BODY_MATERIAL'),
  },
};

async function dictionaryOr404(deps: Db, dictCode: string) {
  const [row] = await deps.db.select().from(dictionaries).where(eq(dictionaries.code, dictCode));
  if (!row) throw new HttpError(404, `字典 ${dictCode} 不存在`);
  return row;
}

async function itemsOf(deps: Db, dictCode: string): Promise<ItemRow[]> {
  return deps.db.select().from(dictItems).where(eq(dictItems.dictCode, dictCode)).orderBy(asc(dictItems.sort), asc(dictItems.id));
}

/** Generic parent-link rows as nested nodes (rows whose parent is missing become roots). */
function nest<R extends { id: number; parentId: number | null }, N extends { children: N[] }>(rows: R[], toNode: (r: R) => Omit<N, 'children'>): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, R[]>();
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const seen = new Set<number>();
  const build = (r: R): N => {
    seen.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((c) => !seen.has(c.id));
    return { ...toNode(r), children: kids.map(build) } as N;
  };
  return (byParent.get(null) ?? []).map(build);
}

/** A dictionary's entries as a tree (tree4def), disabled entries included and marked. */
export async function dictTree(deps: Db, dictCode: string): Promise<DictTree> {
  const d = await dictionaryOr404(deps, dictCode);
  const rows = await itemsOf(deps, dictCode);
  const children = nest<ItemRow, DictTreeNode>(rows, (r) => ({ id: r.id, name: r.name, code: r.code, disabled: r.disabled }));
  return { code: d.code, name: d.name, children };
}

/** `{ name, id }` options of a dictionary (id = entry code), for dictionary selects. */
export async function dictOptions(deps: Db, dictCode: string): Promise<DictOption[]> {
  return dictTreeOptions((await dictTree(deps, dictCode)).children);
}

/** The secrecy grades as `{ name, id }` options, lowest first. */
export async function gradeOptions(deps: Db): Promise<DictOption[]> {
  const rows = await deps.db.select().from(secrecyGrades).orderBy(asc(secrecyGrades.rank));
  return rows.map((g) => ({ name: g.text, id: g.code }));
}

/** The dictionary groups of spec §3 with their dictionaries and entry counts. */
export async function dictGroups(deps: Db): Promise<DictGroup[]> {
  const dicts = await deps.db.select().from(dictionaries).orderBy(asc(dictionaries.sort), asc(dictionaries.code));
  const counts = new Map(
    (await deps.db.select({ code: dictItems.dictCode, n: count() }).from(dictItems).groupBy(dictItems.dictCode)).map((r) => [r.code, Number(r.n)]),
  );
  const groups: { code: string; name: string }[] = [...DICT_GROUPS];
  for (const d of dicts) if (!groups.some((g) => g.code === d.groupCode)) groups.push({ code: d.groupCode, name: d.groupCode });
  return groups.map((g) => ({
    ...g,
    dictionaries: dicts.filter((d) => d.groupCode === g.code).map((d) => ({ code: d.code, name: d.name, itemCount: counts.get(d.code) ?? 0 })),
  }));
}

/** The options of a model column (model-desc/static-enum). */
export async function staticEnum(deps: Db, modelId: string, column: string): Promise<StaticEnum> {
  const source = Object.hasOwn(STATIC_ENUMS, modelId) && Object.hasOwn(STATIC_ENUMS[modelId], column) ? STATIC_ENUMS[modelId][column] : null;
  if (!source) throw new HttpError(404, `模型 ${modelId} 的字段 ${column} 没有枚举定义`);
  switch (source.kind) {
    case 'grades':
      return { options: (await gradeOptions(deps)).map((g) => ({ label: g.name, value: g.id })), multiple: false };
    case 'fixed':
      return { options: source.options, multiple: source.multiple ?? false };
    case 'dict':
      return {
        options: (await dictOptions(deps, source.dictCode)).map((o) => ({ label: o.name, value: o.id })),
        multiple: source.multiple ?? false,
      };
  }
}

type TbomRow = typeof tbomNodes.$inferSelect;

/**
 * The tbom tree for the selector. With a filter (Like: case-insensitive substring of name or code) only
 * matching nodes remain, with their ancestors (so it stays a tree) and their own sub-structure.
 */
export async function tbomTree(deps: Db, filter: string | undefined): Promise<TbomNode[]> {
  const rows = await deps.db.select().from(tbomNodes).orderBy(asc(tbomNodes.sort), asc(tbomNodes.id));
  const all = nest<TbomRow, TbomNode>(rows, (r) => ({ id: r.id, name: r.name, code: r.code, disabled: r.disabled }));
  const needle = (filter ?? '').trim().toLowerCase();
  if (!needle) return all;
  const keep = (nodes: TbomNode[]): TbomNode[] =>
    nodes.flatMap((n) => {
      if (n.name.toLowerCase().includes(needle) || n.code.toLowerCase().includes(needle)) return [n];
      const children = keep(n.children);
      return children.length ? [{ ...n, children }] : [];
    });
  return keep(all);
}
