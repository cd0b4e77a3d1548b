import type { Db } from '../db/client';

/**
 * Per-process memory of who a session is and what the user may do, for the embedded database only.
 *
 * PGlite runs inside this one process and nothing else can write to it, so a cache that is emptied on
 * every write made here is exact: revocation, role, clearance and grant changes take effect on the very
 * next request. With PostgreSQL (DATABASE_URL) other processes may write, so no cache is enabled there.
 * Entries are stored only if no write happened while they were read (the generation check).
 */
export class IdentityCache {
  private generation = 0;
  private readonly entries = new Map<string, unknown>();

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

/** Turns the cache on for a database (the embedded one). */
export function enableIdentityCache(db: Db): IdentityCache {
  const cache = new IdentityCache();
  caches.set(db, cache);
  return cache;
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
  const hit = cache.get<T>(key);
  if (hit !== undefined) return hit;
  const generation = cache.begin();
  const value = await load();
  cache.set(key, value, generation);
  return value;
}
