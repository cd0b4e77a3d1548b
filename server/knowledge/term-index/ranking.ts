// The ranking of the term index (D16, D29, D82): BM25 over posting lists, relevance as the share of the
// question's weight a chunk holds, and the first page found without scoring every chunk. Plain functions over
// typed arrays, apart from the index that holds them (space-index.ts), so V8 optimises the hot loops.

export const K1 = 1.2;
export const B = 0.75;

/** Candidates read first; most questions need no more. */
export const FIRST_PAGE = 200;
export const LATER_PAGE = 5000;

/** A proposed chunk: its id and relevance (0..1). */
export type Candidate = [chunkId: number, score: number];

/**
 * Adds one word's postings to the chunks' relevance (`held`) and BM25 (`scores`), noting chunks met for the first
 * time in `touched`; answers the new count of touched chunks. A plain function, not inlined in the generator
 * `rank`: V8 optimises this hot loop far better here (about 4× in the recall benchmark).
 */
export function accumulate(
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
export function collect(
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
export function holdingAll(
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

/** The n best of the items 0..count-1 (by `better`), in order, without sorting them all. */
export function best(count: number, n: number, better: (a: number, b: number) => number): number[] {
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
