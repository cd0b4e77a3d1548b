/** Splitting arguments of a space (DB-GPT's names: chunk_size, chunk_overlap), in characters. */
export type ChunkOptions = { chunkSize: number; chunkOverlap: number };

/** Sentence ends: Chinese and Western full stops, question and exclamation marks, semicolons, ellipses. */
const SENTENCE_END = /(?<=[。！？；!?;…])|(?<=\.)(?=\s)/u;

/** Sentences of a paragraph, each keeping its end mark. */
export function sentences(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END).map((s) => s.trim()).filter(Boolean);
}

/** Pieces no longer than `size`: sentences, and over-long sentences cut to size. */
export function pieces(paragraph: string, size: number): string[] {
  const out: string[] = [];
  for (const s of sentences(paragraph)) {
    if (s.length <= size) out.push(s);
    else for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  }
  return out;
}

/** Joins two pieces: Chinese text runs on, Latin words get a space. */
export function join(a: string, b: string): string {
  if (!a) return b;
  return /[\u3000-\u9fff\uff00-\uffef]$/u.test(a) || /^[\u3000-\u9fff\uff00-\uffef]/u.test(b) ? a + b : `${a} ${b}`;
}

/**
 * Chunks of about `chunkSize` characters that keep paragraphs together where they fit and never cut a
 * sentence unless it alone is longer than a chunk; each chunk after the first repeats up to `chunkOverlap`
 * characters of whole sentences from the end of the one before. Deterministic: the same text and arguments
 * give the same chunks (reprocessing replaces them, it never adds).
 */
export function splitIntoChunks(text: string, { chunkSize, chunkOverlap }: ChunkOptions): string[] {
  const size = Math.max(50, chunkSize);
  const overlap = Math.max(0, Math.min(chunkOverlap, Math.floor(size / 2)));
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;

  const flush = () => {
    if (!current.length) return;
    chunks.push(current.reduce(join, ''));
    // Carry whole sentences from the end, up to the overlap.
    const carry: string[] = [];
    let carried = 0;
    for (let i = current.length - 1; i >= 0 && carried + current[i].length <= overlap; i--) {
      carry.unshift(current[i]);
      carried += current[i].length;
    }
    current = carry;
    length = carried;
  };

  for (const paragraph of text.split(/\n\s*\n/)) {
    const parts = pieces(paragraph.replace(/\s*\n\s*/g, '\n').trim(), size);
    for (const [i, piece] of parts.entries()) {
      const sep = i === 0 && length > 0 ? 2 : 0; // a paragraph break between paragraphs
      if (length + sep + piece.length > size && length > 0) flush();
      if (i === 0 && current.length && length > 0) current[current.length - 1] += '\n\n';
      current.push(piece);
      length += piece.length + sep;
    }
  }
  const before = chunks.length;
  flush();
  // The last flush may leave only the overlap of a chunk that was already emitted.
  if (chunks.length > before && before > 0 && chunks[chunks.length - 1].length <= overlap && chunks[before - 1].endsWith(chunks[chunks.length - 1])) {
    chunks.pop();
  }
  return chunks.map((c) => c.trim()).filter(Boolean);
}
