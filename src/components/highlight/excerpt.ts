/** A piece of a passage: plain text, or a match of one of the searched words. */
export type TextPart = { text: string; match: boolean };

/** What to show of a passage: where it starts and ends, and its parts. */
export type Excerpt = { parts: TextPart[]; cutStart: boolean; cutEnd: boolean };

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The passage around its first match, at most `max` characters (the whole of it when shorter), split into plain
 * parts and matches of `words` (case aside, longest word first). Starts `lead` characters before the first match,
 * so the matching words are never cut away as a plain truncation from the start would.
 */
export function excerpt(text: string, words: readonly string[], max = Infinity, lead = 40): Excerpt {
  const wanted = [...new Set(words.map((w) => w.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  const pattern = wanted.length ? new RegExp(wanted.map(escape).join('|'), 'giu') : null;
  let start = 0;
  let end = text.length;
  if (text.length > max) {
    const first = pattern ? text.search(pattern) : -1;
    start = first > lead ? Math.min(first - lead, text.length - max) : 0;
    end = start + max;
  }
  const shown = text.slice(start, end);
  const parts: TextPart[] = [];
  let at = 0;
  if (pattern) {
    for (const m of shown.matchAll(pattern)) {
      if (m.index > at) parts.push({ text: shown.slice(at, m.index), match: false });
      parts.push({ text: m[0], match: true });
      at = m.index + m[0].length;
    }
  }
  if (at < shown.length) parts.push({ text: shown.slice(at), match: false });
  return { parts, cutStart: start > 0, cutEnd: end < text.length };
}
