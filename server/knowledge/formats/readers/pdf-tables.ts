// Tables of a PDF page found by alignment (issue 29 §4): text set in a grid, each line split into cells by wide gaps,
// the cells of the lines below the first falling each inside one column of the first. Conservative on purpose: a
// line that crosses a column's edge ends the table, and prose (one cell a line) never starts one.
import { isPageNumber, isTocLine } from '../clean';
import { runsText, segmentsOf, type Line } from './pdf-lines';

/** A cell of a line: its text and where it starts and ends. */
type Cell = { text: string; x: number; right: number };

/** A table found among a page's lines: its first and last line, its rows (the first is the header), its columns' starts. */
export type PageTable = { first: number; last: number; rows: { cells: string[]; lines: Line[] }[]; starts: number[] };

/** The lines of a table lie this close, in ems: farther apart, the grid has ended. */
const MAX_ROW_PITCH_EMS = 3;

/** A line's cells: its runs split at wide gaps. */
function cellsOf(line: Line): Cell[] {
  return segmentsOf(line).map((runs) => ({
    text: runsText(runs).trim(), x: runs[0].x, right: Math.max(...runs.map((r) => r.right)),
  }));
}

/** Whether a line may be part of a table: upright, and neither a table-of-contents entry nor a page number. */
function tabular(line: Line): boolean {
  if (!line.upright) return false;
  const text = runsText(line.runs);
  return !isTocLine(text) && !isPageNumber(text);
}

/**
 * The column of each cell, given where each column after the first starts (the header's cells' left edges, a little
 * to their left): a cell belongs to a column when it lies wholly inside it. Null when a cell crosses an edge or two
 * cells share a column.
 */
function place(cells: Cell[], starts: number[]): number[] | null {
  const out: number[] = [];
  for (const cell of cells) {
    const column = starts.filter((s) => s <= cell.x).length;
    const end = starts[column] ?? Infinity;
    if (cell.right > end || (out.length && column <= out[out.length - 1])) return null;
    out.push(column);
  }
  return out;
}

/**
 * The last table read, for a table that goes on after a break: onto the next page, or past rows the grid cannot
 * follow (a cell wrapped with its neighbour centred beside it). Its header and columns carry over when the lines
 * that follow fill the same columns soon enough.
 */
export type TableCarry = { header: string[]; starts: number[]; page: number; base: number; size: number; atBottom: boolean };

/** Lines of a page at most this many from its top or bottom are at its edge (a running header or footer apart). */
const EDGE_LINES = 3;
/** A table interrupted for less than this (in ems) goes on with its header. */
const MAX_BREAK_EMS = 12;

/** The header and columns a table starting at line `first` (with these cells) takes over from the last table, if any. */
function inherited(lines: Line[], first: number, cells: Cell[], page: number, carry: TableCarry | null): TableCarry | null {
  if (!carry || cells.length !== carry.header.length) return null;
  const columns = place(cells, carry.starts);
  if (!columns || columns.some((c, k) => c !== k)) return null;
  const head = lines[first];
  if (Math.abs(head.size - carry.size) > 0.1 * carry.size) return null;
  const soon = carry.page === page
    ? head.base > carry.base && head.base - carry.base <= MAX_BREAK_EMS * head.size
    : carry.page === page - 1 && carry.atBottom && first < EDGE_LINES;
  // The header printed again at the top of the page is the header still, not a row.
  return soon && cells.some((c, k) => c.text !== carry.header[k]) ? carry : null;
}

/** The table that starts at line `first`, or null when the lines there are not one. */
function tableAt(lines: Line[], first: number, page: number, carry: TableCarry | null): PageTable | null {
  const head = lines[first];
  if (segmentsOf(head).length < 2 || !tabular(head)) return null;
  const headCells = cellsOf(head);
  const before = inherited(lines, first, headCells, page, carry);
  const header = before ? before.header : headCells.map((c) => c.text);
  const starts = before ? before.starts : headCells.slice(1).map((c) => c.x - 0.3 * head.size);
  const rows: PageTable['rows'] = [{ cells: header, lines: before ? [] : [head] }];
  if (before) rows.push({ cells: headCells.map((c) => c.text), lines: [head] });
  let last = first;
  for (let i = first + 1; i < lines.length; i++) {
    const line = lines[i];
    const pitch = line.base - lines[i - 1].base;
    if (!tabular(line) || pitch <= 0.5 * line.size || pitch > MAX_ROW_PITCH_EMS * Math.max(line.size, head.size)) break;
    // A table is set in one size: a line in another (a heading below a heading) is not one of its rows.
    if (Math.abs(line.size - head.size) > 0.1 * head.size) break;
    const cells = cellsOf(line);
    const columns = place(cells, starts);
    if (!columns) break;
    // A line whose first column is empty continues the row above (a cell's text wrapped onto a second line).
    const continued = columns[0] !== 0;
    if (!continued && cells.length < 2) break;
    const row = continued ? rows[rows.length - 1] : { cells: header.map(() => ''), lines: [] as Line[] };
    cells.forEach((c, k) => {
      const at = columns[k];
      row.cells[at] = row.cells[at] ? `${row.cells[at]} ${c.text}` : c.text;
    });
    row.lines.push(line);
    if (!continued) rows.push(row);
    last = i;
  }
  // Carried onto a new page, a lone line is more likely the page's running header than one row going on.
  const least = before && before.page !== page ? 3 : 2;
  return rows.length >= least ? { first, last, rows, starts } : null;
}

/**
 * The tables among a page's lines (in order, not overlapping), and what the next page's tables may carry over.
 * `carry` is what the page before left.
 */
export function pageTables(lines: Line[], page: number, carry: TableCarry | null): { tables: PageTable[]; carry: TableCarry | null } {
  const tables: PageTable[] = [];
  let last = carry;
  for (let i = 0; i < lines.length; i++) {
    const table = tableAt(lines, i, page, last);
    if (!table) continue;
    tables.push(table);
    const end = lines[table.last];
    last = { header: table.rows[0].cells, starts: table.starts, page, base: end.base, size: end.size, atBottom: table.last >= lines.length - EDGE_LINES };
    i = table.last;
  }
  return { tables, carry: last && last.page === page ? last : null };
}
