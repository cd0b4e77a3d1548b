// The departments and roles a guarded thing names, as forms send them (`review_role`, `dept_ids`: comma-separated
// ids or one number), checked against the database so a limit never names nobody by mistake.
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { departments, roles } from '../db/schema';
import { badRequest } from '../http-error';
import type { Grant } from './grant-rule';

function parseIds(value: string | number | undefined | null, field: string): number[] {
  if (value === undefined || value === null || value === '') return [];
  const ids = String(value).split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw badRequest(`${field}格式不正确，应为逗号分隔的编号`);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Refuses (400, with `refusal`) role ids that are unknown or name a system role, which nothing may be granted to. */
export async function assertRolesExist(deps: Pick<Deps, 'db'>, ids: number[], refusal: string): Promise<void> {
  if (!ids.length) return;
  const found = await deps.db.select({ id: roles.id }).from(roles).where(and(inArray(roles.id, ids), eq(roles.system, false)));
  if (found.length !== ids.length) throw badRequest(refusal);
}

/** The grant in a body; unknown or system roles and unknown departments are refused with the field named. */
export async function grantInput(
  deps: Pick<Deps, 'db'>,
  body: { review_role?: string | number | null; dept_ids?: string | number | null },
): Promise<Grant> {
  const reviewRoles = parseIds(body.review_role, '授权角色');
  await assertRolesExist(deps, reviewRoles, '授权角色不存在');
  const deptIds = parseIds(body.dept_ids, '授权部门');
  await assertDepartmentsExist(deps, deptIds);
  return { reviewRoles, deptIds };
}

/** Refuses a department that does not exist. */
export async function assertDepartmentsExist(deps: Pick<Deps, 'db'>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await deps.db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  if (found.length !== ids.length) throw badRequest('授权部门不存在');
}

/** Every department by id, name and parent only: what a grant picker needs (no remarks, members or times; D88). */
export async function departmentNames(deps: Pick<Deps, 'db'>): Promise<{ id: number; name: string; parent_id: number | null }[]> {
  return deps.db.select({ id: departments.id, name: departments.name, parent_id: departments.parentId })
    .from(departments).orderBy(departments.sort, departments.id);
}
