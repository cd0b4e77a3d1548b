import type { Db } from '../../db/client';
import { identityCacheOf } from '../../identity/identity-cache';

type Entry = { generation: number; value: unknown };

const MAX_ENTRIES = 200;
const stores = new WeakMap<Db, Map<string, Entry>>();
// Loads under way, so a burst of the same request runs the queries once.
const inFlight = new WeakMap<Db, Map<string, { generation: number; promise: Promise<unknown> }>>();

/**
 * Keeps list pages between writes, like the identity cache (D12) whose generation it follows: any write made by
 * this process, or signalled by another (PostgreSQL, D61), empties both, so a page is never stale. Without the
 * identity cache, or while other processes' signals cannot be followed, every call loads. At most
 * MAX_ENTRIES pages are kept, the least recently used going first.
 */
export async function cachedPage<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const identity = identityCacheOf(db);
  if (!identity) return load();
  const usable = identity.usable();
  if (usable !== true && !(await usable)) {
    identity.clear();
    return load();
  }
  const generation = identity.begin();
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const hit = store.get(key);
  if (hit && hit.generation === generation) {
    store.delete(key);
    store.set(key, hit);
    return hit.value as T;
  }
  let loads = inFlight.get(db);
  if (!loads) inFlight.set(db, (loads = new Map()));
  const pending = loads.get(key);
  if (pending && pending.generation === generation) return pending.promise as Promise<T>;
  const promise = load();
  loads.set(key, { generation, promise });
  let value: T;
  try {
    value = await promise;
  } finally {
    if (loads.get(key)?.promise === promise) loads.delete(key);
  }
  if (identity.begin() !== generation) return value;
  // Entries of an older generation are dead: drop them all before keeping the new one.
  const first = store.values().next().value;
  if (first && first.generation !== generation) store.clear();
  store.set(key, { generation, value });
  if (store.size > MAX_ENTRIES) store.delete(store.keys().next().value as string);
  return value;
}
