// An OFD page's text objects laid out as reading blocks (issue 29): an OFD draws text, it does not say what a line,
// a paragraph or a table is. Runs of text are grouped into lines by their baseline, a line is cut into segments where
// a wide gap separates them (cells, columns), lines whose segments line up under the same columns over two rows or
// more are a table (its first row the header), and the other lines are joined into paragraphs. Units: millimetres
// in, points (from the page's top left) out.
import { join } from '../../chunk';
import { rowWithHeader } from '../table-text';
import type { TextBlock } from '../types';

/** A run of text as drawn: its left edge and baseline, its width and font size, in millimetres on the page. */
export type Run = { text: string; x: number; baseline: number; width: number; size: number };

/** Text between two gaps on one line: a cell of a table, a column of a line, or the whole line. */
type Segment = { text: string; x0: number; x1: number; top: number; bottom: number; size: number };
type Line = { baseline: number; size: number; segments: Segment[] };

const POINTS_PER_MM = 72 / 25.4;
/** A gap wider than this many font sizes separates segments (a table's cells, a form's fields). */
const SEGMENT_GAP = 1.5;
/** A gap wider than this many font sizes between two runs of a segment reads as a space. */
const SPACE_GAP = 0.3;
/** Cells this long (characters) read as prose: two columns of running text are not a table. */
const PROSE_CELL = 20;
/** Type this many times the body's size or larger is a heading's, if its paragraph is at most MAX_HEADING characters. */
const HEADING_RATIO = 1.3;
const MAX_HEADING = 40;
/** A line cut into more pieces than this is not a table's header (a page of scattered glyphs). */
const MAX_COLUMNS = 100;

const round = (n: number) => Math.round(n * 100) / 100;

/** A box in millimetres as the block's box in points: x, y, width, height. */
function box(x0: number, top: number, x1: number, bottom: number): [number, number, number, number] {
  return [round(x0 * POINTS_PER_MM), round(top * POINTS_PER_MM), round((x1 - x0) * POINTS_PER_MM), round((bottom - top) * POINTS_PER_MM)];
}

/**
 * The same text drawn twice at almost the same place (fake bold, a shadow) kept once. Runs are found by text and
 * millimetre cell, so a page of many thousand runs is not compared pair by pair.
 */
function withoutOverprint(runs: Run[]): Run[] {
  const cells = new Map<string, Run[]>();
  const key = (text: string, x: number, y: number) => `${x}|${y}|${text}`;
  const kept: Run[] = [];
  for (const r of runs) {
    const [cx, cy] = [Math.round(r.x), Math.round(r.baseline)];
    const near = (k: Run) => Math.abs(k.x - r.x) < 0.3 * r.size && Math.abs(k.baseline - r.baseline) < 0.3 * r.size;
    let seen = false;
    for (let dx = -1; dx <= 1 && !seen; dx++) for (let dy = -1; dy <= 1 && !seen; dy++) seen = !!cells.get(key(r.text, cx + dx, cy + dy))?.some(near);
    if (seen) continue;
    kept.push(r);
    const k = key(r.text, cx, cy);
    cells.set(k, [...(cells.get(k) ?? []), r]);
  }
  return kept;
}

/** Runs grouped into lines: baselines closer than 0.4 of the smaller font size are one line. */
function lines(runs: Run[]): Line[] {
  const sorted = withoutOverprint(runs).sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const grouped: Run[][] = [];
  for (const r of sorted) {
    const last = grouped[grouped.length - 1];
    if (last && Math.abs(r.baseline - last[0].baseline) <= 0.4 * Math.min(r.size, last[0].size)) last.push(r);
    else grouped.push([r]);
  }
  return grouped.map((line) => {
    const inOrder = line.sort((a, b) => a.x - b.x);
    const size = inOrder.reduce((m, r) => Math.max(m, r.size), 0);
    return { baseline: inOrder[0].baseline, size, segments: segments(inOrder) };
  });
}

/** A line's runs (left to right) cut where a wide gap separates them. */
function segments(runs: Run[]): Segment[] {
  const out: Segment[] = [];
  let current: Segment | null = null;
  for (const r of runs) {
    const gap = current ? r.x - current.x1 : 0;
    if (!current || gap > SEGMENT_GAP * Math.max(r.size, current.size)) {
      current = { text: r.text, x0: r.x, x1: r.x + r.width, top: r.baseline - r.size, bottom: r.baseline + r.size / 5, size: r.size };
      out.push(current);
      continue;
    }
    current.text += gap > SPACE_GAP * r.size ? ` ${r.text}` : r.text;
    current.x1 = Math.max(current.x1, r.x + r.width);
    current.top = Math.min(current.top, r.baseline - r.size);
    current.bottom = Math.max(current.bottom, r.baseline + r.size / 5);
    current.size = Math.max(current.size, r.size);
  }
  return out.map((s) => ({ ...s, text: s.text.trim() })).filter((s) => s.text);
}

/** Which of the columns each segment sits under (overlapping it the most), or null when two share one or one fits none. */
function columnsOf(line: Line, columns: [number, number][]): number[] | null {
  const found: number[] = [];
  for (const s of line.segments) {
    let best = -1;
    let most = 0;
    columns.forEach(([x0, x1], i) => {
      const overlap = Math.min(x1, s.x1) - Math.max(x0, s.x0);
      if (overlap > most) [best, most] = [i, overlap];
    });
    if (best < 0 || found.includes(best) || (found.length && best < found[found.length - 1])) return null;
    found.push(best);
  }
  return found;
}

/** Lines that line up in columns: a table, or (`prose`) columns of running text to be read as paragraphs. */
type Grid = { rows: string[][]; lines: Line[]; prose: boolean };

/**
 * The table that starts at `lines[start]`, if one does: its first line has two segments or more (the header's cells
 * give the columns), and each next line has two or more segments under distinct columns (empty cells allowed); a
 * line of one segment close below a row and under one column continues that row's cell (a wrapped cell).
 */
function gridAt(all: Line[], start: number): Grid | null {
  const head = all[start];
  if (head.segments.length < 2 || head.segments.length > MAX_COLUMNS) return null;
  const columns = head.segments.map((s): [number, number] => [s.x0, s.x1]);
  const rows: string[][] = [head.segments.map((s) => s.text)];
  const used: Line[] = [head];
  for (let i = start + 1; i < all.length; i++) {
    const line = all[i];
    const under = columnsOf(line, columns);
    if (!under) break;
    const previous = used[used.length - 1];
    if (under.length === 1) {
      if (line.baseline - previous.baseline > 1.6 * line.size || rows.length < 2) break;
      const cells = rows[rows.length - 1];
      cells[under[0]] = join(cells[under[0]], line.segments[0].text);
    } else {
      const cells = columns.map(() => '');
      under.forEach((c, k) => (cells[c] = line.segments[k].text));
      rows.push(cells);
      // A wider cell widens its column, so a later row's cell under it is matched.
      under.forEach((c, k) => (columns[c] = [Math.min(columns[c][0], line.segments[k].x0), Math.max(columns[c][1], line.segments[k].x1)]));
    }
    used.push(line);
  }
  if (rows.length < 2) return null;
  const cells = rows.flat().filter(Boolean);
  return { rows, lines: used, prose: cells.filter((c) => c.length >= PROSE_CELL).length * 2 > cells.length };
}

/** The box of some lines together. */
function linesBox(group: Line[]): [number, number, number, number] {
  let [x0, top, x1, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of group.flatMap((l) => l.segments)) {
    [x0, top, x1, bottom] = [Math.min(x0, s.x0), Math.min(top, s.top), Math.max(x1, s.x1), Math.max(bottom, s.bottom)];
  }
  return box(x0, top, x1, bottom);
}

const lineText = (line: Line) => line.segments.map((s) => s.text).join(' ');

/** Lines as one paragraph: Chinese runs on, Latin words get a space (each pair judged alone: linear in the text). */
function joinLines(lines: string[]): string {
  return lines.map((line, i) => (i === 0 || join(lines[i - 1], line) === lines[i - 1] + line ? line : ` ${line}`)).join('');
}
const left = (line: Line) => line.segments[0].x0;
const right = (line: Line) => line.segments[line.segments.length - 1].x1;

/**
 * Whether `next` goes on in the paragraph of `lines`: close below it, in the same font size, not indented as a new
 * paragraph's first line is, and the line before it was not cut short (a paragraph's last line).
 */
function continues(paragraph: Line[], rightmost: number, next: Line): boolean {
  const last = paragraph[paragraph.length - 1];
  const size = Math.max(last.size, next.size);
  if (next.baseline - last.baseline > 2 * size) return false;
  if (Math.abs(next.size - last.size) > 0.15 * size) return false;
  if (left(next) > left(last) + 1.5 * size) return false;
  return right(last) >= rightmost - 2 * size;
}

/** Font sizes rounded to a tenth of a millimetre, so sizes written with noise compare equal. */
const sizeKey = (size: number) => Math.round(size * 10) / 10;

/**
 * Heading levels by type size: an OFD says nothing of headings, but its titles are set larger than its text. Sizes at
 * least HEADING_RATIO times the body's (the size most characters are set in) are headings, the largest level 1, at
 * most three levels.
 */
export function headingLevels(runs: Run[]): (size: number) => number | undefined {
  const chars = new Map<number, number>();
  for (const r of runs) chars.set(sizeKey(r.size), (chars.get(sizeKey(r.size)) ?? 0) + r.text.length);
  let [body, most] = [0, -1];
  for (const [size, count] of chars) if (count > most) [body, most] = [size, count];
  const larger = [...chars.keys()].filter((size) => size >= body * HEADING_RATIO).sort((a, b) => b - a).slice(0, 3);
  return (size) => {
    const i = larger.indexOf(sizeKey(size));
    return i < 0 ? undefined : i + 1;
  };
}

/**
 * A page's runs as blocks, in reading order from top to bottom: tables as rows with their header, short paragraphs
 * in a heading's type size (`levels`) as headings, the rest as paragraphs.
 */
export function pageBlocks(runs: Run[], page: number, levels: (size: number) => number | undefined = () => undefined): TextBlock[] {
  const all = lines(runs.filter((r) => r.text.trim()));
  const out: TextBlock[] = [];
  let paragraph: Line[] = [];
  let rightmost = -Infinity;
  const flush = () => {
    const text = joinLines(paragraph.map(lineText));
    const level = text.length <= MAX_HEADING ? levels(paragraph.reduce((m, l) => Math.max(m, l.size), 0)) : undefined;
    if (paragraph.length) out.push({ kind: level ? 'heading' : 'paragraph', ...(level ? { level } : {}), text, at: { page, box: linesBox(paragraph) } });
    paragraph = [];
    rightmost = -Infinity;
  };
  const add = (line: Line) => {
    if (paragraph.length && !continues(paragraph, rightmost, line)) flush();
    paragraph.push(line);
    rightmost = Math.max(rightmost, right(line));
  };
  for (let i = 0; i < all.length; i++) {
    const grid = gridAt(all, i);
    if (grid?.prose) {
      // Not looked at again line by line: a page of many such lines stays linear.
      grid.lines.forEach(add);
      i += grid.lines.length - 1;
    } else if (grid) {
      flush();
      const [header, ...body] = grid.rows;
      // The header row's line is the first; each body row spans its own line and the lines continuing it.
      let at = 1;
      body.forEach((cells) => {
        const rowLines = [grid.lines[at]];
        for (at++; at < grid.lines.length && grid.lines[at].segments.length === 1; at++) rowLines.push(grid.lines[at]);
        const text = rowWithHeader(header, cells);
        if (text) out.push({ kind: 'row', text, at: { page, box: linesBox(rowLines) } });
      });
      i += grid.lines.length - 1;
    } else add(all[i]);
  }
  flush();
  return out;
}
