// An in-memory inverted index of a space's chunk terms, on both databases (docs/decisions.md D16, D68), kept on disk
// as a snapshot between runs.
// PGlite runs PostgreSQL in one WASM thread, where ranking tens of thousands of matching chunks with
// ts_rank_cd takes seconds; here the same terms are ranked with BM25 in a few milliseconds. The index only
// proposes candidate chunk ids: the caller fetches them with THE visibility predicate in SQL, so what a viewer
// may see is never decided here.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  constructor(public data = new Int32Array(4), public length = 0) {}
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
  /** The document of each slot (-1 for a dead slot read from a snapshot). */
  docOf: number[] = [];
  lengths: number[] = [];
  alive: boolean[] = [];
  /** Raised by every change, so what is derived from the slots (document frequencies, viewers' masks) is redone. */
  version = 0;
  private readonly dfs = new Map<number, number>();
  private readonly masks = new WeakMap<object, { version: number; mask: Uint8Array }>();
  /** Scratch space of `rank`, one slot per chunk, zero between calls. */
  private scratchHeld = new Float64Array(0);
  private scratchScores = new Float64Array(0);
  private scratchTouched = new Int32Array(0);
  private norms: Float64Array | null = null;
  private normsVersion = -1;
  /** Term ids by the stored term (the same words give the same id, so most lookups skip normalising). */
  private readonly termIds = new Map<string, number>();
  private readonly byPlain = new Map<string, number>();
  private readonly postings: Postings[] = [];
  /** Whether it holds changes not yet in its snapshot on disk. */
  unsaved = false;
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

  add(chunkId: number, terms: string, docId: number): number {
    const slot = this.chunkIds.length;
    this.version++;
    this.dfs.clear();
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
    this.docOf.push(docId);
    this.lengths.push(ids.length);
    this.alive.push(true);
    this.aliveCount++;
    this.totalLength += ids.length;
    return slot;
  }

  removeDoc(docId: number): void {
    const entry = this.docs.get(docId);
    if (!entry) return;
    this.version++;
    this.dfs.clear();
    for (const slot of entry.slots) {
      this.alive[slot] = false;
      this.aliveCount--;
      this.totalLength -= this.lengths[slot];
    }
    this.docs.delete(docId);
  }

  /** The index as flat arrays and its term dictionary, for a snapshot on disk (`saveSnapshot`). */
  toSnapshot(): { meta: SnapshotMeta; arrays: ArrayBufferView[] } {
    const docIds: number[] = [];
    const docUpdated: number[] = [];
    const docSlotCounts: number[] = [];
    const docSlots: number[] = [];
    for (const [id, entry] of this.docs) {
      docIds.push(id);
      docUpdated.push(entry.updatedAt);
      docSlotCounts.push(entry.slots.length);
      for (const slot of entry.slots) docSlots.push(slot);
    }
    const offsets = new Int32Array(this.postings.length + 1);
    this.postings.forEach((p, i) => (offsets[i + 1] = offsets[i] + p.length));
    const postings = new Int32Array(offsets[this.postings.length]);
    this.postings.forEach((p, i) => postings.set(p.data.subarray(0, p.length), offsets[i]));
    const plainOf: string[] = new Array(this.postings.length).fill('');
    for (const [plain, id] of this.byPlain) plainOf[id] = plain;
    const meta: SnapshotMeta = { version: SNAPSHOT_VERSION, chunks: this.chunkIds.length, docs: docIds.length, terms: this.postings.length, plain: plainOf, raw: [...this.termIds] };
    const arrays = [
      Float64Array.from(this.chunkIds), Int32Array.from(this.lengths), Uint8Array.from(this.alive, (a) => (a ? 1 : 0)),
      Float64Array.from(docIds), Float64Array.from(docUpdated), Int32Array.from(docSlotCounts), Int32Array.from(docSlots), offsets, postings,
    ];
    return { meta, arrays };
  }

  /** An index from a snapshot's parts (their lengths checked against its description). */
  static fromSnapshot(meta: SnapshotMeta, body: Buffer): SpaceIndex {
    let at = 0;
    const take = <T extends Float64Array | Int32Array | Uint8Array>(make: new (b: ArrayBuffer, o: number, n: number) => T, size: number, n: number): T => {
      at = Math.ceil(at / 8) * 8;
      if (at + n * size > body.byteLength) throw new Error('term index snapshot is cut short');
      // Copied into an aligned buffer of its own: the file's buffer may start anywhere.
      const copy = new ArrayBuffer(n * size);
      new Uint8Array(copy).set(body.subarray(at, at + n * size));
      at += n * size;
      return new make(copy, 0, n);
    };
    const index = new SpaceIndex();
    const chunkIds = take(Float64Array, 8, meta.chunks);
    const lengths = take(Int32Array, 4, meta.chunks);
    const alive = take(Uint8Array, 1, meta.chunks);
    const docIds = take(Float64Array, 8, meta.docs);
    const docUpdated = take(Float64Array, 8, meta.docs);
    const docSlotCounts = take(Int32Array, 4, meta.docs);
    const slotTotal = docSlotCounts.reduce((a, b) => a + b, 0);
    const docSlots = take(Int32Array, 4, slotTotal);
    const offsets = take(Int32Array, 4, meta.terms + 1);
    const postings = take(Int32Array, 4, offsets[meta.terms]);
    index.chunkIds = Array.from(chunkIds);
    index.lengths = Array.from(lengths);
    index.alive = Array.from(alive, (a) => a === 1);
    for (let i = 0; i < meta.chunks; i++) {
      if (!index.alive[i]) continue;
      index.aliveCount++;
      index.totalLength += index.lengths[i];
    }
    index.docOf = new Array<number>(meta.chunks).fill(-1);
    let s = 0;
    for (let i = 0; i < meta.docs; i++) {
      const slots = Array.from(docSlots.subarray(s, s + docSlotCounts[i]));
      s += docSlotCounts[i];
      index.docs.set(docIds[i], { updatedAt: docUpdated[i], slots });
      for (const slot of slots) index.docOf[slot] = docIds[i];
    }
    for (let id = 0; id < meta.terms; id++) {
      const data = postings.subarray(offsets[id], offsets[id + 1]);
      index.postings.push(new Postings(data, data.length));
      if (meta.plain[id]) index.byPlain.set(meta.plain[id], id);
    }
    for (const [raw, id] of meta.raw) index.termIds.set(raw, id);
    return index;
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

  /** Live chunks holding a term, counted once per state of the index (common words have long lists). */
  private liveCount(id: number): number {
    // No dead slots (a fresh build or snapshot): every posting is live.
    if (this.aliveCount === this.chunkIds.length) return this.postings[id].length;
    let n = this.dfs.get(id);
    if (n === undefined) {
      const { data, length } = this.postings[id];
      n = 0;
      for (let i = 0; i < length; i++) if (this.alive[data[i] >> 4]) n++;
      this.dfs.set(id, n);
    }
    return n;
  }

  /**
   * The slots a viewer may be offered: alive, and of a document in `visible` (ids decided by THE visibility
   * predicate in SQL, visible-documents.ts). Kept per set and state of the index.
   */
  maskFor(visible: { ids: Set<number> }): Uint8Array {
    const kept = this.masks.get(visible);
    if (kept && kept.version === this.version) return kept.mask;
    const mask = new Uint8Array(this.chunkIds.length);
    for (const [docId, entry] of this.docs) {
      if (!visible.ids.has(docId)) continue;
      for (const slot of entry.slots) if (this.alive[slot]) mask[slot] = 1;
    }
    this.masks.set(visible, { version: this.version, mask });
    return mask;
  }

  /**
   * Ranks the chunks holding any query word. Relevance (0..1, D29) is the share of the question's weight
   * (`weights`) that the chunk holds: 1 when it holds every meaningful word, little when it shares one common word.
   * Candidates come by relevance, then BM25 among equals, in pages of [chunk id, relevance] (the first page of
   * `firstPage`: usually all that is read); none below `minRelevance`. With `mask` (`maskFor`), only the chunks a
   * viewer may see are ranked, so the first page is the answer unless the database changed meanwhile; the weights
   * stay those of every chunk, so a passage scores the same for every viewer and on both databases.
   */
  *rank(words: string[], minRelevance = 0, mask?: Uint8Array, firstPage = FIRST_PAGE): Generator<Candidate[]> {
    const n = this.chunkIds.length;
    if (this.scratchHeld.length < n) {
      this.scratchHeld = new Float64Array(n + (n >> 2));
      this.scratchScores = new Float64Array(n + (n >> 2));
      this.scratchTouched = new Int32Array(n + (n >> 2));
    }
    const held = this.scratchHeld;
    const scores = this.scratchScores;
    const touched = this.scratchTouched;
    const offered = mask ?? Uint8Array.from(this.alive, (a) => (a ? 1 : 0));
    const norms = this.lengthNorms();
    const weights = this.weights(words);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    // Usually the first page is found among the chunks holding every word the index knows, without scoring the
    // long lists of common words for every chunk they hold (D82); the full ranking below gives the same order.
    const lists: { data: Int32Array; length: number; weight: number }[] = [];
    for (let w = 0; w < words.length; w++) {
      const id = this.byPlain.get(words[w]);
      if (id !== undefined) lists.push({ ...this.postings[id], weight: weights[w] });
    }
    const quick = lists.length > 0 ? holdingAll(lists, offered, norms, total, minRelevance, firstPage, this.chunkIds) : null;
    if (quick) {
      yield quick;
      // Asked for more (rare: a candidate turned out unfinished): the full ranking, without what was offered.
      const offeredFirst = new Set(quick.map(([id]) => id));
      const rest = [...this.rank(words, minRelevance, offered, Infinity)].flat().filter(([id]) => !offeredFirst.has(id));
      for (let i = 0; i < rest.length; i += LATER_PAGE) yield rest.slice(i, i + LATER_PAGE);
      return;
    }
    let count = 0;
    for (let w = 0; w < words.length; w++) {
      const id = this.byPlain.get(words[w]);
      if (id === undefined) continue;
      const { data, length } = this.postings[id];
      count = accumulate(data, length, weights[w], offered, norms, held, scores, touched, count);
    }
    const { slots, relevance, score, kept } = collect(touched, count, held, scores, total, minRelevance);
    if (!kept) return;
    const chunkIds = this.chunkIds;
    const better = (a: number, b: number) => relevance[b] - relevance[a] || score[b] - score[a] || chunkIds[slots[a]] - chunkIds[slots[b]];
    const page = (picked: number[]): Candidate[] => picked.map((i) => [chunkIds[slots[i]], relevance[i]]);
    const first = best(kept, firstPage, better);
    yield page(first);
    if (kept <= first.length) return;
    const taken = new Set(first);
    const rest: number[] = [];
    for (let i = 0; i < kept; i++) if (!taken.has(i)) rest.push(i);
    rest.sort(better);
    for (let i = 0; i < rest.length; i += LATER_PAGE) yield page(rest.slice(i, i + LATER_PAGE));
  }

  /** BM25's length part per slot, K1 · (1 − B + B · length / average), worked out once per state of the index. */
  private lengthNorms(): Float64Array {
    if (this.norms && this.normsVersion === this.version) return this.norms;
    const avg = this.aliveCount ? this.totalLength / this.aliveCount : 1;
    const norms = new Float64Array(this.chunkIds.length);
    for (let slot = 0; slot < norms.length; slot++) norms[slot] = K1 * (1 - B + (B * this.lengths[slot]) / avg);
    this.norms = norms;
    this.normsVersion = this.version;
    return norms;
  }
}

/**
 * Adds one word's postings to the chunks' relevance (`held`) and BM25 (`scores`), noting chunks met for the first
 * time in `touched`; answers the new count of touched chunks. A plain function, not inlined in the generator
 * `rank`: V8 optimises this hot loop far better here (about 4× in the recall benchmark).
 */
function accumulate(
  data: Int32Array, length: number, idf: number, offered: Uint8Array, norms: Float64Array,
  held: Float64Array, scores: Float64Array, touched: Int32Array, count: number,
): number {
  for (let i = 0; i < length; i++) {
    const posting = data[i];
    const slot = posting >> 4;
    if (offered[slot] !== 1) continue;
    const tf = posting & 15;
    if (held[slot] === 0) touched[count++] = slot;
    held[slot] += idf;
    scores[slot] += idf * ((tf * (K1 + 1)) / (tf + norms[slot]));
  }
  return count;
}

/**
 * The touched chunks at or above `minRelevance`, copied out of the scratch space, which is zeroed again at once (the
 * pages are read across awaits, while other questions rank on the same index). A plain function for the reason
 * `accumulate` is one: in the generator this loop ran several times slower.
 */
function collect(
  touched: Int32Array, count: number, held: Float64Array, scores: Float64Array, total: number, minRelevance: number,
): { slots: Int32Array; relevance: Float64Array; score: Float64Array; kept: number } {
  const slots = new Int32Array(count);
  const relevance = new Float64Array(count);
  const score = new Float64Array(count);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const slot = touched[i];
    const r = Math.min(1, held[slot] / total);
    if (r >= minRelevance) {
      slots[kept] = slot;
      relevance[kept] = r;
      score[kept] = scores[slot];
      kept++;
    }
    held[slot] = 0;
    scores[slot] = 0;
  }
  return { slots, relevance, score, kept };
}

/**
 * The first page of `rank` when at least `n` offered chunks hold every listed word (`lists`: the postings of the
 * question's words the index knows, in the question's order), else null. Those chunks hold the most weight any
 * chunk can, so they come before all others; among them BM25 decides, then the chunk id. Relevance and BM25 are
 * summed in the question's order, as `accumulate` does, so they are the very numbers the full ranking gives.
 * The shortest list leads; the others are searched forward (postings are in slot order: slots are appended).
 */
function holdingAll(
  lists: { data: Int32Array; length: number; weight: number }[], offered: Uint8Array, norms: Float64Array,
  total: number, minRelevance: number, n: number, chunkIds: number[],
): Candidate[] | null {
  let held = 0;
  for (const list of lists) held += list.weight;
  const relevance = Math.min(1, held / total);
  if (relevance < minRelevance || !Number.isFinite(n)) return null;
  let lead = 0;
  for (let i = 1; i < lists.length; i++) if (lists[i].length < lists[lead].length) lead = i;
  const cursors = new Int32Array(lists.length);
  const tfs = new Int32Array(lists.length);
  // The n best so far, best first (kept in place: most chunks do not enter it).
  const topSlots = new Int32Array(n);
  const topScores = new Float64Array(n);
  let found = 0;
  let kept = 0;
  const { data, length } = lists[lead];
  for (let i = 0; i < length; i++) {
    const slot = data[i] >> 4;
    if (offered[slot] !== 1) continue;
    let all = true;
    for (let l = 0; l < lists.length; l++) {
      if (l === lead) {
        tfs[l] = data[i] & 15;
        continue;
      }
      const at = seek(lists[l].data, lists[l].length, cursors[l], slot);
      cursors[l] = at;
      if (at >= lists[l].length || lists[l].data[at] >> 4 !== slot) {
        all = false;
        break;
      }
      tfs[l] = lists[l].data[at] & 15;
    }
    if (!all) continue;
    found++;
    let score = 0;
    for (let l = 0; l < lists.length; l++) score += lists[l].weight * ((tfs[l] * (K1 + 1)) / (tfs[l] + norms[slot]));
    // Better: a higher score, then a lower chunk id.
    const id = chunkIds[slot];
    if (kept === n && (score < topScores[n - 1] || (score === topScores[n - 1] && id > chunkIds[topSlots[n - 1]]))) continue;
    let at = kept < n ? kept++ : n - 1;
    while (at > 0 && (score > topScores[at - 1] || (score === topScores[at - 1] && id < chunkIds[topSlots[at - 1]]))) {
      topScores[at] = topScores[at - 1];
      topSlots[at] = topSlots[at - 1];
      at--;
    }
    topScores[at] = score;
    topSlots[at] = slot;
  }
  if (found < n) return null;
  return Array.from(topSlots, (slot): Candidate => [chunkIds[slot], relevance]);
}

/** The first index at or after `from` whose posting's slot is at least `slot` (galloping, then halving). */
function seek(data: Int32Array, length: number, from: number, slot: number): number {
  if (from >= length || data[from] >> 4 >= slot) return from;
  let step = 1;
  let lo = from;
  while (lo + step < length && data[lo + step] >> 4 < slot) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, length);
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (data[mid] >> 4 < slot) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Candidates read first; most questions need no more. */
const FIRST_PAGE = 200;
const LATER_PAGE = 5000;

/** The n best of the items 0..count-1 (by `better`), in order, without sorting them all. */
function best(count: number, n: number, better: (a: number, b: number) => number): number[] {
  if (count <= n) return Array.from({ length: count }, (_v, i) => i).sort(better);
  // A sorted buffer of the best so far; an item enters only if it beats the worst kept.
  const kept: number[] = [];
  for (let item = 0; item < count; item++) {
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

// ---------------------------------------------------------------------------------------------------------------
// Snapshots: each space's index is kept on disk too, so a restarted process starts from it and reads only the
// documents that changed since, instead of every chunk (the first question after a restart waited seconds).

const SNAPSHOT_VERSION = 1;
const SNAPSHOT_MAGIC = 'KBTI';
/** A snapshot is written this long after the last change, off the path of the request that made it. */
const SNAPSHOT_DELAY_MS = 2000;

type SnapshotMeta = { version: number; chunks: number; docs: number; terms: number; plain: string[]; raw: [string, number][] };

const snapshotDirs = new WeakMap<Db, string>();
const saveTimers = new WeakMap<SpaceIndex, NodeJS.Timeout>();

/** Keeps the indexes of `db` as snapshots in `dir` (read at a space's first use, written after changes). */
export function keepTermIndexSnapshots(db: Db, dir: string): void {
  snapshotDirs.set(db, dir);
}

const snapshotFile = (dir: string, spaceId: number) => path.join(dir, `space-${spaceId}.idx`);

/** Writes the index's snapshot (to a temporary file, then renamed over the old one: never a half-written file). */
export async function saveSnapshot(dir: string, spaceId: number, index: SpaceIndex): Promise<void> {
  index.unsaved = false;
  const { meta, arrays } = index.toSnapshot();
  const head = Buffer.from(JSON.stringify(meta));
  const parts: Uint8Array[] = [Buffer.from(SNAPSHOT_MAGIC), Buffer.alloc(4), head];
  parts[1] = Buffer.from(new Uint32Array([head.byteLength]).buffer);
  let body = 0;
  for (const a of arrays) {
    const pad = (8 - (body % 8)) % 8;
    if (pad) parts.push(new Uint8Array(pad));
    parts.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    body += pad + a.byteLength;
  }
  await mkdir(dir, { recursive: true });
  const file = snapshotFile(dir, spaceId);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, parts);
    await rename(temp, file);
  } catch (err) {
    index.unsaved = true;
    await rm(temp, { force: true });
    throw err;
  }
}

/** The space's index from its snapshot, or null when there is none or it cannot be read (then it is rebuilt). */
export async function loadSnapshot(dir: string, spaceId: number): Promise<SpaceIndex | null> {
  let file: Buffer;
  try {
    file = await readFile(snapshotFile(dir, spaceId));
  } catch {
    return null;
  }
  try {
    if (file.subarray(0, 4).toString() !== SNAPSHOT_MAGIC) return null;
    const headLength = file.readUInt32LE(4);
    const meta = JSON.parse(file.subarray(8, 8 + headLength).toString()) as SnapshotMeta;
    if (meta.version !== SNAPSHOT_VERSION) return null;
    return SpaceIndex.fromSnapshot(meta, file.subarray(8 + headLength));
  } catch {
    return null;
  }
}

function scheduleSave(db: Db, spaceId: number, index: SpaceIndex): void {
  const dir = snapshotDirs.get(db);
  if (!dir || !index.unsaved) return;
  clearTimeout(saveTimers.get(index));
  const timer = setTimeout(() => {
    saveTimers.delete(index);
    void saveSnapshot(dir, spaceId, index).catch(() => undefined);
  }, SNAPSHOT_DELAY_MS);
  timer.unref();
  saveTimers.set(index, timer);
}

/** Writes every index with changes not yet on disk (at shutdown). */
export async function flushTermIndexSnapshots(db: Db): Promise<void> {
  const dir = snapshotDirs.get(db);
  const spaces = indexes.get(db);
  if (!dir || !spaces) return;
  for (const [spaceId, slot] of spaces) {
    clearTimeout(saveTimers.get(slot.index));
    if (slot.index.unsaved && slot.index.generation >= 0) await saveSnapshot(dir, spaceId, slot.index).catch(() => undefined);
  }
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
      .from(documentChunks).where(inArray(documentChunks.documentId, batch.map((d) => d.id))).orderBy(documentChunks.id);
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
    const dir = snapshotDirs.get(db);
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
