import { gradeChange, roleNames } from './audit-format';
import { eq } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { secrecyGrades, userRoles, users } from '../db/schema';
import { HttpError } from '../http-error';
import { writeAudit } from './audit';
import { revokeUserSessions } from './sessions';

/** `audit: false` when the calling route's audit hook writes the entry itself (management calls). */
export type AuditOption = { audit?: boolean };

/** A user row as stored. */
export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(deps: Pick<Deps, 'db'>, username: string): Promise<UserRow | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.username, username));
  return row ?? null;
}

export async function findUserById(deps: Pick<Deps, 'db'>, id: number): Promise<UserRow | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

async function requireUser(deps: Deps, id: number): Promise<UserRow> {
  const user = await findUserById(deps, id);
  if (!user) throw new HttpError(404, '用户不存在');
  return user;
}

/** Disables or re-enables a user; disabling ends every session of the user at once. */
export async function setUserDisabled(
  deps: Deps, userId: number, disabled: boolean, actor: Actor, options: AuditOption = {},
): Promise<void> {
  const user = await requireUser(deps, userId);
  if (user.system) throw new HttpError(400, '系统账号不能停用');
  await deps.db.update(users).set({ disabled, updatedAt: deps.now() }).where(eq(users.id, userId));
  if (disabled) await revokeUserSessions(deps, userId);
  if (options.audit === false) return;
  await writeAudit(deps, { actor, action: 'user-disable', target: user.username, detail: disabled ? '停用' : '启用', result: 'success' });
}

/** Replaces a user's roles; ends the user's sessions so new grants apply from the next sign-in. */
export async function setUserRoles(deps: Deps, userId: number, roleIds: number[], actor: Actor): Promise<void> {
  const user = await requireUser(deps, userId);
  if (user.system) throw new HttpError(400, '系统账号的角色不能修改');
  await deps.db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
    await tx.update(users).set({ updatedAt: deps.now() }).where(eq(users.id, userId));
  });
  await revokeUserSessions(deps, userId);
  await writeAudit(deps, { actor, action: 'user-roles', target: user.username, detail: `角色：${await roleNames(deps, roleIds)}`, result: 'success' });
}

/** Changes a user's clearance (密级); ends the user's sessions so nothing stale keeps the old clearance. */
export async function setUserClearance(
  deps: Deps, userId: number, gradeCode: string, actor: Actor, options: AuditOption = {},
): Promise<void> {
  const user = await requireUser(deps, userId);
  const [grade] = await deps.db.select().from(secrecyGrades).where(eq(secrecyGrades.code, gradeCode));
  if (!grade) throw new HttpError(400, `密级 ${gradeCode} 不存在`);
  await deps.db.update(users).set({ clearance: gradeCode, updatedAt: deps.now() }).where(eq(users.id, userId));
  await revokeUserSessions(deps, userId);
  if (options.audit === false) return;
  await writeAudit(deps, {
    actor, action: 'user-clearance', target: user.username, detail: await gradeChange(deps, user.clearance, gradeCode), result: 'success',
  });
}
