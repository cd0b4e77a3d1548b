import { asc, eq } from 'drizzle-orm';
import type { UserCreateBody, UserUpdateBody } from '../../../contract/api';
import { userFieldProblems } from '../../../contract/api/sys-mgr/user-rules';
import { departments, loginFailures, loginSourceFailures, secrecyGrades, users } from '../../db/schema';
import type { Actor, Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { revokeUserSessions } from '../../identity/sessions';
import { findUserById, findUserByUsername, setUserClearance, setUserDisabled, type UserRow } from '../../identity/users';
import { generatePassword, hashPassword } from '../../passwords/hash';
import { reserveSeats } from './licence';

/** A user that exists, or 404. */
export async function requireUser(deps: Deps, id: number): Promise<UserRow> {
  const user = await findUserById(deps, id);
  if (!user) throw new HttpError(404, '用户不存在');
  return user;
}

/** The lowest secrecy grade: a new user's clearance until the security administrator changes it. */
export async function lowestGrade(deps: Pick<Deps, 'db'>): Promise<string> {
  const [row] = await deps.db.select({ code: secrecyGrades.code }).from(secrecyGrades).orderBy(asc(secrecyGrades.rank)).limit(1);
  if (!row) throw new Error('no secrecy grades');
  return row.code;
}

async function assertDeptExists(deps: Deps, deptId: number): Promise<void> {
  const [dept] = await deps.db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
  if (!dept) throw badRequest('所属部门不存在');
}

function clean<T extends { fullName: string; mobile?: string; phone?: string; email?: string; position?: string; remark?: string }>(b: T) {
  return {
    fullName: b.fullName.trim(),
    mobile: (b.mobile ?? '').trim(),
    phone: (b.phone ?? '').trim(),
    email: (b.email ?? '').trim(),
    position: (b.position ?? '').trim(),
    remark: (b.remark ?? '').trim(),
  };
}

/** Creates an ordinary user with a generated password it must change at first sign-in. */
export async function createUser(deps: Deps, body: UserCreateBody): Promise<{ id: number; password: string }> {
  const problems = userFieldProblems(body);
  if (problems.length) throw badRequest(problems.join('；'));
  const username = body.username.trim();
  if (await findUserByUsername(deps, username)) throw badRequest(`用户名 ${username} 已存在`);
  await assertDeptExists(deps, body.deptId);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const clearance = await lowestGrade(deps);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    await reserveSeats(tx, deps, 1, '新增用户');
    const [row] = await tx
      .insert(users)
      .values({
        username, ...clean(body), deptId: body.deptId, sort: body.sort ?? 0, passwordHash, mustChangePassword: true,
        clearance, createdAt: now, updatedAt: now,
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!row) throw badRequest(`用户名 ${username} 已存在`);
    return row.id;
  });
  return { id, password };
}

/** Updates an ordinary user's profile; the username and system accounts cannot change. */
export async function updateUser(deps: Deps, body: UserUpdateBody): Promise<UserRow> {
  const user = await requireUser(deps, body.id);
  if (user.system) throw badRequest('系统账号不能编辑');
  if (body.username !== undefined && body.username.trim() !== user.username) throw badRequest('用户名不能修改');
  const problems = userFieldProblems(body, { checkUsername: false });
  if (problems.length) throw badRequest(problems.join('；'));
  await assertDeptExists(deps, body.deptId);
  await deps.db
    .update(users)
    .set({ ...clean(body), deptId: body.deptId, ...(body.sort !== undefined ? { sort: body.sort } : {}), updatedAt: deps.now() })
    .where(eq(users.id, user.id));
  return user;
}

/** Deletes an ordinary user (never a system account nor the caller); its sessions go with it. */
export async function deleteUser(deps: Deps, id: number, actor: Actor): Promise<UserRow> {
  const user = await requireUser(deps, id);
  if (user.system) throw badRequest('系统账号不能删除');
  if (user.id === actor.id) throw badRequest('不能删除自己的账号');
  try {
    await deps.db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, user.id));
      await tx.delete(loginFailures).where(eq(loginFailures.username, user.username));
      await tx.delete(loginSourceFailures).where(eq(loginSourceFailures.username, user.username));
    });
  } catch (err) {
    // Knowledge spaces and documents keep their owner: such a user is disabled, not deleted.
    if (isForeignKeyViolation(err)) throw badRequest(`用户「${user.fullName}」还拥有知识空间或文档，不能删除，可改为停用`);
    throw err;
  }
  await revokeUserSessions(deps, user.id);
  return user;
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** Gives an ordinary user a new random password it must change at the next sign-in; ends its sessions. */
export async function resetPassword(deps: Deps, id: number): Promise<{ user: UserRow; password: string }> {
  const user = await requireUser(deps, id);
  if (user.system) throw badRequest('系统账号的密码不能在此重置');
  const password = generatePassword();
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: deps.now() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(deps, user.id);
  return { user, password };
}

/** Disables (ending every session) or enables a user; enabling takes a licence seat. */
export async function setDisabled(deps: Deps, id: number, disabled: boolean, actor: Actor): Promise<UserRow> {
  const user = await requireUser(deps, id);
  if (user.system) throw badRequest(disabled ? '系统账号不能停用' : '系统账号不能启用');
  if (user.id === actor.id) throw badRequest('不能停用自己的账号');
  if (user.disabled === disabled) return user;
  if (!disabled) {
    await deps.db.transaction(async (tx) => {
      await reserveSeats(tx, deps, 1, '启用用户');
      await tx.update(users).set({ disabled: false, updatedAt: deps.now() }).where(eq(users.id, user.id));
    });
    return user;
  }
  // The route's audit hook writes the entry (with failures too), so the service does not.
  await setUserDisabled(deps, user.id, true, actor, { audit: false });
  return user;
}

/** Sets an ordinary user's clearance to a known grade; ends its sessions. */
export async function setClearance(deps: Deps, id: number, clearance: string, actor: Actor): Promise<UserRow> {
  const user = await requireUser(deps, id);
  if (user.system) throw badRequest('系统账号的密级不能修改');
  const [grade] = await deps.db.select().from(secrecyGrades).where(eq(secrecyGrades.code, clearance));
  if (!grade) throw badRequest(`密级 ${clearance} 不存在`);
  await setUserClearance(deps, user.id, clearance, actor, { audit: false });
  return user;
}
