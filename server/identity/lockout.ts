import { eq } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { loginFailures, users } from '../db/schema';
import { writeAudit } from './audit';
import { revokeUserSessions } from './sessions';

/** The lock of a username, or null when it is not locked now. */
export async function activeLock(deps: Deps, username: string): Promise<Date | null> {
  const [row] = await deps.db.select().from(loginFailures).where(eq(loginFailures.username, username));
  if (!row?.lockedUntil) return null;
  return row.lockedUntil.getTime() > deps.now().getTime() ? row.lockedUntil : null;
}

/**
 * Counts one more consecutive failure for a username (known or not, so answers never reveal
 * whether an account exists) and locks it when the limit is reached. Returns the new lock, if any.
 */
export async function recordFailure(deps: Deps, username: string, actor: Actor): Promise<Date | null> {
  const now = deps.now();
  const lockedUntil = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.username, username)).for('update');
    // A lock that has run out starts a fresh count.
    const expired = row?.lockedUntil != null && row.lockedUntil.getTime() <= now.getTime();
    const failures = !row || expired ? 1 : row.failures + 1;
    const lock = failures >= deps.config.loginMaxFailures
      ? new Date(now.getTime() + deps.config.loginLockMinutes * 60_000)
      : null;
    await tx
      .insert(loginFailures)
      .values({ username, failures, lastFailureAt: now, lockedUntil: lock })
      .onConflictDoUpdate({ target: loginFailures.username, set: { failures, lastFailureAt: now, lockedUntil: lock } });
    return lock;
  });
  if (lockedUntil) {
    await revokeSessionsOfUsername(deps, username);
    await writeAudit(deps, {
      actor, action: 'lock', target: username, result: 'success',
      detail: `连续 ${deps.config.loginMaxFailures} 次登录失败，锁定至 ${lockedUntil.toISOString()}`,
    });
  }
  return lockedUntil;
}

/** Forgets the failures of a username (after a successful sign-in). */
export async function clearFailures(deps: Pick<Deps, 'db'>, username: string): Promise<void> {
  await deps.db.delete(loginFailures).where(eq(loginFailures.username, username));
}

/** Locks an account now, for the configured time or until `until`, and ends its sessions. */
export async function lockAccount(deps: Deps, username: string, actor: Actor, until?: Date): Promise<Date> {
  const now = deps.now();
  const lockedUntil = until ?? new Date(now.getTime() + deps.config.loginLockMinutes * 60_000);
  await deps.db
    .insert(loginFailures)
    .values({ username, failures: deps.config.loginMaxFailures, lastFailureAt: now, lockedUntil })
    .onConflictDoUpdate({ target: loginFailures.username, set: { lockedUntil, lastFailureAt: now } });
  await revokeSessionsOfUsername(deps, username);
  await writeAudit(deps, { actor, action: 'lock', target: username, result: 'success', detail: `锁定至 ${lockedUntil.toISOString()}` });
  return lockedUntil;
}

/** Lifts a lock and resets the failure count (security administrator). */
export async function unlockAccount(deps: Deps, username: string, actor: Actor): Promise<void> {
  await clearFailures(deps, username);
  await writeAudit(deps, { actor, action: 'unlock', target: username, result: 'success' });
}

async function revokeSessionsOfUsername(deps: Deps, username: string): Promise<void> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (user) await revokeUserSessions(deps, user.id);
}
