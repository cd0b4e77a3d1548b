import { and, arrayOverlaps, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { badRequest } from '../http-error';
import { knowledgeDocuments, knowledgeSpaces, secrecyGrades, userRoles } from '../db/schema';
import { deptChain, granted, grantedSql } from '../identity/grant-rule';
import { cached } from '../identity/identity-cache';
import type { SessionUser } from '../identity/sessions';

/** Who is looking: the facts visibility depends on (ARCHITECTURE §5). */
export type Viewer = {
  id: number;
  system: boolean;
  /** Grade codes at or below the viewer's clearance. */
  grades: string[];
  roleIds: number[];
  /** The viewer's department and every department above it (spaces limited to departments, D93). */
  deptChain: number[];
};

/** Refuses (400) a grade above the viewer's clearance or unknown; `what` names the grade asked for (文档密级). */
export function assertWithinClearance(viewer: Viewer, grade: string, what: string): void {
  if (!viewer.grades.includes(grade)) throw badRequest(`${what}不能高于您的密级，或该密级不存在`);
}

/** The viewer of a session user (cached with the identity data, emptied on every identity write). */
export async function viewerOf(deps: Pick<Deps, 'db'>, user: SessionUser): Promise<Viewer> {
  return cached(deps.db, `viewer:${user.id}:${user.clearance}`, async () => {
    const [own] = await deps.db.select({ rank: secrecyGrades.rank }).from(secrecyGrades).where(eq(secrecyGrades.code, user.clearance));
    const grades = own
      ? (await deps.db.select({ code: secrecyGrades.code }).from(secrecyGrades).where(lte(secrecyGrades.rank, own.rank))
        .orderBy(asc(secrecyGrades.rank))).map((g) => g.code)
      : [];
    const roles = await deps.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    return { id: user.id, system: user.system, grades, roleIds: roles.map((r) => r.id), deptChain: await deptChain(deps, user.deptId) };
  });
}

/**
 * THE visibility predicate of documents, used by every path that answers documents or their content (list,
 * chunks, recall, download, update, chat): grade within the clearance, and the owner, or no review roles, or a
 * review role the viewer holds; and the space is one the viewer may see (spaceVisibleTo). System accounts see no
 * documents.
 */
export function visibleTo(viewer: Viewer): SQL {
  if (viewer.system || viewer.grades.length === 0) return sql`false`;
  const shared = [
    eq(knowledgeDocuments.ownerId, viewer.id),
    sql`cardinality(${knowledgeDocuments.reviewRoles}) = 0`,
  ];
  if (viewer.roleIds.length) shared.push(arrayOverlaps(knowledgeDocuments.reviewRoles, viewer.roleIds));
  const spaces = sql`(SELECT ${knowledgeSpaces.id} FROM ${knowledgeSpaces} WHERE ${spaceVisibleTo(viewer)})`;
  return and(inArray(knowledgeDocuments.secrecy, viewer.grades), or(...shared), sql`${knowledgeDocuments.spaceId} IN ${spaces}`) as SQL;
}

/**
 * THE visibility rule of spaces (D93), used by the space list and, through visibleTo, by every document path: the
 * owner, or the space's departments and roles admit the viewer (identity/grant-rule.ts; none named: everyone).
 */
export function spaceVisibleTo(viewer: Viewer): SQL {
  if (viewer.system) return sql`false`;
  return or(eq(knowledgeSpaces.ownerId, viewer.id), grantedSql(knowledgeSpaces, viewer)) as SQL;
}

/** The same rule for a space at hand (the routes that name one). */
export function spaceVisible(space: typeof knowledgeSpaces.$inferSelect, viewer: Viewer): boolean {
  return !viewer.system && (space.ownerId === viewer.id || granted(space, viewer));
}
