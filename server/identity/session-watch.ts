// Who is told when sessions end (issue 11 §4): an answer streaming to a session must stop within a second of the
// session's revocation (logout, disable, lock, a role or clearance change, a grant taken away: each ends the
// user's sessions, D4). Revocations in this process notify at once; with a shared PostgreSQL another process's
// revocations arrive as signals (kb_sessions, D61), and a watch also polls its session row every second (signals
// are lost while a listening connection is down).
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { notifierOf } from '../db/client';
import type { Notifier } from '../db/notify';
import { sessions } from '../db/schema';

type Watcher = { tokenHash: string; userId: number; onRevoked: () => void };
type Db = Deps['db'];

// Per database: tests run several apps (and user ids repeat between their databases) in one process.
const watchersByDb = new WeakMap<Db, Set<Watcher>>();

/** Which sessions a revocation ended. */
export type Revoked = { tokenHash: string } | { userIds: number[]; exceptTokenHash?: string };

/** Tells the watchers of the sessions a revocation ended (called by every function of sessions.ts that ends them). */
export function sessionsRevoked(db: Db, revoked: Revoked): void {
  const watchers = watchersByDb.get(db);
  if (!watchers?.size) return;
  for (const w of [...watchers]) {
    const hit = 'tokenHash' in revoked
      ? w.tokenHash === revoked.tokenHash
      : revoked.userIds.includes(w.userId) && w.tokenHash !== revoked.exceptTokenHash;
    if (hit) {
      watchers.delete(w);
      w.onRevoked();
    }
  }
}

/** Tells this process's watchers, and on PostgreSQL every other process's, of the sessions a revocation ended. */
export async function announceRevoked(db: Db, revoked: Revoked): Promise<void> {
  sessionsRevoked(db, revoked);
  const notifier = notifierOf(db);
  if (notifier?.shared) await notifier.publish('kb_sessions', JSON.stringify(revoked));
}

/** Applies the revocations other processes signal to this process's watchers; returns the function that stops. */
export function followRevocations(db: Db, notifier: Notifier): () => void {
  return notifier.on('kb_sessions', (payload) => {
    let revoked: Revoked;
    try {
      revoked = JSON.parse(payload) as Revoked;
    } catch {
      return;
    }
    sessionsRevoked(db, revoked);
  });
}

export const POLL_SESSION_MS = 1000;

/**
 * Calls `onRevoked` once when the session ends; `poll` also reads the session row every second (another process
 * may end it). Returns the function that stops watching.
 */
export function watchSession(
  deps: Pick<Deps, 'db'>, session: { tokenHash: string; userId: number }, onRevoked: () => void, options: { poll: boolean },
): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    stop();
    onRevoked();
  };
  const watcher: Watcher = { ...session, onRevoked: fire };
  const watchers = watchersByDb.get(deps.db) ?? new Set<Watcher>();
  watchersByDb.set(deps.db, watchers);
  watchers.add(watcher);
  const timer = options.poll
    ? setInterval(() => {
      void deps.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, session.tokenHash))
        .then((rows) => rows.length === 0 && fire(), () => undefined);
    }, POLL_SESSION_MS)
    : null;
  timer?.unref();
  function stop() {
    done = true;
    watchers.delete(watcher);
    if (timer) clearInterval(timer);
  }
  return stop;
}
