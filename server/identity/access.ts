import { asc, eq, lte } from 'drizzle-orm';
import type { Deps } from '../deps';
import {
  functionButtons, functions, roleButtons, roleFunctions, roles, secrecyGrades, userRoles,
} from '../db/schema';
import { cached } from './identity-cache';

/** A role as the client sees it. */
export type RoleRef = { id: number; name: string };
/** One secrecy grade. */
export type GradeRow = { code: string; text: string; rank: number };

/** What a user may open: function paths and `path#code` button grants. */
export type Grants = { allFunc: string[]; allBtn: Record<string, boolean> };

export async function rolesOfUser(deps: Pick<Deps, 'db'>, userId: number): Promise<RoleRef[]> {
  return deps.db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
}

/**
 * Functions and buttons granted to any role of the user. Kept in the identity cache (D12): the access
 * hook asks for them on every management call, and any write empties the cache.
 */
export function grantsOfUser(deps: Pick<Deps, 'db'>, userId: number): Promise<Grants> {
  return cached(deps.db, `grants:${userId}`, () => loadGrants(deps, userId));
}

async function loadGrants(deps: Pick<Deps, 'db'>, userId: number): Promise<Grants> {
  const funcRows = await deps.db
    .selectDistinct({ path: functions.path, sort: functions.sort, id: functions.id })
    .from(userRoles)
    .innerJoin(roleFunctions, eq(roleFunctions.roleId, userRoles.roleId))
    .innerJoin(functions, eq(functions.id, roleFunctions.functionId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(functions.sort), asc(functions.id));
  const btnRows = await deps.db
    .selectDistinct({ path: functions.path, code: functionButtons.code })
    .from(userRoles)
    .innerJoin(roleButtons, eq(roleButtons.roleId, userRoles.roleId))
    .innerJoin(functionButtons, eq(functionButtons.id, roleButtons.buttonId))
    .innerJoin(functions, eq(functions.id, functionButtons.functionId))
    .where(eq(userRoles.userId, userId));
  const allBtn: Record<string, boolean> = {};
  for (const b of btnRows) allBtn[`${b.path}#${b.code}`] = true;
  return { allFunc: funcRows.map((f) => f.path), allBtn };
}

/** The user's clearance grade and every grade at or below it (the grades the user may use). */
export async function gradesForClearance(
  deps: Pick<Deps, 'db'>,
  clearance: string,
): Promise<{ clearance: GradeRow; allowed: GradeRow[] }> {
  const [own] = await deps.db.select().from(secrecyGrades).where(eq(secrecyGrades.code, clearance));
  if (!own) throw new Error(`unknown clearance ${clearance}`);
  const allowed = await deps.db
    .select()
    .from(secrecyGrades)
    .where(lte(secrecyGrades.rank, own.rank))
    .orderBy(asc(secrecyGrades.rank));
  return { clearance: own, allowed };
}
