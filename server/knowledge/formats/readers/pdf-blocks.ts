// A PDF page's lines made into blocks: tables' rows with their header (pdf-tables.ts), paragraphs from line spacing,
// indents and short last lines, and headings where the type is clearly larger than the body's, ranked by size.
// A paragraph's lines stay apart ('\n') until clean.ts has looked at them; joinLines then makes running text.
import { rowWithHeader } from '../table-text';
import type { TextBlock } from '../types';
import { joinsTight, runsText, type Line } from './pdf-lines';
import { pageTables, type TableCarry } from './pdf-tables';

/** A block as read off a page, before headings are known: its kind, lines, page, box, and type size. */
export type Draft = { kind: 'paragraph' | 'row'; text: string; page: number; box: [number, number, number, number]; size: number; lines: number };

/** The box around lines: x, y from the page's top, width and height, in points (to a tenth). */
function boxOf(lines: Line[]): [number, number, number, number] {
  const x = Math.min(...lines.map((l) => l.x));
  const y = Math.min(...lines.map((l) => l.top));
  const right = Math.max(...lines.map((l) => l.right));
  const bottom = Math.max(...lines.map((l) => l.bottom));
  const r = (v: number) => Math.round(v * 10) / 10;
  return [r(x), r(y), r(right - x), r(bottom - y)];
}

const BULLET = /^[•●○◦▪▫■□◆◇‣∙⁃]/;

/** Whether `line` starts a new paragraph after `para` (whose last line is `prev`), whose lines reach `right`. */
function breaksBefore(para: Line[], right: number, line: Line): boolean {
  const prev = para[para.length - 1];
  if (!prev.upright || !line.upright) return true;
  const size = Math.max(prev.size, line.size);
  if (Math.abs(prev.size - line.size) > 0.15 * size) return true;
  const pitch = line.base - prev.base;
  // Up the page or on the same baseline: another column, a note, a label.
  if (pitch <= 0.5 * size) return true;
  const usual = para.length >= 2 ? para[1].base - para[0].base : 1.5 * size;
  if (pitch > Math.max(usual * 1.3, 1.25 * size) + 0.5) return true;
  // A list item starts with its bullet.
  if (BULLET.test(line.runs[0].text)) return true;
  // Indented below the line above: a first line. Back out after two lines or more: the end of an indented block.
  if (line.x > prev.x + size) return true;
  if (para.length >= 2 && line.x < prev.x - size) return true;
  // The line above stopped well short of the paragraph's right edge: it was a last line.
  return prev.right < right - 2 * size;
}

/** The size most of the lines' characters have. */
function sizeOf(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const l of lines) for (const r of l.runs) weight.set(r.size, (weight.get(r.size) ?? 0) + r.text.length);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

/** Lines as paragraphs (each a draft), in order. */
function paragraphDrafts(page: number, lines: Line[]): Draft[] {
  const out: Draft[] = [];
  let para: Line[] = [];
  let right = 0;
  const flush = () => {
    if (!para.length) return;
    out.push({ kind: 'paragraph', text: para.map((l) => runsText(l.runs)).join('\n'), page, box: boxOf(para), size: sizeOf(para), lines: para.length });
    para = [];
    right = 0;
  };
  for (const line of lines) {
    if (para.length && breaksBefore(para, right, line)) flush();
    para.push(line);
    right = Math.max(right, line.right);
  }
  flush();
  return out;
}

/**
 * One page's lines as drafts in reading order: paragraphs, and each table's rows after the header with it; `carry`
 * is the last table of the page before (a table that goes on here keeps its header), and the page gives its own.
 */
export function pageDrafts(page: number, lines: Line[], carry: TableCarry | null = null): { drafts: Draft[]; carry: TableCarry | null } {
  const out: Draft[] = [];
  let from = 0;
  const found = pageTables(lines, page, carry);
  for (const table of found.tables) {
    out.push(...paragraphDrafts(page, lines.slice(from, table.first)));
    const [header, ...body] = table.rows;
    for (const row of body) {
      const text = rowWithHeader(header.cells, row.cells);
      if (text) out.push({ kind: 'row', text, page, box: boxOf(row.lines), size: sizeOf(row.lines), lines: row.lines.length });
    }
    from = table.last + 1;
  }
  out.push(...paragraphDrafts(page, lines.slice(from)));
  return { drafts: out, carry: found.carry };
}

/** A heading's type is at least this much larger than the body's. */
const HEADING_RATIO = 1.15;
/** Deepest heading level given. */
const MAX_LEVEL = 6;

/** Whether a paragraph may be a heading by its shape: a few short lines holding a letter, not a sentence's end. */
function headingShaped(d: Draft): boolean {
  const text = d.text.replace(/\s+/g, '');
  return d.lines <= 3 && text.length <= 80 && /\p{L}/u.test(text) && !/[。；，,;]$/.test(text);
}

/**
 * Drafts as blocks: a paragraph whose type is clearly larger than the body's (the size most paragraph characters
 * have) is a heading, the largest size level 1, the next level 2 and so on.
 */
export function draftBlocks(drafts: Draft[]): TextBlock[] {
  const weight = new Map<number, number>();
  const round = (size: number) => Math.round(size * 2) / 2;
  // The body is running text: a long table in small type does not make every paragraph a heading.
  const prose = drafts.some((d) => d.kind === 'paragraph') ? drafts.filter((d) => d.kind === 'paragraph') : drafts;
  for (const d of prose) weight.set(round(d.size), (weight.get(round(d.size)) ?? 0) + d.text.length);
  const body = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const isHeading = (d: Draft) => d.kind === 'paragraph' && round(d.size) >= body * HEADING_RATIO && headingShaped(d);
  const sizes = [...new Set(drafts.filter(isHeading).map((d) => round(d.size)))].sort((a, b) => b - a);
  return drafts.map((d): TextBlock => {
    const at = { page: d.page, box: d.box };
    if (!isHeading(d)) return { kind: d.kind, text: d.text, at };
    return { kind: 'heading', level: Math.min(sizes.indexOf(round(d.size)) + 1, MAX_LEVEL), text: d.text, at };
  });
}

/** A block's lines joined into running text: nothing between CJK characters, a space elsewhere. */
export function joinLines(block: TextBlock): TextBlock {
  if (!block.text.includes('\n')) return block;
  const text = block.text.split('\n').map((l) => l.trim()).filter(Boolean).reduce((all, line) => {
    if (!all || joinsTight(all, line) || /\p{L}-$/u.test(all)) return all + line;
    return `${all} ${line}`;
  }, '');
  return { ...block, text };
}
