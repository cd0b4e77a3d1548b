// Tesseract's TSV output (one row per page, block, paragraph, line and word, each with its pixel box) made into
// paragraphs with their boxes. Both engines give the same TSV, so one reading serves both.
import type { Box } from './page-image';

/** A recognised paragraph: its text, lines joined, and its box in the recognised image's pixels. */
export type OcrParagraph = { text: string; box: Box };

/** Han, kana, hangul and CJK punctuation: written without spaces between them. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/**
 * Two pieces of text joined as written: with a space between Latin words and numbers, without one where either side
 * is Chinese (Tesseract separates Chinese "words" with spaces that are not in the text).
 */
export function joinWords(left: string, right: string): string {
  if (!left) return right;
  if (!right) return left;
  return CJK.test(left.at(-1) ?? '') || CJK.test(right[0]) ? left + right : `${left} ${right}`;
}

type Paragraph = { lines: Map<number, string>; box: Box };

function union(a: Box, b: Box): Box {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
}

/** The paragraphs of one page's TSV in reading order; paragraphs without any recognised word are left out. */
export function paragraphsOfTsv(tsv: string): OcrParagraph[] {
  const paragraphs = new Map<string, Paragraph>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    // level page block paragraph line word left top width height confidence text; level 5 is a word.
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [block, paragraph, line] = [cells[2], cells[3], Number(cells[4])];
    const box: Box = [Number(cells[6]), Number(cells[7]), Number(cells[8]), Number(cells[9])];
    const key = `${block}.${paragraph}`;
    const found = paragraphs.get(key);
    if (!found) {
      paragraphs.set(key, { lines: new Map([[line, text]]), box });
      continue;
    }
    found.lines.set(line, joinWords(found.lines.get(line) ?? '', text));
    found.box = union(found.box, box);
  }
  return [...paragraphs.values()].map((p) => ({ text: [...p.lines.values()].reduce(joinWords, ''), box: p.box }));
}
