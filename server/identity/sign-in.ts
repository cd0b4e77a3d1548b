import { eq } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { users } from '../db/schema';
import { burnVerify, hashPassword, needsRehash, verifyPassword } from '../passwords/hash';
import { writeAudit } from './audit';
import { activeLock, clearFailures, recordFailure, triesLeft } from './lockout';
import { createSession } from './sessions';
import type { SignInThrottle, ThrottleRefusal } from './sign-in-throttle';
import { findUserByUsername } from './users';

export type SignInResult =
  | { kind: 'ok'; token: string; expiresIn: number; userId: number }
  | { kind: 'denied'; triesLeft: number }
  | { kind: 'locked'; lockedUntil: Date }
  | { kind: 'throttled'; retryAfterSeconds: number };

function throttleDetail(refusal: ThrottleRefusal, deps: Deps, ip: string): string {
  const { config } = deps;
  return refusal.scope === 'ip'
    ? `来源 ${ip} 在 ${config.loginIpWindowSeconds} 秒内登录失败 ${config.loginIpMaxFailures} 次，暂停其登录 ${refusal.retryAfterSeconds} 秒`
    : `来源 ${ip} 对该账号在 ${config.loginIpUserWindowSeconds} 秒内登录失败 ${config.loginIpUserMaxFailures} 次，暂停 ${refusal.retryAfterSeconds} 秒`;
}

/**
 * The password grant (D24). Throttled sources are refused first, from memory, before the database or a hash;
 * then a lock of the name (account-wide or for this source) refuses whatever the password. Unknown user, wrong
 * password and disabled account give the same answer and cost the same hashing. Failures never end open sessions.
 */
export async function signIn(
  deps: Deps,
  throttle: SignInThrottle,
  credentials: { username: string; password: string },
  meta: { ip: string; userAgent: string },
): Promise<SignInResult> {
  const { username, password } = credentials;
  const anonymous: Actor = { id: null, username, ip: meta.ip, userAgent: meta.userAgent };
  const throttled = await throttle.check(meta.ip, username);
  if (throttled) return { kind: 'throttled', retryAfterSeconds: throttled.retryAfterSeconds };

  const failed = async (actor: Actor, detail: string, lockedUntil?: Date): Promise<SignInResult> => {
    await writeAudit(deps, { actor, action: 'login', target: username, detail, result: 'failure' });
    for (const reached of await throttle.failed(meta.ip, username)) {
      await writeAudit(deps, { actor, action: 'login-throttle', target: username, detail: throttleDetail(reached, deps, meta.ip), result: 'failure' });
    }
    const lock = lockedUntil ?? (await recordFailure(deps, username, meta.ip, actor));
    return lock ? { kind: 'locked', lockedUntil: lock } : { kind: 'denied', triesLeft: await triesLeft(deps, username, meta.ip) };
  };

  const locked = await activeLock(deps, username, meta.ip);
  if (locked) return failed(anonymous, '账号已锁定', locked);
  const user = await findUserByUsername(deps, username);
  const valid = user ? await verifyPassword(user.passwordHash, password) : (await burnVerify(password), false);
  if (!user || !valid || user.disabled) {
    const detail = !user ? '用户不存在' : user.disabled ? '账号已停用' : '密码错误';
    return failed(user ? { ...anonymous, id: user.id } : anonymous, detail);
  }
  await clearFailures(deps, username, meta.ip);
  await throttle.succeeded(meta.ip, username);
  if (needsRehash(user.passwordHash)) {
    await deps.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  }
  const session = await createSession(deps, user.id, meta);
  await writeAudit(deps, { actor: { ...anonymous, id: user.id }, action: 'login', target: username, result: 'success' });
  return { kind: 'ok', ...session, userId: user.id };
}
