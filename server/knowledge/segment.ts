// Word segmentation for full-text search. PostgreSQL's parsers do not split Chinese, so chunks and queries
// are segmented here with Intl.Segmenter (ICU dictionaries) and indexed as space-separated terms with the
// 'simple' configuration.

const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
/** Terms are cut to this length, so a long token cannot bloat the index. */
const MAX_TERM = 40;

/** The word-like segments of a text, lower-cased. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC'))) {
    if (isWordLike) out.push(segment.toLowerCase().slice(0, MAX_TERM));
  }
  return out;
}

/**
 * The indexed form of a chunk: its words, plus each Chinese word's single characters, so a query word that the
 * segmenter splits differently in a short query than in the document still matches.
 */
export function indexTerms(text: string): string {
  const terms: string[] = [];
  for (const w of words(text)) {
    terms.push(w);
    if (w.length > 1 && /^\p{Script=Han}+$/u.test(w)) terms.push(...w);
  }
  return terms.join(' ');
}

/** A tsquery source (for to_tsquery('simple', …)) matching any query word; null when the query has none. */
export function queryTerms(query: string): string | null {
  const unique = [...new Set(words(query).flatMap((w) => (/^\p{Script=Han}+$/u.test(w) && w.length > 1 ? [w, ...w] : [w])))];
  // Quoted terms: anything that is not a letter or digit is dropped, so the query cannot be malformed.
  const safe = unique.map((w) => w.replace(/[^\p{L}\p{N}_]/gu, '')).filter(Boolean);
  return safe.length ? safe.map((w) => `'${w}'`).join(' | ') : null;
}
