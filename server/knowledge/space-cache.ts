import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeState } from '../db/schema';

/** Answers kept per database, at most this many. */
const MAX_ENTRIES = 2000;
const caches = new WeakMap<Db, Map<string, { generation: number; value: Promise<unknown> }>>();

/** The space's change counter, raised by triggers on every change of its documents or their jobs. */
export async function spaceGeneration(db: Db, spaceId: number): Promise<number> {
  const [row] = await db.select({ generation: knowledgeState.generation }).from(knowledgeState).where(eq(knowledgeState.spaceId, spaceId));
  return Number(row?.generation ?? 0);
}

/**
 * An answer derived from a space's documents, kept until the space's counter moves (document lists polled every
 * 5 s by every open page, repeated searches). The counter is read before computing, so an answer computed while
 * a change lands is filed under the older counter and never served after it. Concurrent equal requests share
 * one computation. A caller that has just read the counter (with the space) passes it.
 */
export async function cachedForSpace<T>(db: Db, spaceId: number, key: string, compute: () => Promise<T>, known?: number): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const generation = known ?? (await spaceGeneration(db, spaceId));
  const fullKey = `${spaceId}|${key}`;
  const hit = cache.get(fullKey);
  if (hit && hit.generation === generation) {
    // Refresh its place: the map's order is the eviction order.
    cache.delete(fullKey);
    cache.set(fullKey, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  cache.set(fullKey, { generation, value });
  value.catch(() => cache.delete(fullKey));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return value;
}
