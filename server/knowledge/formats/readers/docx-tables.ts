// A Word table as blocks (issue 29): each row with its header cells, so 「DN50 阀门的公称压力是多少」 finds the row.
// The header is the rows marked to repeat on each page (w:tblHeader), else the first row. A cell spanning columns
// (w:gridSpan) or continuing the one above (w:vMerge) gives its value to each column it covers; a nested table is
// flattened into its cell's text. A table of one column is layout, not data: its cells are read as the body is.
import type { Element } from '@xmldom/xmldom';
import { tableRowBlocks } from '../table-text';
import type { TextBlock } from '../types';
import { attribute, childElements } from '../xml-parts';
import { valueOf } from './docx-styles';

/** The most grid columns a row is expanded to (a gridSpan of a billion is a few bytes). */
const MAX_COLUMNS = 1_000;
/** Elements that wrap rows or cells without being one: content controls, custom XML, revisions. */
const WRAPPERS = new Set(['sdt', 'sdtContent', 'customXml', 'ins', 'moveTo']);

/** The `name` children of an element, through the wrappers around them. */
function unwrap(el: Element, name: string): Element[] {
  return childElements(el).flatMap((c) => (c.localName === name ? [c] : WRAPPERS.has(c.localName ?? '') ? unwrap(c, name) : []));
}

const flag = (parent: Element | undefined, name: string) => {
  const el = parent && childElements(parent, name)[0];
  return !!el && !/^(0|false|off)$/i.test(attribute(el, 'val') ?? '');
};

/** A grid cell: its text, and its blocks when it is the cell's first column (not a span's or a merge's repeat). */
type Cell = { text: string; blocks: TextBlock[] };

/** A table's rows and columns as cells, and how many leading rows are its header. `read` gives a cell's blocks. */
function grid(tbl: Element, read: (container: Element) => TextBlock[]): { rows: Cell[][]; headerRows: number } {
  const rows: Cell[][] = [];
  let headerRows = 0;
  let above: Cell[] = [];
  for (const tr of unwrap(tbl, 'tr')) {
    const trPr = childElements(tr, 'trPr')[0];
    const before = Math.min(Number(valueOf(trPr, 'gridBefore')) || 0, MAX_COLUMNS);
    const cells: Cell[] = Array.from({ length: before }, () => ({ text: '', blocks: [] }));
    for (const tc of unwrap(tr, 'tc')) {
      if (cells.length >= MAX_COLUMNS) break;
      const tcPr = childElements(tc, 'tcPr')[0];
      const span = Math.max(1, Math.min(Number(valueOf(tcPr, 'gridSpan')) || 1, MAX_COLUMNS - cells.length));
      const merge = valueOf(tcPr, 'vMerge');
      const continued = merge !== null && merge !== 'restart';
      const blocks = continued ? [] : read(tc);
      const text = continued ? (above[cells.length]?.text ?? '') : blocks.map((b) => b.text.replace(/\s+/g, ' ').trim()).filter(Boolean).join(' ');
      cells.push({ text, blocks }, ...Array.from({ length: span - 1 }, () => ({ text, blocks: [] })));
    }
    if (flag(trPr, 'tblHeader') && headerRows === rows.length) headerRows++;
    rows.push(cells);
    above = cells;
  }
  return { rows, headerRows: Math.max(1, headerRows) };
}

/** A Word table (w:tbl) as blocks: its rows with their header cells, or a one-column table's content as it reads. */
export function tableBlocks(tbl: Element, read: (container: Element) => TextBlock[]): TextBlock[] {
  const { rows, headerRows } = grid(tbl, read);
  if (rows.every((r) => r.filter((c) => c.text).length <= 1)) return rows.flatMap((r) => r.flatMap((c) => c.blocks));
  const columns = Math.max(...rows.map((r) => r.length));
  const header = Array.from({ length: columns }, (_, i) =>
    [...new Set(rows.slice(0, headerRows).map((r) => r[i]?.text ?? '').filter(Boolean))].join(' '));
  // The places of the cells' pictures (their text recognised later) right after the table, not lost with the cells.
  const pictures = rows.flatMap((r) => r.flatMap((c) => c.blocks.filter((b) => b.image !== undefined)));
  return [...tableRowBlocks([header, ...rows.slice(headerRows).map((r) => r.map((c) => c.text))], {}), ...pictures];
}
