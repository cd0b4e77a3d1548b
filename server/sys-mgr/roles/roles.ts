import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, type RoleItem, type RoleListQuery, type RoleOption, type RolePage,
} from '../../../contract/api';
import { hasSpecialChars } from '../../../contract/validation/validators';
import type { Deps } from '../../deps';
import { knowledgeDocuments, roles, userRoles } from '../../db/schema';
import { badRequest, HttpError } from '../../http-error';

/** A role row as stored. */
export type RoleRow = typeof roles.$inferSelect;

/** Page size when the caller asks for a page without a limit. */
const DEFAULT_LIMIT = 25;

/** The role or 404 角色不存在. */
export async function requireRole(deps: Pick<Deps, 'db'>, id: number): Promise<RoleRow> {
  const [row] = await deps.db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new HttpError(404, '角色不存在');
  return row;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const memberCount = sql<number>`cast(count(${userRoles.userId}) as integer)`;

function toItem(row: RoleRow & { memberCount: number }): RoleItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    system: row.system ? 'true' : 'false',
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Roles with their member counts: a page when `page` is given, else all of them. */
export async function listRoles(deps: Pick<Deps, 'db'>, query: RoleListQuery): Promise<RolePage> {
  const keyword = query.keyword?.trim() ?? '';
  const where: SQL | undefined = keyword
    ? or(ilike(roles.name, likePattern(keyword)), ilike(roles.description, likePattern(keyword)))
    : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(roles).where(where);
  const dir = query.direction === 'ASC' ? asc : desc;
  const order = query.property === 'name' ? [dir(roles.name)]
    : query.property === 'memberCount' ? [dir(memberCount)]
      : query.property === 'createdAt' ? [dir(roles.createdAt)]
        : [desc(roles.system)];
  const base = deps.db
    .select({
      id: roles.id, name: roles.name, description: roles.description, system: roles.system,
      createdAt: roles.createdAt, updatedAt: roles.updatedAt, memberCount,
    })
    .from(roles)
    .leftJoin(userRoles, eq(userRoles.roleId, roles.id))
    .where(where)
    .groupBy(roles.id)
    .orderBy(...order, asc(roles.id));
  if (query.page === undefined) {
    const rows = await base;
    return { list: rows.map(toItem), total, page: 1, pageSize: rows.length };
  }
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = await base.limit(limit).offset((query.page - 1) * limit);
  return { list: rows.map(toItem), total, page: query.page, pageSize: limit };
}

/** One role with its member count. */
export async function getRole(deps: Pick<Deps, 'db'>, id: number): Promise<RoleItem> {
  const role = await requireRole(deps, id);
  const [{ n }] = await deps.db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  return toItem({ ...role, memberCount: n });
}

/** `{ name, id }` of the ordinary (non-system) roles, by name, for selects. */
export async function roleOptions(deps: Pick<Deps, 'db'>): Promise<RoleOption[]> {
  return deps.db
    .select({ name: roles.name, id: roles.id })
    .from(roles)
    .where(eq(roles.system, false))
    .orderBy(asc(roles.id));
}

/** Checks a role's name and description; answers them trimmed or throws 400 with the field's Chinese name. */
export function checkRoleFields(name: string, description: string | undefined): { name: string; description: string } {
  const n = name.trim();
  const d = (description ?? '').trim();
  if (!n) throw badRequest('角色名称不能为空');
  if (Array.from(n).length > ROLE_NAME_MAX) throw badRequest(`角色名称长度不能超过 ${ROLE_NAME_MAX} 个字符`);
  if (hasSpecialChars(n)) throw badRequest('角色名称不能包含特殊字符');
  if (Array.from(d).length > ROLE_DESCRIPTION_MAX) throw badRequest(`角色描述长度不能超过 ${ROLE_DESCRIPTION_MAX} 个字符`);
  return { name: n, description: d };
}

/** Refuses a name another role already has (case-insensitive, so 研发A and 研发a are not both made). */
export async function assertNameFree(deps: Pick<Deps, 'db'>, name: string, exceptId?: number): Promise<void> {
  const same = ilike(roles.name, name.replace(/[\\%_]/g, (c) => `\\${c}`));
  const where = exceptId === undefined ? same : and(same, sql`${roles.id} <> ${exceptId}`);
  const [clash] = await deps.db.select({ id: roles.id }).from(roles).where(where).limit(1);
  if (clash) throw badRequest(`角色名称“${name}”已存在`);
}


/** Ids of a role's members. */
export async function memberIdsOf(deps: Pick<Deps, 'db'>, roleId: number): Promise<number[]> {
  const rows = await deps.db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.id);
}

/** Ids of the members of several roles. */
export async function memberIdsOfRoles(deps: Pick<Deps, 'db'>, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await deps.db.selectDistinct({ id: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds));
  return rows.map((r) => r.id);
}

/**
 * Refuses to delete a role that documents name as a review role. Dropping it from them could leave a
 * document with no review role, which means visible to everyone cleared for its grade: a silent widening.
 */
export async function assertNotReviewRole(deps: Pick<Deps, 'db'>, role: RoleRow): Promise<void> {
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(knowledgeDocuments)
    .where(sql`${knowledgeDocuments.reviewRoles} @> array[${role.id}]::integer[]`);
  if (n > 0) throw badRequest(`角色“${role.name}”是 ${n} 个知识文档的审阅角色，请先修改这些文档的审阅角色再删除`);
}
