import { auditTime } from './audit-format';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Actor, Deps } from '../deps';
import { loginFailures, loginSourceFailures, users } from '../db/schema';
import { writeAudit } from './audit';
import { revokeUserSessions } from './sessions';

// Sign-in locks (D24). Failures count twice:
// - per user name and source address: LOGIN_MAX_FAILURES consecutive failures lock that name for that source
//   (等保: the user at the keyboard is stopped after a few tries);
// - per user name over every source: LOGIN_ACCOUNT_MAX_FAILURES within LOGIN_ACCOUNT_WINDOW_MINUTES lock the name
//   everywhere, for a shorter time (a guesser spreading tries over many addresses is stopped too).
// A lock only refuses new sign-ins: sessions already open go on (a failure is no proof against their holder).

const MINUTE = 60_000;

const later = (a: Date | null | undefined, b: Date | null | undefined) => (!a ? b ?? null : !b ? a : a > b ? a : b);
const active = (d: Date | null | undefined, now: Date) => (d && d.getTime() > now.getTime() ? d : null);

/** The lock that refuses a sign-in of `username` from `source` now (account-wide or this source's), or null. */
export async function activeLock(deps: Deps, username: string, source?: string): Promise<Date | null> {
  const now = deps.now();
  const [account] = await deps.db.select({ lockedUntil: loginFailures.lockedUntil }).from(loginFailures).where(eq(loginFailures.username, username));
  let lock = active(account?.lockedUntil, now);
  if (source !== undefined) {
    const [own] = await deps.db.select({ lockedUntil: loginSourceFailures.lockedUntil }).from(loginSourceFailures)
      .where(and(eq(loginSourceFailures.username, username), eq(loginSourceFailures.source, source)));
    lock = later(lock, active(own?.lockedUntil, now));
  }
  return lock;
}

/** Whether a name is locked anywhere (account-wide or for some source), and until when: what administrators see. */
export async function anyLock(deps: Deps, username: string): Promise<Date | null> {
  const [row] = await deps.db.select().from(loginFailures).where(eq(loginFailures.username, username));
  const now = deps.now();
  return later(active(row?.lockedUntil, now), active(row?.sourceLockedUntil, now));
}

/**
 * Counts one more failure of a user name (known or not, so answers never reveal whether an account exists)
 * from a source, and locks the name for that source, or everywhere, when a limit is reached.
 * Returns the lock that now refuses this source, if any.
 */
export async function recordFailure(deps: Deps, username: string, source: string, actor: Actor): Promise<Date | null> {
  const now = deps.now();
  const { config } = deps;
  const result = await deps.db.transaction(async (tx) => {
    const [own] = await tx.select().from(loginSourceFailures)
      .where(and(eq(loginSourceFailures.username, username), eq(loginSourceFailures.source, source))).for('update');
    // A lock that has run out starts a fresh count.
    const ownFailures = !own || (own.lockedUntil && own.lockedUntil <= now) ? 1 : own.failures + 1;
    const sourceLock = ownFailures >= config.loginMaxFailures ? new Date(now.getTime() + config.loginLockMinutes * MINUTE) : null;
    await tx.insert(loginSourceFailures)
      .values({ username, source, failures: ownFailures, lastFailureAt: now, lockedUntil: sourceLock })
      .onConflictDoUpdate({
        target: [loginSourceFailures.username, loginSourceFailures.source],
        set: { failures: ownFailures, lastFailureAt: now, lockedUntil: sourceLock },
      });

    const [account] = await tx.select().from(loginFailures).where(eq(loginFailures.username, username)).for('update');
    const windowOver = !account?.windowStart || account.windowStart.getTime() + config.loginAccountWindowMinutes * MINUTE <= now.getTime();
    const lockOver = account?.lockedUntil != null && account.lockedUntil <= now;
    const fresh = !account || windowOver || lockOver;
    const failures = fresh ? 1 : account.failures + 1;
    const windowStart = fresh ? now : account.windowStart;
    const previousLock = active(account?.lockedUntil, now);
    const accountLock = previousLock ?? (failures >= config.loginAccountMaxFailures
      ? new Date(now.getTime() + config.loginAccountLockMinutes * MINUTE) : null);
    const sourceLockedUntil = later(active(account?.sourceLockedUntil, now), sourceLock);
    const row = { failures, windowStart, lastFailureAt: now, lockedUntil: accountLock, sourceLockedUntil };
    await tx.insert(loginFailures).values({ username, ...row })
      .onConflictDoUpdate({ target: loginFailures.username, set: row });
    return { sourceLock, accountLock: previousLock ? null : accountLock, failures, ownFailures };
  });
  if (result.sourceLock) {
    await writeAudit(deps, {
      actor, action: 'lock', target: username, result: 'success',
      detail: `来自 ${source} 连续 ${result.ownFailures} 次登录失败，该来源锁定至 ${auditTime(result.sourceLock)}（北京时间）`,
    });
  }
  if (result.accountLock) {
    await writeAudit(deps, {
      actor, action: 'lock', target: username, result: 'success',
      detail: `${config.loginAccountWindowMinutes} 分钟内登录失败 ${result.failures} 次，账号锁定至 ${auditTime(result.accountLock)}（北京时间）`,
    });
  }
  return later(result.sourceLock, result.accountLock);
}

/** From this many tries left on, a refused sign-in says how many remain (D92). */
export const WARN_TRIES_LEFT = 2;

/**
 * Failures this name may still have from this source before a lock (the nearer of the source's and the
 * account-wide limit). Counted the same for unknown names, so the answer reveals nothing about the account.
 */
export async function triesLeft(deps: Deps, username: string, source: string): Promise<number> {
  const [own] = await deps.db.select({ failures: loginSourceFailures.failures }).from(loginSourceFailures)
    .where(and(eq(loginSourceFailures.username, username), eq(loginSourceFailures.source, source)));
  const [account] = await deps.db.select({ failures: loginFailures.failures }).from(loginFailures).where(eq(loginFailures.username, username));
  const { loginMaxFailures, loginAccountMaxFailures } = deps.config;
  return Math.max(0, Math.min(loginMaxFailures - (own?.failures ?? 0), loginAccountMaxFailures - (account?.failures ?? 0)));
}

/** After a successful sign-in: forgets this source's failures and the account-wide count. */
export async function clearFailures(deps: Pick<Deps, 'db' | 'now'>, username: string, source: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(loginSourceFailures).where(and(eq(loginSourceFailures.username, username), eq(loginSourceFailures.source, source)));
    const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.username, username)).for('update');
    if (!row) return;
    // Other sources may still be locked: keep the latest of their locks for the administrators' view.
    const [other] = await tx.select({ until: max(loginSourceFailures.lockedUntil) }).from(loginSourceFailures)
      .where(and(eq(loginSourceFailures.username, username), gt(loginSourceFailures.lockedUntil, now)));
    if (!other?.until) await tx.delete(loginFailures).where(eq(loginFailures.username, username));
    else await tx.update(loginFailures).set({ failures: 0, windowStart: null, lockedUntil: null, sourceLockedUntil: other.until }).where(eq(loginFailures.username, username));
  });
}

/** Locks an account everywhere, for the configured time or until `until`, and ends its sessions (an administrator's act). */
export async function lockAccount(deps: Deps, username: string, actor: Actor, until?: Date): Promise<Date> {
  const now = deps.now();
  const lockedUntil = until ?? new Date(now.getTime() + deps.config.loginLockMinutes * MINUTE);
  await deps.db
    .insert(loginFailures)
    .values({ username, failures: 0, lastFailureAt: now, lockedUntil })
    .onConflictDoUpdate({ target: loginFailures.username, set: { lockedUntil, lastFailureAt: now } });
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (user) await revokeUserSessions(deps, user.id);
  await writeAudit(deps, { actor, action: 'lock', target: username, result: 'success', detail: `锁定至 ${auditTime(lockedUntil)}（北京时间）` });
  return lockedUntil;
}

/** Removes every failure count and lock of a name (unlock-user, audited by its route). */
export async function forgetFailures(deps: Pick<Deps, 'db'>, username: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(loginSourceFailures).where(eq(loginSourceFailures.username, username));
    await tx.delete(loginFailures).where(eq(loginFailures.username, username));
  });
}

/** SQL: the latest lock of a name still in force (account-wide or of a source), for lists. */
export const lockEndColumn = sql<Date | null>`greatest(${loginFailures.lockedUntil}, ${loginFailures.sourceLockedUntil})`.mapWith(loginFailures.lockedUntil);
