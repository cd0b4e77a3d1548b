import { and, asc, eq, ne } from 'drizzle-orm';
import { dictItemProblems, DICT_ITEM_SORT_MAX, type DictItem, type DictItemBody } from '../../../contract/api';
import { dictItems } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { dictTree } from './dict-service';

type Db = Pick<Deps, 'db'>;
type Row = typeof dictItems.$inferSelect;

const toItem = (r: Row): DictItem => ({
  id: r.id, parentId: r.parentId, code: r.code, name: r.name, sort: r.sort, disabled: r.disabled, system: r.system ? 'true' : 'false',
});

/** 字典管理 (issue 17, D55): a dictionary's entries as flat rows, in display order. */
export async function listItems(deps: Db, dictCode: string): Promise<DictItem[]> {
  await dictTree(deps, dictCode); // 404 for an unknown dictionary
  const rows = await deps.db.select().from(dictItems).where(eq(dictItems.dictCode, dictCode)).orderBy(asc(dictItems.sort), asc(dictItems.id));
  return rows.map(toItem);
}

async function itemOr404(deps: Db, dictCode: string, id: number): Promise<Row> {
  const [row] = await deps.db.select().from(dictItems).where(and(eq(dictItems.id, id), eq(dictItems.dictCode, dictCode)));
  if (!row) throw new HttpError(404, '字典项不存在或已被删除');
  return row;
}

function checked(body: DictItemBody): { code: string; name: string; sort: number | undefined } {
  const problems = dictItemProblems(body);
  if (problems.length > 0) throw badRequest(problems.join('；'));
  return { code: body.code.trim(), name: body.name.trim(), sort: body.sort };
}

async function assertCodeFree(deps: Db, dictCode: string, code: string, exceptId?: number): Promise<void> {
  const where = exceptId === undefined
    ? and(eq(dictItems.dictCode, dictCode), eq(dictItems.code, code))
    : and(eq(dictItems.dictCode, dictCode), eq(dictItems.code, code), ne(dictItems.id, exceptId));
  const [clash] = await deps.db.select({ id: dictItems.id }).from(dictItems).where(where);
  if (clash) throw badRequest(`编码 ${code} 已存在`);
}

/** The parent must be an entry of the same dictionary, and not the entry itself or below it. */
async function assertParent(deps: Db, dictCode: string, parentId: number | null | undefined, selfId?: number): Promise<number | null> {
  if (parentId === null || parentId === undefined) return null;
  const rows = await deps.db.select({ id: dictItems.id, parentId: dictItems.parentId }).from(dictItems).where(eq(dictItems.dictCode, dictCode));
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw badRequest('上级字典项不存在');
  for (let at: number | null | undefined = parentId, steps = 0; at !== null && at !== undefined && steps <= rows.length; steps += 1) {
    if (at === selfId) throw badRequest('上级字典项不能是它自己或它的下级');
    at = byId.get(at);
  }
  return parentId;
}

/** Adds an entry (never a system one: those come with the product). */
export async function createItem(deps: Db, dictCode: string, body: DictItemBody): Promise<DictItem> {
  await dictTree(deps, dictCode);
  const { code, name, sort } = checked(body);
  await assertCodeFree(deps, dictCode, code);
  const parentId = await assertParent(deps, dictCode, body.parentId);
  const [row] = await deps.db.insert(dictItems).values({ dictCode, parentId, code, name, sort: sort ?? DICT_ITEM_SORT_MAX, system: false }).returning();
  return toItem(row);
}

/** Edits an entry; a system entry keeps its code and parent (forms and imports rely on them). */
export async function updateItem(deps: Db, dictCode: string, id: number, body: DictItemBody): Promise<{ before: DictItem; after: DictItem }> {
  const current = await itemOr404(deps, dictCode, id);
  const { code, name, sort } = checked(body);
  const parentId = body.parentId === undefined ? current.parentId : body.parentId;
  if (current.system && code !== current.code) throw badRequest('系统内置字典项的编码不能修改');
  if (current.system && parentId !== current.parentId) throw badRequest('系统内置字典项的上级不能修改');
  await assertCodeFree(deps, dictCode, code, id);
  await assertParent(deps, dictCode, parentId, id);
  const [row] = await deps.db.update(dictItems).set({ code, name, parentId, sort: sort ?? current.sort }).where(eq(dictItems.id, id)).returning();
  return { before: toItem(current), after: toItem(row) };
}

/** Disables or enables an entry: a disabled entry leaves every dictionary select at once. */
export async function setItemDisabled(deps: Db, dictCode: string, id: number, disabled: boolean): Promise<DictItem> {
  await itemOr404(deps, dictCode, id);
  const [row] = await deps.db.update(dictItems).set({ disabled }).where(eq(dictItems.id, id)).returning();
  return toItem(row);
}

/** Deletes an entry and its sub-entries; refused for a system entry or one with system entries below it. */
export async function deleteItem(deps: Db, dictCode: string, id: number): Promise<DictItem> {
  const current = await itemOr404(deps, dictCode, id);
  if (current.system) throw badRequest('系统内置字典项不能删除，可停用');
  const rows = await deps.db.select().from(dictItems).where(eq(dictItems.dictCode, dictCode));
  const below = (parent: number): Row[] => rows.filter((r) => r.parentId === parent).flatMap((r) => [r, ...below(r.id)]);
  if (below(id).some((r) => r.system)) throw badRequest('该字典项下有系统内置字典项，不能删除');
  await deps.db.delete(dictItems).where(eq(dictItems.id, id));
  return toItem(current);
}
