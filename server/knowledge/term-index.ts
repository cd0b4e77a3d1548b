// An in-memory inverted index of a space's chunk terms, on both databases (docs/decisions.md D16, D68), kept on disk
// as a snapshot between runs.
// PGlite runs PostgreSQL in one WASM thread, where ranking tens of thousands of matching chunks with
// ts_rank_cd takes seconds; here the same terms are ranked with BM25 in a few milliseconds. The index only
// proposes candidate chunk ids: the caller fetches them with THE visibility predicate in SQL, so what a viewer
// may see is never decided here.
// This file keeps each space's index up to date with the database and within memory; the index and its ranking
// are in term-index/space-index.ts and term-index/ranking.ts, its snapshot on disk in term-index/snapshot.ts.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { spaceGeneration } from './space-cache';
import { SpaceIndex } from './term-index/space-index';
import { cancelScheduledSave, loadSnapshot, saveSnapshot, scheduleSave, snapshotDir } from './term-index/snapshot';

export { wordWeight, type Candidate } from './term-index/ranking';
export { keepTermIndexSnapshots, loadSnapshot, saveSnapshot } from './term-index/snapshot';

/** Chunks kept in memory over all spaces of a process; spaces used least recently are dropped beyond it. */
export const MAX_INDEXED_CHUNKS = 200_000;
/**
 * Documents whose chunks are read per statement while building. Small, with a turn of the event loop between
 * batches: a build at start runs beside the requests of the same thread, and each batch holds them up (D21).
 */
const LOAD_BATCH = 50;

/** Writes every index with changes not yet on disk (at shutdown). */
export async function flushTermIndexSnapshots(db: Db): Promise<void> {
  const dir = snapshotDir(db);
  const spaces = indexes.get(db);
  if (!dir || !spaces) return;
  for (const [spaceId, slot] of spaces) {
    cancelScheduledSave(slot.index);
    if (slot.index.unsaved && slot.index.generation >= 0) await saveSnapshot(dir, spaceId, slot.index).catch(() => undefined);
  }
}

type Slot = { index: SpaceIndex; pending: Promise<SpaceIndex | null> | null; tooLargeAt: number | null };
const indexes = new WeakMap<Db, Map<number, Slot>>();

function indexedChunks(spaces: Map<number, Slot>): number {
  let n = 0;
  for (const { index } of spaces.values()) n += index.chunkIds.length;
  return n;
}

/**
 * Brings a space's index up to date with the generation read: drops documents that changed or left, reads
 * those that are new; null when the space has more chunks than the limit. A chunk edited, disabled, deleted or added
 * by hand moves its document's updated_at (chunk-edit.ts), so the document is read again, without its disabled chunks.
 */
async function sync(db: Db, spaceId: number, index: SpaceIndex, generation: number): Promise<SpaceIndex | null> {
  const finished = await db.select({ id: knowledgeDocuments.id, updatedAt: knowledgeDocuments.updatedAt }).from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.spaceId, spaceId), eq(knowledgeDocuments.status, 'FINISHED')));
  const current = new Map(finished.map((d) => [d.id, d.updatedAt.getTime()]));
  for (const [docId, entry] of index.docs) {
    if (current.get(docId) === entry.updatedAt) continue;
    index.removeDoc(docId);
    index.unsaved = true;
  }
  if (index.deadCount > index.aliveCount) index = Object.assign(new SpaceIndex(), { unsaved: true });
  const missing = finished.filter((d) => !index.docs.has(d.id));
  if (missing.length) index.unsaved = true;
  for (let i = 0; i < missing.length; i += LOAD_BATCH) {
    const batch = missing.slice(i, i + LOAD_BATCH);
    for (const d of batch) index.docs.set(d.id, { updatedAt: d.updatedAt.getTime(), slots: [] });
    const rows = await db.select({ id: documentChunks.id, documentId: documentChunks.documentId, terms: documentChunks.terms })
      .from(documentChunks).where(and(inArray(documentChunks.documentId, batch.map((d) => d.id)), eq(documentChunks.disabled, false)))
      .orderBy(documentChunks.id);
    for (const row of rows) index.docs.get(row.documentId)?.slots.push(index.add(row.id, row.terms, row.documentId));
    if (index.chunkIds.length > MAX_INDEXED_CHUNKS) return null;
    await new Promise((resolve) => setImmediate(resolve));
  }
  index.generation = generation;
  return index;
}

async function settled(entry: Slot): Promise<void> {
  while (entry.pending) await entry.pending.catch(() => undefined);
}

/**
 * The space's term index, brought up to date with the database (at the counter `known`, or read now), or null when the space is too large to keep
 * in memory (the caller then ranks in SQL). Concurrent callers share one update.
 */
export async function termIndex(db: Db, spaceId: number, known?: number): Promise<SpaceIndex | null> {
  let spaces = indexes.get(db);
  if (!spaces) indexes.set(db, (spaces = new Map()));
  let slot = spaces.get(spaceId);
  if (!slot) {
    spaces.set(spaceId, (slot = { index: new SpaceIndex(), pending: null, tooLargeAt: null }));
    const dir = snapshotDir(db);
    if (dir) {
      const first = slot;
      first.pending = loadSnapshot(dir, spaceId)
        .then((loaded) => (first.index = loaded ?? first.index))
        .finally(() => (first.pending = null));
    }
  }
  const entry = slot;
  await settled(entry);
  // A caller that has just read the counter (with the space) passes it.
  const generation = known ?? (await spaceGeneration(db, spaceId));
  if (entry.tooLargeAt === generation) return null;
  if (entry.index.generation !== generation) {
    await settled(entry); // another caller may have started an update meanwhile
    if (entry.index.generation !== generation) {
      entry.pending = sync(db, spaceId, entry.index, generation);
      try {
        const index = await entry.pending;
        entry.index = index ?? new SpaceIndex();
        entry.tooLargeAt = index ? null : generation;
        if (index) scheduleSave(db, spaceId, index);
      } catch (err) {
        entry.index = new SpaceIndex();
        throw err;
      } finally {
        entry.pending = null;
      }
      if (entry.tooLargeAt !== null) return null;
    }
  }
  entry.index.lastUsed = performance.now();
  // Bounded memory: while the total is over the limit, drop the spaces used least recently.
  while (indexedChunks(spaces) > MAX_INDEXED_CHUNKS) {
    const oldest = [...spaces.entries()].filter(([id]) => id !== spaceId).sort((a, b) => a[1].index.lastUsed - b[1].index.lastUsed)[0];
    if (!oldest) break;
    spaces.delete(oldest[0]);
  }
  return entry.index;
}

/**
 * Builds the index of every space in the background (at start on the embedded database), so the first
 * question does not wait for it. Failures are left to the first question to meet again.
 */
export async function warmTermIndexes(db: Db): Promise<void> {
  const spaces = await db.selectDistinct({ id: knowledgeDocuments.spaceId }).from(knowledgeDocuments);
  for (const { id } of spaces) await termIndex(db, id).catch(() => null);
}
