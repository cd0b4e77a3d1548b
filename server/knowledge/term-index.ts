// An in-memory inverted index of a space's chunk terms, for the embedded database (docs/decisions.md D16).
// PGlite runs PostgreSQL in one WASM thread, where ranking tens of thousands of matching chunks with
// ts_rank_cd takes seconds; here the same terms are ranked with BM25 in a few milliseconds. The index only
// proposes candidate chunk ids: the caller fetches them with THE visibility predicate in SQL, so what a viewer
// may see is never decided here.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { spaceGeneration } from './space-cache';
import { plainTerm } from './segment';

/** Chunks kept in memory over all spaces of a process; spaces used least recently are dropped beyond it. */
export const MAX_INDEXED_CHUNKS = 400_000;
/** Documents whose chunks are read per statement while building. */
const LOAD_BATCH = 500;
const K1 = 1.2;
const B = 0.75;

type DocEntry = { updatedAt: number; slots: number[] };

/** One space's index: chunks in slots (appended, never moved), postings as flat [slot, tf, slot, tf, …]. */
class SpaceIndex {
  generation = -1;
  readonly docs = new Map<number, DocEntry>();
  chunkIds: number[] = [];
  lengths: number[] = [];
  alive: boolean[] = [];
  postings = new Map<string, number[]>();
  aliveCount = 0;
  totalLength = 0;
  lastUsed = 0;

  add(chunkId: number, terms: string): number {
    const slot = this.chunkIds.length;
    const tf = new Map<string, number>();
    let length = 0;
    for (const raw of terms.split(' ')) {
      const term = plainTerm(raw);
      if (!term) continue;
      length++;
      tf.set(term, (tf.get(term) ?? 0) + 1);
    }
    for (const [term, n] of tf) {
      const list = this.postings.get(term);
      if (list) list.push(slot, n);
      else this.postings.set(term, [slot, n]);
    }
    this.chunkIds.push(chunkId);
    this.lengths.push(length);
    this.alive.push(true);
    this.aliveCount++;
    this.totalLength += length;
    return slot;
  }

  removeDoc(docId: number): void {
    const entry = this.docs.get(docId);
    if (!entry) return;
    for (const slot of entry.slots) {
      this.alive[slot] = false;
      this.aliveCount--;
      this.totalLength -= this.lengths[slot];
    }
    this.docs.delete(docId);
  }

  /** Slots that hold dead chunks; past half, the index is rebuilt instead of patched. */
  get deadCount(): number {
    return this.chunkIds.length - this.aliveCount;
  }

  /**
   * BM25 over the query words: the candidates holding every word, then those holding only some, each best
   * first, as [chunk id, score].
   */
  rank(words: string[]): { all: Candidate[]; some: Candidate[] } {
    const scores = new Float64Array(this.chunkIds.length);
    const matched = new Uint8Array(this.chunkIds.length);
    const avg = this.aliveCount ? this.totalLength / this.aliveCount : 1;
    const touched: number[] = [];
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) continue;
      const df = list.length / 2;
      const idf = Math.log(1 + (this.aliveCount - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const slot = list[i];
        if (!this.alive[slot]) continue;
        const tf = list[i + 1];
        if (matched[slot] === 0) touched.push(slot);
        matched[slot]++;
        scores[slot] += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[slot]) / avg)));
      }
    }
    const all: Candidate[] = [];
    const some: Candidate[] = [];
    for (const slot of touched) (matched[slot] === words.length ? all : some).push([this.chunkIds[slot], scores[slot]]);
    const order = (a: Candidate, b: Candidate) => b[1] - a[1] || a[0] - b[0];
    return { all: all.sort(order), some: some.sort(order) };
  }
}

/** A proposed chunk: its id and BM25 score. */
export type Candidate = [chunkId: number, score: number];

type Slot = { index: SpaceIndex; pending: Promise<SpaceIndex | null> | null; tooLargeAt: number | null };
const indexes = new WeakMap<Db, Map<number, Slot>>();

function indexedChunks(spaces: Map<number, Slot>): number {
  let n = 0;
  for (const { index } of spaces.values()) n += index.chunkIds.length;
  return n;
}

/**
 * Brings a space's index up to date with the generation read: drops documents that changed or left, reads
 * those that are new; null when the space has more chunks than the limit.
 */
async function sync(db: Db, spaceId: number, index: SpaceIndex, generation: number): Promise<SpaceIndex | null> {
  const finished = await db.select({ id: knowledgeDocuments.id, updatedAt: knowledgeDocuments.updatedAt }).from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.spaceId, spaceId), eq(knowledgeDocuments.status, 'FINISHED')));
  const current = new Map(finished.map((d) => [d.id, d.updatedAt.getTime()]));
  for (const [docId, entry] of index.docs) if (current.get(docId) !== entry.updatedAt) index.removeDoc(docId);
  if (index.deadCount > index.aliveCount) index = new SpaceIndex();
  const missing = finished.filter((d) => !index.docs.has(d.id));
  for (let i = 0; i < missing.length; i += LOAD_BATCH) {
    const batch = missing.slice(i, i + LOAD_BATCH);
    for (const d of batch) index.docs.set(d.id, { updatedAt: d.updatedAt.getTime(), slots: [] });
    const rows = await db.select({ id: documentChunks.id, documentId: documentChunks.documentId, terms: documentChunks.terms })
      .from(documentChunks).where(inArray(documentChunks.documentId, batch.map((d) => d.id))).orderBy(documentChunks.id);
    for (const row of rows) index.docs.get(row.documentId)?.slots.push(index.add(row.id, row.terms));
    if (index.chunkIds.length > MAX_INDEXED_CHUNKS) return null;
  }
  index.generation = generation;
  return index;
}

async function settled(entry: Slot): Promise<void> {
  while (entry.pending) await entry.pending.catch(() => undefined);
}

/**
 * The space's term index, brought up to date with the database, or null when the space is too large to keep
 * in memory (the caller then ranks in SQL). Concurrent callers share one update.
 */
export async function termIndex(db: Db, spaceId: number): Promise<SpaceIndex | null> {
  let spaces = indexes.get(db);
  if (!spaces) indexes.set(db, (spaces = new Map()));
  let slot = spaces.get(spaceId);
  if (!slot) spaces.set(spaceId, (slot = { index: new SpaceIndex(), pending: null, tooLargeAt: null }));
  const entry = slot;
  await settled(entry);
  const generation = await spaceGeneration(db, spaceId);
  if (entry.tooLargeAt === generation) return null;
  if (entry.index.generation !== generation) {
    await settled(entry); // another caller may have started an update meanwhile
    if (entry.index.generation !== generation) {
      entry.pending = sync(db, spaceId, entry.index, generation);
      try {
        const index = await entry.pending;
        entry.index = index ?? new SpaceIndex();
        entry.tooLargeAt = index ? null : generation;
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

export type { SpaceIndex };
