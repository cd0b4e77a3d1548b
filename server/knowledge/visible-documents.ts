// The documents of a space a viewer may see, decided by THE visibility predicate in SQL (visibility.ts) once per
// state of the space and kept in memory until the space's change counter moves (D71). The document list and
// recall then filter by it instead of asking SQL again on every request.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knowledgeDocuments, knowledgeState } from '../db/schema';
import { visibleTo, type Viewer } from './visibility';

/** Viewers' sets kept per database, at most this many (each a few ints per document of a space). */
const MAX_SETS = 100;

/** The ids a viewer may see in a space, as of the space's `generation` (read in the same statement). */
export type VisibleSet = { generation: number; ids: Set<number> };

const sets = new WeakMap<Db, Map<string, Promise<VisibleSet>>>();

/** What visibility depends on (the same facts as the answer cache's key). */
const viewerKey = (spaceId: number, v: Viewer) => JSON.stringify([spaceId, v.id, v.system, v.grades, v.roleIds, v.deptChain]);

/**
 * The viewer's visible document ids in a space, at generation `atLeast` or later. The ids and the counter are read
 * in one statement, so they describe one state of the space: every change of a document raises the counter in the
 * same transaction (migration 0005), and a set is never taken for a state it does not describe.
 */
export async function visibleDocumentIds(db: Db, viewer: Viewer, spaceId: number, atLeast: number): Promise<VisibleSet> {
  let cache = sets.get(db);
  if (!cache) sets.set(db, (cache = new Map()));
  const key = viewerKey(spaceId, viewer);
  const kept = cache.get(key);
  if (kept) {
    const set = await kept.catch(() => null);
    if (set && set.generation >= atLeast) {
      // Refresh its place: the map's order is the eviction order.
      if (cache.get(key) === kept) {
        cache.delete(key);
        cache.set(key, kept);
      }
      return set;
    }
    // Another request may have started a newer read meanwhile: share it when it is recent enough.
    const newer = cache.get(key);
    if (newer && newer !== kept) {
      const set2 = await newer.catch(() => null);
      if (set2 && set2.generation >= atLeast) return set2;
    }
  }
  const loading = readVisible(db, viewer, spaceId);
  cache.set(key, loading);
  loading.catch(() => cache.get(key) === loading && cache.delete(key));
  while (cache.size > MAX_SETS) cache.delete(cache.keys().next().value as string);
  return loading;
}

async function readVisible(db: Db, viewer: Viewer, spaceId: number): Promise<VisibleSet> {
  // One statement, one row (an aggregate), so the ids and the counter come from the same snapshot.
  const [row] = await db.select({
    generation: sql<number>`(SELECT ${knowledgeState.generation} FROM ${knowledgeState} WHERE ${knowledgeState.spaceId} = ${spaceId})`,
    ids: sql<number[]>`coalesce(array_agg(${knowledgeDocuments.id}), '{}')`,
  }).from(knowledgeDocuments).where(and(eq(knowledgeDocuments.spaceId, spaceId), visibleTo(viewer)));
  return { generation: Number(row?.generation ?? 0), ids: new Set((row?.ids ?? []).map(Number)) };
}
