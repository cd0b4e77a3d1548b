// How many database sessions statements may hold at once, in this process: per connection (the company database
// sees no more than DB_CHAT_MAX_SESSIONS sessions of ours, idle ones included, as a session is only opened when no
// idle one is left) and per user (DB_CHAT_MAX_PER_USER, over all connections). A statement over either waits in
// line for up to DB_CHAT_QUEUE_MS, then gets 429 with a Chinese message naming the limit it met (D87).
import { HttpError } from '../http-error';

export type SessionLimits = { perConnection: number; perUser: number; waitMs: number };
type Key = { connection: number; user: number };
type Waiter = Key & { grant: () => void };

const busyByConnection = new Map<number, number>();
const busyByUser = new Map<number, number>();
const waiting: Waiter[] = [];

const countOf = (map: Map<number, number>, key: number) => map.get(key) ?? 0;

function bump(map: Map<number, number>, key: number, by: number): void {
  const n = countOf(map, key) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

function fits(key: Key, limits: SessionLimits): boolean {
  return countOf(busyByConnection, key.connection) < limits.perConnection && countOf(busyByUser, key.user) < limits.perUser;
}

/** The 429 of a statement that waited its time: the user's own limit when that is what held it, else the connection's. */
export function busyError(key: Key, limits: SessionLimits, name: string): HttpError {
  if (countOf(busyByUser, key.user) >= limits.perUser) {
    return new HttpError(429, `您同时执行的数据库查询已达上限（${limits.perUser} 条），请等当前查询结束后再试`);
  }
  return new HttpError(429, `数据库「${name}」同时执行的查询已达上限（${limits.perConnection} 条），请稍后再试`);
}

/**
 * Takes a place for one statement of `user` on `connection` (waiting in line while both limits are reached) and
 * answers the function that gives it back; throws a 429 HttpError when no place came within the wait.
 */
export function acquireSession(key: Key, limits: SessionLimits, name: string): Promise<() => void> {
  let released = false;
  const take = () => {
    bump(busyByConnection, key.connection, 1);
    bump(busyByUser, key.user, 1);
    return () => {
      if (released) return;
      released = true;
      bump(busyByConnection, key.connection, -1);
      bump(busyByUser, key.user, -1);
      wake(limits);
    };
  };
  // A release hands places to those waiting at once, so a free place here is one no waiter could use.
  if (fits(key, limits)) return Promise.resolve(take());
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      ...key,
      grant: () => {
        clearTimeout(timer);
        resolve(take());
      },
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(waiter), 1);
      reject(busyError(key, limits, name));
    }, limits.waitMs);
    waiting.push(waiter);
  });
}

/** Gives freed places to those waiting, first come first served, as far as the limits allow. */
function wake(limits: SessionLimits): void {
  for (let i = 0; i < waiting.length;) {
    const w = waiting[i];
    if (fits(w, limits)) {
      waiting.splice(i, 1);
      w.grant();
    } else i += 1;
  }
}

export const sessionLimitsOf = (config: { dbChatMaxSessions: number; dbChatMaxPerUser: number; dbChatQueueMs: number }): SessionLimits => ({
  perConnection: config.dbChatMaxSessions, perUser: config.dbChatMaxPerUser, waitMs: config.dbChatQueueMs,
});
