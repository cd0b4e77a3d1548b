import { eq } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { users } from '../db/schema';
import { writeAudit } from './audit';
import { activeLock, clearFailures, recordFailure } from './lockout';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { findUserByUsername } from './users';

export type SignInResult =
  | { kind: 'ok'; token: string; expiresIn: number; userId: number }
  | { kind: 'denied' }
  | { kind: 'locked'; lockedUntil: Date };

/**
 * The password grant. Unknown user, wrong password and disabled account give the same answer
 * (and cost the same hashing); a locked account is refused whatever the password.
 */
export async function signIn(
  deps: Deps,
  credentials: { username: string; password: string },
  meta: { ip: string; userAgent: string },
): Promise<SignInResult> {
  const { username, password } = credentials;
  const anonymous: Actor = { id: null, username, ip: meta.ip, userAgent: meta.userAgent };
  const locked = await activeLock(deps, username);
  if (locked) {
    await writeAudit(deps, { actor: anonymous, action: 'login', target: username, detail: '账号已锁定', result: 'failure' });
    return { kind: 'locked', lockedUntil: locked };
  }
  const user = await findUserByUsername(deps, username);
  const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnVerify(password), false);
  if (!user || !valid || user.disabled) {
    const detail = !user ? '用户不存在' : user.disabled ? '账号已停用' : '密码错误';
    const actor = user ? { ...anonymous, id: user.id } : anonymous;
    await writeAudit(deps, { actor, action: 'login', target: username, detail, result: 'failure' });
    const lockedUntil = await recordFailure(deps, username, actor);
    return lockedUntil ? { kind: 'locked', lockedUntil } : { kind: 'denied' };
  }
  await clearFailures(deps, username);
  if (needsRehash(user.passwordHash)) {
    await deps.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  }
  const session = await createSession(deps, user.id, meta);
  await writeAudit(deps, { actor: { ...anonymous, id: user.id }, action: 'login', target: username, result: 'success' });
  return { kind: 'ok', ...session, userId: user.id };
}
