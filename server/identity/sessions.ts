import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Deps } from '../deps';
import { sessions, users } from '../db/schema';
import { cached, identityCacheOf, invalidateIdentity } from './identity-cache';
import { announceRevoked } from './session-watch';

/** The signed-in user as routes see it. */
export type SessionUser = {
  id: number;
  username: string;
  fullName: string;
  deptId: number;
  clearance: string;
  mustChangePassword: boolean;
  system: boolean;
};

/** An authenticated request's session. */
export type AuthSession = { tokenHash: string; user: SessionUser };

// Writing last_used_at on every request costs a write per call, so it is written at most once a minute. The stored
// last use can therefore lag the real one by up to that minute: the idle limit counts from the stored use plus this
// lag, so the server never ends a session before the client's idle clock (same setting, D92) would.
export const TOUCH_AFTER_MS = 60_000;

/** SHA-256 of a token, hex; only this is stored (D4). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns its opaque token (32 random bytes, base64url) and idle lifetime in seconds. */
export async function createSession(
  deps: Deps,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionMaxHours * 3_600_000),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 512),
  });
  return { token, expiresIn: deps.config.sessionIdleMinutes * 60 };
}

/** Resolves a token to its session, or null when unknown, expired (idle or absolute), or the user is disabled. */
export async function authenticate(deps: Deps, token: string): Promise<AuthSession | null> {
  if (!token || token.length > 256) return null;
  const tokenHash = hashToken(token);
  const row = await cached(deps.db, `session:${tokenHash}`, () => loadSession(deps, tokenHash));
  if (!row) return null;
  const now = deps.now().getTime();
  const idleMs = deps.config.sessionIdleMinutes * 60_000;
  if (now >= row.lastUsedAt.getTime() + idleMs + TOUCH_AFTER_MS && identityCacheOf(deps.db)) {
    // A kept copy may be idle only here: other processes on the database may have used the session since (their
    // touch is no signal, D61). The stored last use decides.
    const stored = await loadSession(deps, tokenHash);
    if (!stored) return null;
    row.lastUsedAt = stored.lastUsedAt;
  }
  const idleEnd = row.lastUsedAt.getTime() + idleMs + TOUCH_AFTER_MS;
  if (row.disabled || now >= idleEnd || now >= row.expiresAt.getTime()) {
    await revokeSession(deps, tokenHash);
    return null;
  }
  if (now - row.lastUsedAt.getTime() >= TOUCH_AFTER_MS) {
    await deps.db.update(sessions).set({ lastUsedAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
    // The cached copy learns the new last use, so the idle limit keeps counting from it.
    if (identityCacheOf(deps.db)?.get(`session:${tokenHash}`)) row.lastUsedAt = new Date(now);
  }
  const { lastUsedAt: _l, expiresAt: _e, disabled: _d, ...user } = row;
  return { tokenHash, user };
}

async function loadSession(deps: Deps, tokenHash: string) {
  const [row] = await deps.db
    .select({
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      deptId: users.deptId,
      clearance: users.clearance,
      mustChangePassword: users.mustChangePassword,
      system: users.system,
      disabled: users.disabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row ?? null;
}

/** Ends one session (logout). */
export async function revokeSession(deps: Pick<Deps, 'db'>, tokenHash: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  invalidateIdentity(deps.db);
  await announceRevoked(deps.db, { tokenHash });
}

/** Ends every session of a user, or every one but `exceptTokenHash` (password change). */
export async function revokeUserSessions(deps: Pick<Deps, 'db'>, userId: number, exceptTokenHash?: string): Promise<void> {
  const byUser = eq(sessions.userId, userId);
  await deps.db.delete(sessions).where(exceptTokenHash ? and(byUser, ne(sessions.tokenHash, exceptTokenHash)) : byUser);
  invalidateIdentity(deps.db);
  await announceRevoked(deps.db, { userIds: [userId], exceptTokenHash });
}

/** Ends every session of these users (their roles or grants changed; they sign in again to get the new ones). */
export async function revokeSessionsOfUsers(deps: Pick<Deps, 'db'>, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await deps.db.delete(sessions).where(inArray(sessions.userId, userIds));
  invalidateIdentity(deps.db);
  await announceRevoked(deps.db, { userIds });
}
