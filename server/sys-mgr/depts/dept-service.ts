import { and, asc, count, eq, ne } from 'drizzle-orm';
import {
  DEPT_CODE_MAX, DEPT_MESSAGES as M, DEPT_NAME_MAX, DEPT_REMARK_MAX, ROOT_DEPT_ID,
  type Dept, type DeptFlatItem, type DeptTreeNode,
} from '../../../contract/api';
import { hasSpecialChars } from '../../../contract/validation';
import { departments, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';

/** A department row as stored. */
export type DeptRow = typeof departments.$inferSelect;

/** All departments, ordered as siblings are shown (sort, then id). */
export async function allDepts(deps: Pick<Deps, 'db'>): Promise<DeptRow[]> {
  return deps.db.select().from(departments).orderBy(asc(departments.sort), asc(departments.id));
}

/** Ordinary (non-system) users per department. */
async function userCounts(deps: Pick<Deps, 'db'>): Promise<Map<number, number>> {
  const rows = await deps.db
    .select({ deptId: users.deptId, n: count() })
    .from(users)
    .where(eq(users.system, false))
    .groupBy(users.deptId);
  return new Map(rows.map((r) => [r.deptId, Number(r.n)]));
}

function childrenIndex(rows: DeptRow[]): Map<number | null, DeptRow[]> {
  const index = new Map<number | null, DeptRow[]>();
  for (const r of rows) {
    const list = index.get(r.parentId) ?? [];
    list.push(r);
    index.set(r.parentId, list);
  }
  return index;
}

async function findOr404(deps: Pick<Deps, 'db'>, id: number): Promise<DeptRow> {
  const [row] = await deps.db.select().from(departments).where(eq(departments.id, id));
  if (!row) throw new HttpError(404, M.notFound);
  return row;
}

/** The name of department `id`, or null when there is none. */
export async function deptName(deps: Pick<Deps, 'db'>, id: number): Promise<string | null> {
  const [row] = await deps.db.select({ name: departments.name }).from(departments).where(eq(departments.id, id));
  return row?.name ?? null;
}

/** The department `id` and everything below it as a nested tree; `disableSubtreeOf` and its subtree are disabled. */
export async function deptTree(deps: Pick<Deps, 'db'>, id: number, disableSubtreeOf?: number): Promise<DeptTreeNode> {
  const rows = await allDepts(deps);
  const top = rows.find((r) => r.id === id);
  if (!top) throw new HttpError(404, M.notFound);
  const index = childrenIndex(rows);
  const counts = await userCounts(deps);
  const build = (r: DeptRow, seen: Set<number>, inDisabled: boolean): DeptTreeNode => {
    seen.add(r.id);
    const disabled = inDisabled || r.id === disableSubtreeOf;
    const kids = (index.get(r.id) ?? []).filter((c) => !seen.has(c.id));
    return {
      id: r.id, name: r.name, parentId: r.parentId, code: r.code, sort: r.sort, userCount: counts.get(r.id) ?? 0,
      disabled, children: kids.map((c) => build(c, seen, disabled)),
    };
  };
  return build(top, new Set(), false);
}

/** The department `id` and its subtree as a flat list in tree order (depth-first, siblings by sort). */
export async function deptFlat(deps: Pick<Deps, 'db'>, id: number): Promise<DeptFlatItem[]> {
  const rows = await allDepts(deps);
  const top = rows.find((r) => r.id === id);
  if (!top) throw new HttpError(404, M.notFound);
  const index = childrenIndex(rows);
  const counts = await userCounts(deps);
  const out: DeptFlatItem[] = [];
  const seen = new Set<number>();
  const walk = (r: DeptRow, level: number) => {
    seen.add(r.id);
    const kids = (index.get(r.id) ?? []).filter((c) => !seen.has(c.id));
    out.push({
      id: r.id, name: r.name, parentId: r.parentId, code: r.code, sort: r.sort, remark: r.remark, level,
      userCount: counts.get(r.id) ?? 0, childCount: kids.length,
    });
    for (const c of kids) walk(c, level + 1);
  };
  walk(top, 0);
  return out;
}

/** One department with its parent's name and its counts. */
export async function deptOne(deps: Pick<Deps, 'db'>, id: number): Promise<Dept> {
  const row = await findOr404(deps, id);
  const parent = row.parentId === null ? null : (await deps.db.select().from(departments).where(eq(departments.id, row.parentId)))[0];
  const [{ n: userCount }] = await deps.db.select({ n: count() }).from(users).where(and(eq(users.deptId, id), eq(users.system, false)));
  const [{ n: childCount }] = await deps.db.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
  return {
    id: row.id, name: row.name, parentId: row.parentId, parentName: parent?.name ?? '', code: row.code, sort: row.sort,
    remark: row.remark, userCount: Number(userCount), childCount: Number(childCount),
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether a sibling under `parentId` already has this name (ignoring `excludeId`, the department being edited). */
export async function deptNameExists(deps: Pick<Deps, 'db'>, parentId: number, name: string, excludeId?: number): Promise<boolean> {
  const where = [eq(departments.parentId, parentId), eq(departments.name, name.trim())];
  if (excludeId !== undefined) where.push(ne(departments.id, excludeId));
  const [{ n }] = await deps.db.select({ n: count() }).from(departments).where(and(...where));
  return Number(n) > 0;
}

/** Fields of a department as the client sends them. */
export type DeptInput = { parentId: number; name: string; code?: string; sort?: number; remark?: string };

/** Checks and trims the fields; throws 400 with the Chinese reason. */
function cleanInput(input: DeptInput): Required<DeptInput> {
  const name = input.name.trim();
  const code = (input.code ?? '').trim();
  const remark = (input.remark ?? '').trim();
  if (!name) throw badRequest(M.nameRequired);
  if (name.length > DEPT_NAME_MAX) throw badRequest(M.nameTooLong);
  if (hasSpecialChars(name)) throw badRequest(M.nameSpecial);
  if (code.length > DEPT_CODE_MAX) throw badRequest(M.codeTooLong);
  if (hasSpecialChars(code)) throw badRequest(M.codeSpecial);
  if (remark.length > DEPT_REMARK_MAX) throw badRequest(M.remarkTooLong);
  return { parentId: input.parentId, name, code, remark, sort: input.sort ?? 0 };
}

async function checkCodeFree(deps: Pick<Deps, 'db'>, code: string, excludeId?: number): Promise<void> {
  if (!code) return;
  const where = [eq(departments.code, code)];
  if (excludeId !== undefined) where.push(ne(departments.id, excludeId));
  const [{ n }] = await deps.db.select({ n: count() }).from(departments).where(and(...where));
  if (Number(n) > 0) throw badRequest(M.codeTaken);
}

async function parentOr400(deps: Pick<Deps, 'db'>, parentId: number): Promise<DeptRow> {
  const [parent] = await deps.db.select().from(departments).where(eq(departments.id, parentId));
  if (!parent) throw badRequest(M.parentNotFound);
  return parent;
}

/** Creates a department under an existing parent; names are unique among siblings. */
export async function createDept(deps: Deps, input: DeptInput): Promise<{ row: DeptRow; parent: DeptRow }> {
  const v = cleanInput(input);
  const parent = await parentOr400(deps, v.parentId);
  if (await deptNameExists(deps, v.parentId, v.name)) throw badRequest(M.nameTaken);
  await checkCodeFree(deps, v.code);
  const now = deps.now();
  const [row] = await deps.db.insert(departments).values({ ...v, createdAt: now, updatedAt: now }).returning();
  return { row, parent };
}

/** Updates a department; the root cannot be changed and no department can move below itself. */
export async function updateDept(deps: Deps, id: number, input: DeptInput): Promise<{ before: DeptRow; row: DeptRow; parent: DeptRow }> {
  const before = await findOr404(deps, id);
  if (id === ROOT_DEPT_ID || before.parentId === null) throw badRequest(M.rootChange);
  const v = cleanInput(input);
  const parent = await parentOr400(deps, v.parentId);
  if (v.parentId !== before.parentId) {
    const rows = await allDepts(deps);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Walk up from the new parent: meeting the department itself means the move would make a cycle.
    for (let at: DeptRow | undefined = parent, hops = 0; at && hops <= rows.length; at = byId.get(at.parentId ?? NaN), hops++) {
      if (at.id === id) throw badRequest(M.moveUnderSelf);
    }
  }
  if (await deptNameExists(deps, v.parentId, v.name, id)) throw badRequest(M.nameTaken);
  await checkCodeFree(deps, v.code, id);
  const [row] = await deps.db.update(departments).set({ ...v, updatedAt: deps.now() }).where(eq(departments.id, id)).returning();
  return { before, row, parent };
}

/** Deletes an empty department (no users, no sub-departments); the root cannot be deleted. */
export async function deleteDept(deps: Pick<Deps, 'db'>, id: number): Promise<DeptRow> {
  if (id === ROOT_DEPT_ID) throw badRequest(M.rootDelete);
  const row = await findOr404(deps, id);
  if (row.parentId === null) throw badRequest(M.rootDelete);
  const [{ n: people }] = await deps.db.select({ n: count() }).from(users).where(eq(users.deptId, id));
  if (Number(people) > 0) throw badRequest(M.hasUsers);
  const [{ n: kids }] = await deps.db.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
  if (Number(kids) > 0) throw badRequest(M.hasChildren);
  await deps.db.delete(departments).where(eq(departments.id, id));
  return row;
}

/** A short description of what an update changed, for the audit entry. */
export function describeChange(before: DeptRow, after: DeptRow, parentName: string): string {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`名称：${before.name} → ${after.name}`);
  if (before.parentId !== after.parentId) parts.push(`上级部门：${parentName}`);
  if (before.code !== after.code) parts.push(`编码：${before.code || '无'} → ${after.code || '无'}`);
  if (before.sort !== after.sort) parts.push(`排序：${before.sort} → ${after.sort}`);
  if (before.remark !== after.remark) parts.push('备注已修改');
  return parts.join('；') || '无变化';
}
