import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { RoleMember } from '../../../contract/api';
import type { Deps } from '../../deps';
import { departments, roles, userRoles, users } from '../../db/schema';
import { badRequest } from '../../http-error';
import { revokeSessionsOfUsers } from '../../identity/sessions';
import type { RoleRow } from './roles';

/** Ends every session of these users (their grants changed; they sign in again to get the new ones). */
export const revokeSessionsOf = revokeSessionsOfUsers;

/** The members of a role with their departments, by username. */
export async function membersOf(deps: Pick<Deps, 'db'>, roleId: number): Promise<RoleMember[]> {
  return deps.db
    .select({
      id: users.id, username: users.username, fullName: users.fullName, deptName: departments.name, disabled: users.disabled,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(departments, eq(departments.id, users.deptId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(asc(users.sort), asc(users.username));
}

/** What a member change did, for the audit entry. */
export type MemberChange = { added: string[]; removed: string[] };

/** A short list of names for the audit detail. */
function names(list: string[]): string {
  return list.length > 20 ? `${list.slice(0, 20).join('、')} 等 ${list.length} 人` : list.join('、');
}

export function describeMemberChange(change: MemberChange): string {
  const parts = [];
  if (change.added.length > 0) parts.push(`新增 ${names(change.added)}`);
  if (change.removed.length > 0) parts.push(`移除 ${names(change.removed)}`);
  return parts.join('；') || '成员未变化';
}

/**
 * Replaces the members of an ordinary role. System roles belong to their system accounts and keep them;
 * system accounts never join ordinary roles; unknown users are refused. Added and removed users are signed out.
 */
export async function replaceMembers(deps: Deps, role: RoleRow, userIds: number[]): Promise<MemberChange> {
  if (role.system) throw badRequest('系统角色的成员不能修改');
  const wanted = [...new Set(userIds)];
  const found = wanted.length > 0
    ? await deps.db.select({ id: users.id, username: users.username, system: users.system }).from(users).where(inArray(users.id, wanted))
    : [];
  const missing = wanted.filter((id) => !found.some((u) => u.id === id));
  if (missing.length > 0) throw badRequest(`用户不存在：${missing.slice(0, 20).join('、')}`);
  const system = found.filter((u) => u.system);
  if (system.length > 0) throw badRequest(`系统账号不能分配到普通角色：${system.map((u) => u.username).join('、')}`);

  const change: MemberChange = { added: [], removed: [] };
  const affected: number[] = [];
  await deps.db.transaction(async (tx) => {
    // Lock the role row so two concurrent replacements of the same role do not interleave.
    await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role.id)).for('update');
    const before = await tx
      .select({ id: users.id, username: users.username })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(userRoles.roleId, role.id));
    const removed = before.filter((u) => !wanted.includes(u.id));
    const added = found.filter((u) => !before.some((b) => b.id === u.id));
    if (removed.length > 0) {
      await tx.delete(userRoles).where(and(eq(userRoles.roleId, role.id), wanted.length > 0 ? notInArray(userRoles.userId, wanted) : undefined));
    }
    if (added.length > 0) {
      await tx.insert(userRoles).values(added.map((u) => ({ userId: u.id, roleId: role.id }))).onConflictDoNothing();
    }
    if (added.length > 0 || removed.length > 0) {
      await tx.update(roles).set({ updatedAt: deps.now() }).where(eq(roles.id, role.id));
    }
    change.added = added.map((u) => u.username);
    change.removed = removed.map((u) => u.username);
    affected.push(...added.map((u) => u.id), ...removed.map((u) => u.id));
  });
  await revokeSessionsOf(deps, affected);
  return change;
}
