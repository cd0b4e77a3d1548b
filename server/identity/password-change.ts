import { eq } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { users } from '../db/schema';
import { HttpError } from '../http-error';
import { hashPassword, verifyPassword } from '../passwords/hash';
import { checkPasswordPolicy } from '../passwords/policy';
import { writeAudit } from './audit';
import { recordFailure } from './lockout';
import { revokeSession, revokeUserSessions, type AuthSession } from './sessions';
import { findUserById } from './users';

/**
 * Changes the caller's own password: the current one is required (a wrong one counts towards
 * the lock of its address, D24), the new one must pass the policy; clears mustChangePassword and ends the user's other sessions.
 */
export async function changeOwnPassword(
  deps: Deps,
  session: AuthSession,
  passwords: { oldPassword: string; newPassword: string },
  actor: Actor,
): Promise<void> {
  const user = await findUserById(deps, session.user.id);
  if (!user) throw new HttpError(401, '登录信息无效，请重新登录');
  const fail = async (message: string) => {
    await writeAudit(deps, { actor, action: 'password-change', target: user.username, detail: message, result: 'failure' });
    return new HttpError(400, message);
  };
  if (!(await verifyPassword(user.passwordHash, passwords.oldPassword))) {
    const err = await fail('原密码不正确');
    // Guessing through a session counts like failed sign-ins from its address; reaching the lock also ends
    // this session, so a taken-over session cannot keep guessing (the owner's other sessions go on).
    if (await recordFailure(deps, user.username, actor.ip, actor)) await revokeSession(deps, session.tokenHash);
    throw err;
  }
  const problem = checkPasswordPolicy(passwords.newPassword, user.username);
  if (problem) throw await fail(problem.zh);
  if (passwords.newPassword === passwords.oldPassword) throw await fail('新密码不能与原密码相同');
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(passwords.newPassword), mustChangePassword: false, updatedAt: deps.now() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(deps, user.id, session.tokenHash);
  await writeAudit(deps, { actor, action: 'password-change', target: user.username, result: 'success' });
}
