// Clean-up of paged text (issue 29 §4): what a page repeats around its text (running headers and footers), bare page
// numbers and table-of-contents lines become chunks of their own and crowd real passages out of recall. A paged
// reader (PDF, OFD) gives blocks whose text keeps its line breaks; this removes those lines, and blocks left empty.
import type { TextBlock } from './types';

/** Page numbers as printed alone: 12, - 12 -, 第 12 页 (第 12 页 共 80 页), 12 / 80, Page 12 of 80, xii (front matter). */
const PAGE_NUMBER = [
  /^[-–—_~·•]*\s*\d{1,4}\s*[-–—_~·•]*$/,
  /^第\s*[\d一二三四五六七八九十百零〇]{1,6}\s*页(\s*[,，/、]?\s*共\s*[\d一二三四五六七八九十百零〇]{1,6}\s*页)?$/,
  /^共\s*\d{1,4}\s*页\s*[,，/、]?\s*第\s*\d{1,4}\s*页$/,
  /^\d{1,4}\s*[/／]\s*\d{1,4}$/,
  /^(page|p\.?)\s*\d{1,4}(\s*(of|\/)\s*\d{1,4})?$/i,
  /^(?=[ivxlc])c{0,3}(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/,
];

/** Whether a line is only a page number. */
export function isPageNumber(line: string): boolean {
  const text = line.trim();
  return text.length > 0 && PAGE_NUMBER.some((re) => re.test(text));
}

/** A title, then a dot leader (three or more dots, spaced or not, middle dots, ellipses) to its end. */
const LEADER_AFTER_TITLE = /[\p{L}\p{N}][^]*?\s*(?:(?:[.·•．。]\s*){3,}|[…⋯]+\s*)$/u;
/** A title that starts with a section number (3.2, 第三章, 附录 A, Chapter 2). */
const NUMBERED = /^(\d+(\.\d+)*\.?\s|第\s*[\d一二三四五六七八九十百零〇]+\s*[章节篇部条]|附录|chapter\s+\d|section\s+\d|appendix\s)/i;

/**
 * Whether a line is a table-of-contents entry: a title, then a dot leader or (for a numbered title) a wide gap —
 * two spaces or more, as the PDF reader writes a gap of an em or more — then a page number (`3.2 安装要求 …… 12`,
 * `第三章 安装    12`).
 */
export function isTocLine(line: string): boolean {
  // Most lines do not end in a page number: the cheap test first.
  if (!/[\divxlc]\s*$/.test(line)) return false;
  const m = /^(.*?\S)(\s*)(\d{1,4}|(?<=[\s.·…])[ivxlc]{1,7})$/.exec(line.trim());
  if (!m) return false;
  const [, head, gap] = m;
  if (LEADER_AFTER_TITLE.test(head)) return true;
  return NUMBERED.test(head) && (gap.length >= 2 || gap.includes('\u3000'));
}

/**
 * A line for comparing across pages: without its numbers (a header that holds its page number, `49 / 223` or the
 * front matter's `iv`) and spaces.
 */
function repeatKey(line: string): string {
  return line.replace(/(^|\s)[ivxlc]{1,7}(?=\s|$)/g, '$1').replace(/\d+/g, '').replace(/[\s/／]+/g, '');
}

/** How many blocks at the top and at the bottom of a page may be a running header or footer. */
const EDGE_BLOCKS = 2;

/** The lines of a block that sit at its page's edge: all of a short block, else the first (top) or last (bottom). */
type EdgeLine = { block: number; line: number };

/** Each page's edge lines: those of its top and bottom blocks (by box when blocks have one, else in order). */
function edgeLines(blocks: TextBlock[], lines: string[][]): Map<number, EdgeLine[]> {
  const byPage = new Map<number, number[]>();
  blocks.forEach((b, i) => {
    if (b.at.page === undefined || b.kind === 'row') return;
    const list = byPage.get(b.at.page) ?? [];
    list.push(i);
    byPage.set(b.at.page, list);
  });
  const out = new Map<number, EdgeLine[]>();
  for (const [page, indexes] of byPage) {
    const ordered = [...indexes].sort((a, b) => (blocks[a].at.box?.[1] ?? a) - (blocks[b].at.box?.[1] ?? b) || a - b);
    const top = ordered.slice(0, EDGE_BLOCKS);
    const bottom = ordered.slice(-EDGE_BLOCKS).filter((i) => !top.includes(i));
    const edges: EdgeLine[] = [];
    const take = (i: number, first: boolean) => {
      const n = lines[i].length;
      if (n <= 2) for (let l = 0; l < n; l++) edges.push({ block: i, line: l });
      else edges.push({ block: i, line: first ? 0 : n - 1 });
    };
    top.forEach((i) => take(i, true));
    bottom.forEach((i) => take(i, false));
    out.set(page, edges);
  }
  return out;
}

/**
 * Paged blocks without their running headers and footers (an edge line that, digits aside, repeats on at least
 * half of the pages of a document of three pages or more), bare page numbers at the page's edges, and
 * table-of-contents lines anywhere. Rows are left alone; a block whose lines all go is dropped. Blocks keep their
 * line breaks ('\n'); the caller joins lines after.
 */
export function cleanPagedBlocks(blocks: TextBlock[]): TextBlock[] {
  const lines = blocks.map((b) => b.text.split('\n'));
  const drop = lines.map((l) => l.map(() => false));
  const edges = edgeLines(blocks, lines);
  const pages = edges.size;
  const seen = new Map<string, Set<number>>();
  for (const [page, list] of edges) {
    for (const { block, line } of list) {
      const key = repeatKey(lines[block][line]);
      if (!key) continue;
      const set = seen.get(key) ?? new Set<number>();
      set.add(page);
      seen.set(key, set);
    }
  }
  for (const list of edges.values()) {
    for (const { block, line } of list) {
      const text = lines[block][line];
      const repeated = pages >= 3 && (seen.get(repeatKey(text))?.size ?? 0) * 2 >= pages;
      if (repeated || isPageNumber(text)) drop[block][line] = true;
    }
  }
  const out: TextBlock[] = [];
  blocks.forEach((b, i) => {
    if (b.kind === 'row') {
      out.push(b);
      return;
    }
    const kept = lines[i].filter((l, j) => !drop[i][j] && !isTocLine(l));
    if (kept.some((l) => l.trim())) out.push(kept.length === lines[i].length ? b : { ...b, text: kept.join('\n') });
  });
  return out;
}
