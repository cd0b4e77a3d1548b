// One space's inverted index (D16, D68): chunks in slots, posting lists per term in typed arrays, and the ranking
// over them (ranking.ts). It only proposes candidate chunk ids: what a viewer may see is decided in SQL.
import { plainTerm } from '../segment';
import { accumulate, B, best, collect, FIRST_PAGE, holdingAll, K1, LATER_PAGE, wordWeight, type Candidate } from './ranking';

/** A document's update time when read, and the slots of its chunks. */
export type DocEntry = { updatedAt: number; slots: number[] };

/** A growable list of postings, each `slot << 4 | min(tf, 15)`. */
export class Postings {
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
export class SpaceIndex {
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
  readonly termIds = new Map<string, number>();
  /** Term ids by the normalised term (`plainTerm`); also written to and read from the snapshot (snapshot.ts). */
  readonly byPlain = new Map<string, number>();
  /** The postings of each term id. */
  readonly postings: Postings[] = [];
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
