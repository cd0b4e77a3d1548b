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
export const MAX_INDEXED_CHUNKS = 200_000;
/**
 * Documents whose chunks are read per statement while building. Small, with a turn of the event loop between
 * batches: a build at start runs beside the requests of the same thread, and each batch holds them up (D21).
 */
const LOAD_BATCH = 50;
const K1 = 1.2;
const B = 0.75;

type DocEntry = { updatedAt: number; slots: number[] };

/** A growable list of postings, each `slot << 4 | min(tf, 15)`. */
class Postings {
  data = new Int32Array(4);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** One space's index: chunks in slots (appended, never moved), postings per term. */
class SpaceIndex {
  generation = -1;
  readonly docs = new Map<number, DocEntry>();
  chunkIds: number[] = [];
  lengths: number[] = [];
  alive: boolean[] = [];
  /** Term ids by the stored term (the same words give the same id, so most lookups skip normalising). */
  private readonly termIds = new Map<string, number>();
  private readonly byPlain = new Map<string, number>();
  private readonly postings: Postings[] = [];
  aliveCount = 0;
  totalLength = 0;
  lastUsed = 0;

  private termId(raw: string): number {
    let id = this.termIds.get(raw);
    if (id === undefined) {
      const plain = plainTerm(raw);
      id = plain ? this.byPlain.get(plain) : -1;
      if (id === undefined) {
        id = this.postings.length;
        this.postings.push(new Postings());
        this.byPlain.set(plain, id);
      }
      this.termIds.set(raw, id);
    }
    return id;
  }

  add(chunkId: number, terms: string): number {
    const slot = this.chunkIds.length;
    const ids: number[] = [];
    for (const raw of terms.split(' ')) {
      const id = raw ? this.termId(raw) : -1;
      if (id >= 0) ids.push(id);
    }
    ids.sort((a, b) => a - b);
    for (let i = 0; i < ids.length;) {
      let j = i + 1;
      while (j < ids.length && ids[j] === ids[i]) j++;
      this.postings[ids[i]].push((slot << 4) | Math.min(j - i, 15));
      i = j;
    }
    this.chunkIds.push(chunkId);
    this.lengths.push(ids.length);
    this.alive.push(true);
    this.aliveCount++;
    this.totalLength += ids.length;
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

  /** The query words' weights over the space's chunks (`wordWeight`). */
  weights(words: string[]): number[] {
    return words.map((word) => {
      const id = this.byPlain.get(word);
      const df = id === undefined ? 0 : this.liveCount(id);
      return wordWeight(this.aliveCount, df);
    });
  }

  private liveCount(id: number): number {
    const { data, length } = this.postings[id];
    let n = 0;
    for (let i = 0; i < length; i++) if (this.alive[data[i] >> 4]) n++;
    return n;
  }

  /**
   * Ranks the chunks holding any query word. Relevance (0..1, D29) is the share of the question's weight
   * (`weights`) that the chunk holds: 1 when it holds every meaningful word, little when it shares one common word.
   * Candidates come by relevance, then BM25 among equals, in pages of [chunk id, relevance] (the first page small:
   * usually all that is read); none below `minRelevance`.
   */
  *rank(words: string[], minRelevance = 0): Generator<Candidate[]> {
    const scores = new Float64Array(this.chunkIds.length);
    const held = new Float64Array(this.chunkIds.length);
    const avg = this.aliveCount ? this.totalLength / this.aliveCount : 1;
    const weights = this.weights(words);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    const touched: number[] = [];
    words.forEach((word, w) => {
      const id = this.byPlain.get(word);
      if (id === undefined) return;
      const { data, length } = this.postings[id];
      const idf = weights[w];
      for (let i = 0; i < length; i++) {
        const slot = data[i] >> 4;
        if (!this.alive[slot]) continue;
        const tf = data[i] & 15;
        if (held[slot] === 0) touched.push(slot);
        held[slot] += idf;
        scores[slot] += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[slot]) / avg)));
      }
    });
    const relevance = (slot: number) => Math.min(1, held[slot] / total);
    const passing = touched.filter((slot) => relevance(slot) >= minRelevance);
    const better = (a: number, b: number) => relevance(b) - relevance(a) || scores[b] - scores[a] || this.chunkIds[a] - this.chunkIds[b];
    const page = (slots: number[]): Candidate[] => slots.map((s) => [this.chunkIds[s], relevance(s)]);
    if (!passing.length) return;
    const first = best(passing, FIRST_PAGE, better);
    yield page(first);
    if (passing.length <= first.length) return;
    const taken = new Set(first);
    const rest = passing.filter((s) => !taken.has(s)).sort(better);
    for (let i = 0; i < rest.length; i += LATER_PAGE) yield page(rest.slice(i, i + LATER_PAGE));
  }
}

/** Candidates read first; most questions need no more. */
const FIRST_PAGE = 200;
const LATER_PAGE = 5000;

/** The n best of a list (by `better`), in order, without sorting the whole list. */
function best(list: number[], n: number, better: (a: number, b: number) => number): number[] {
  if (list.length <= n) return [...list].sort(better);
  // A sorted buffer of the best so far; an item enters only if it beats the worst kept.
  const kept: number[] = [];
  for (const item of list) {
    if (kept.length === n && better(item, kept[n - 1]) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(kept[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/**
 * A query word's weight in relevance (D29): 1 plus its inverse document frequency among `n` passages (BM25's), so
 * rare words carry a question and a word no passage holds weighs the most, while a word every passage holds still
 * counts once (in a space of a few passages every word is common).
 */
export function wordWeight(n: number, df: number): number {
  return 1 + Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** A proposed chunk: its id and relevance (0..1). */
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
    await new Promise((resolve) => setImmediate(resolve));
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



/**
 * Builds the index of every space in the background (at start on the embedded database), so the first
 * question does not wait for it. Failures are left to the first question to meet again.
 */
export async function warmTermIndexes(db: Db): Promise<void> {
  const spaces = await db.selectDistinct({ id: knowledgeDocuments.spaceId }).from(knowledgeDocuments);
  for (const { id } of spaces) await termIndex(db, id).catch(() => null);
}
