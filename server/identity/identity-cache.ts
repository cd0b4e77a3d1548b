import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import type { Notifier } from '../db/notify';

/** When the request being handled arrived (performance.now()), set for the whole request by `sinceArrival`. */
const arrivals = new AsyncLocalStorage<number>();

/** Runs the rest of a request (`next`) with its arrival time known to the identity cache (an onRequest hook). */
export function sinceArrival(next: () => void): void {
  arrivals.run(performance.now(), next);
}

/**
 * Per-process memory of who a session is and what the user may do.
 *
 * It is emptied on every write made by this process, and on PostgreSQL (several processes, D61) by every write
 * another process signals (kb_identity, kb_sessions over LISTEN/NOTIFY). Before an entry is used there, a round
 * trip on the listening connection (`sync`, shared by concurrent requests) makes sure every signal committed
 * before the request arrived has been applied: revocation, role, clearance and grant changes made on any process
 * take effect on the very next request. Without a listening connection nothing is kept.
 * Entries are stored only if no write happened while they were read (the generation check).
 */
export class IdentityCache {
  private generation = 0;
  private readonly entries = new Map<string, unknown>();
  /** A sync asked for at this time (or later) succeeded: signals committed before it have all been applied. */
  private syncedFrom = -Infinity;

  /** PostgreSQL: answers once other processes' signals are applied, false when that cannot be known. */
  constructor(readonly sync: (() => Promise<boolean>) | null = null) {}

  /**
   * Whether entries may be used now (after applying other processes' signals); one process: no wait at all. A
   * request that arrived before a successful sync was asked for needs no other: the second and later cached
   * reads of a request, and requests arriving together, share one round trip.
   */
  usable(): boolean | Promise<boolean> {
    if (this.sync === null) return true;
    const arrived = arrivals.getStore();
    if (arrived !== undefined && arrived <= this.syncedFrom) return true;
    const asked = performance.now();
    return this.sync().then((ok) => {
      if (ok && asked > this.syncedFrom) this.syncedFrom = asked;
      return ok;
    });
  }

  /** Signals may have been missed (the listening connection was lost): the next read syncs again. */
  forgetSync(): void {
    this.syncedFrom = -Infinity;
  }

  /** The current generation; pass it to `set` after reading from the database. */
  begin(): number {
    return this.generation;
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  /** Keeps a value read at `generation`; nothing is kept for a miss, so unknown tokens cannot fill memory. */
  set(key: string, value: unknown, generation: number): void {
    if (value !== null && value !== undefined && generation === this.generation) this.entries.set(key, value);
  }

  /** Forgets everything; called after every write that may touch identity data. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<Db, IdentityCache>();

/**
 * Turns the cache on for a database; with a shared notifier (PostgreSQL) it follows other processes' signals.
 * Returns the cache and the function that stops following them.
 */
export function enableIdentityCache(db: Db, notifier?: Notifier): { cache: IdentityCache; detach: () => void } {
  const shared = notifier?.shared === true;
  const cache = new IdentityCache(shared ? () => notifier.sync() : null);
  caches.set(db, cache);
  if (!shared) return { cache, detach: () => undefined };
  const clear = () => cache.clear();
  const reset = () => {
    cache.forgetSync();
    cache.clear();
  };
  const offs = [notifier.on('kb_identity', clear), notifier.on('kb_sessions', clear), notifier.onReset(reset)];
  return { cache, detach: () => offs.forEach((off) => off()) };
}

/** The cache of a database, or undefined when none is enabled. */
export function identityCacheOf(db: Db): IdentityCache | undefined {
  return caches.get(db);
}

/** Empties the cache of a database, if it has one. */
export function invalidateIdentity(db: Db): void {
  caches.get(db)?.clear();
}

/** Reads through the cache: `load` runs only on a miss, and its result is kept unless a write intervened. */
export async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  if (!cache) return load();
  // Awaited only on PostgreSQL: the embedded database's read begins in this very turn (see the generation check).
  const usable = cache.usable();
  if (usable !== true && !(await usable)) {
    // Signals may be missed meanwhile: nothing kept now may be used after.
    cache.clear();
    return load();
  }
  const hit = cache.get<T>(key);
  if (hit !== undefined) return hit;
  const generation = cache.begin();
  const value = await load();
  cache.set(key, value, generation);
  return value;
}
