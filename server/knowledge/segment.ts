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

/** A chunk's text as it is indexed and embedded: its heading path (when it has one) above its content. */
export function withHeadingPath(path: string, content: string): string {
  return path ? `${path}\n${content}` : content;
}

/** Words too common to tell passages apart (question words, particles, copulas). */
const STOPWORDS = new Set([
  '的', '了', '是', '在', '和', '与', '及', '或', '等', '吗', '呢', '吧', '啊', '也', '都', '就', '而', '有', '被', '把', '对',
  '什么', '时候', '怎么', '怎样', '如何', '哪些', '哪个', '多久', '多少', '为什么', '是否', '可以', '能否', '请问', '一下', '这个', '那个',
  // The frame of a question: who asks, wanting, needing, being able to, "some", "where from".
  '我', '我想', '我们', '你', '您', '他', '它', '想', '要', '想要', '需要', '应该', '应当', '能', '能不能', '会', '让', '某', '个', '一个', '某个',
  '这种', '那种', '这些', '那些', '哪里', '哪儿', '从', '来', '去', '拿', '办', '怎么办', '怎么样', '还', '又', '该', '用', '自己', '不',
  'the', 'a', 'an', 'of', 'to', 'is', 'are', 'and', 'or', 'what', 'how', 'in', 'on', 'for',
]);

/**
 * A tsquery source (for to_tsquery('simple', …)) matching any meaningful query word; null when the query has
 * none. Query words are not expanded to characters (that would match nearly every chunk): the index holds the
 * characters of document words, so a single-character query word still finds longer words that contain it.
 */
export function queryTerms(query: string, join: '|' | '&' = '|'): string | null {
  const safe = queryWords(query);
  return safe.length ? safe.map((w) => `'${w}'`).join(` ${join} `) : null;
}

/** A term as both indexes match it: anything that is not a letter, digit or _ dropped. */
export const plainTerm = (w: string) => w.replace(/[^\p{L}\p{N}_]/gu, '');

/** The distinct meaningful words of a query (all of them when every word is a stopword), as plain terms. */
export function queryWords(query: string): string[] {
  const all = words(query);
  const meaningful = all.filter((w) => !STOPWORDS.has(w));
  // Anything that is not a letter or digit is dropped, so a tsquery built from them cannot be malformed.
  return [...new Set((meaningful.length ? meaningful : all).map(plainTerm).filter(Boolean))];
}
