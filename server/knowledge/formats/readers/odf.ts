// OpenDocument files (issue 29), all from content.xml: a text document's headings (with their outline level),
// paragraphs, lists and tables; a spreadsheet's sheets with their row numbers; a presentation's slides with their
// speaker notes. Tables are told row by row with their header cells, as xlsx sheets are.
import type { Element } from '@xmldom/xmldom';
import { tableRowBlocks } from '../table-text';
import type { Reader, SourcePosition, TextBlock } from '../types';
import { attribute, childElements, isText, openPackage } from '../xml-parts';

const CONTENT = 'content.xml';
const MANIFEST = 'META-INF/manifest.xml';

/**
 * Rows and columns a sheet may expand to. `number-rows-repeated` and `number-columns-repeated` let a few bytes claim a
 * million rows (LibreOffice writes the empty rest of a sheet so): empty ones are never expanded, and a table stops
 * at these caps, a document at MAX_CELLS filled cells.
 */
export const MAX_TABLE_ROWS = 100_000;
const MAX_COLUMNS = 1_024;
const MAX_CELLS = 1_000_000;
const MAX_SPACES = 100;

/** Elements whose text is not the document's: notes and comments, deleted text kept for change tracking, slide notes (read apart). */
const SKIPPED = new Set(['note', 'annotation', 'tracked-changes', 'notes', 'forms']);

type Budget = { cells: number };

/** A paragraph's or heading's text: spans and links, `text:s` spaces, tabs and line breaks. */
function inline(el: Element): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (isText(n)) out += n.nodeValue ?? '';
    else if (n.nodeType !== 1) continue;
    else {
      const e = n as Element;
      if (e.localName === 's') out += ' '.repeat(Math.min(Number(attribute(e, 'c')) || 1, MAX_SPACES));
      else if (e.localName === 'tab') out += '\t';
      else if (e.localName === 'line-break') out += '\n';
      else if (!SKIPPED.has(e.localName ?? '')) out += inline(e);
    }
  }
  return out;
}

/** The blocks below an element in reading order: headings (their outline level), paragraphs (lists' included), tables as rows. */
function blocks(el: Element, budget: Budget, at: SourcePosition, out: TextBlock[] = []): TextBlock[] {
  for (const child of childElements(el)) {
    const name = child.localName;
    if (name === 'h') out.push({ kind: 'heading', level: Math.max(1, Number(attribute(child, 'outline-level')) || 1), text: inline(child).trim(), at });
    else if (name === 'p') out.push({ kind: 'paragraph', text: inline(child).trim(), at });
    else if (name === 'table') out.push(...tableRowBlocks(tableRows(child, budget), at));
    else if (!SKIPPED.has(name ?? '') && attribute(child, 'class') !== 'title') blocks(child, budget, at, out);
  }
  return out.filter((b) => b.text);
}

/** The blocks' text on one line (a cell, a title). */
const lineOf = (found: TextBlock[]) => found.map((b) => b.text).join(' ').replace(/\n/g, ' ');

/** A table's row elements, through header rows, row groups and the like. */
function rowElements(el: Element): Element[] {
  return childElements(el).flatMap((c) => (c.localName === 'table-row' ? [c] : /^table-(header-rows|rows|row-group)$/.test(c.localName ?? '') ? rowElements(c) : []));
}

const repeated = (el: Element, name: string) => Math.max(1, Math.floor(Number(attribute(el, name))) || 1);

/** A cell's text: its paragraphs, or the value a generated file may give without them. */
function cellText(cell: Element, budget: Budget): string {
  return lineOf(blocks(cell, budget, {})) || attribute(cell, 'value') || attribute(cell, 'date-value') || '';
}

/** A table's non-empty rows, repeated rows and cells expanded within the caps; `numbers` gets each row's own number. */
function tableRows(table: Element, budget: Budget, numbers: number[] = []): string[][] {
  const rows: string[][] = [];
  let number = 0;
  for (const row of rowElements(table)) {
    const cells: string[] = [];
    let column = 0;
    for (const cell of childElements(row)) {
      if (column >= MAX_COLUMNS) break;
      if (cell.localName !== 'table-cell' && cell.localName !== 'covered-table-cell') continue;
      const times = repeated(cell, 'number-columns-repeated');
      const text = cellText(cell, budget);
      if (!text) column += times;
      else for (let i = 0; i < times && column < MAX_COLUMNS; i++) cells[column++] = text;
    }
    const times = repeated(row, 'number-rows-repeated');
    if (!cells.length) {
      number += times;
      continue;
    }
    const filled = Array.from(cells, (v) => v ?? '');
    for (let i = times; i > 0 && rows.length < MAX_TABLE_ROWS && budget.cells > 0; i--) {
      rows.push(filled);
      numbers.push(++number);
      budget.cells -= filled.length;
    }
    if (rows.length >= MAX_TABLE_ROWS || budget.cells <= 0) break;
  }
  return rows;
}

/** A presentation's slides: title (its title frame, or the page's own name), text frames, then speaker notes. */
function slides(presentation: Element, budget: Budget): TextBlock[] {
  return childElements(presentation, 'page').flatMap((page, i) => {
    const at = { slide: i + 1 };
    const titleFrame = childElements(page).find((f) => attribute(f, 'class') === 'title');
    const name = attribute(page, 'name') ?? '';
    const title = titleFrame ? lineOf(blocks(titleFrame, budget, at)) : /^(page|幻灯片)\s*\d+$/i.test(name) ? '' : name;
    const notes = lineOf(childElements(page, 'notes').flatMap((n) => blocks(n, budget, at)));
    return [
      { kind: 'title' as const, text: `第 ${i + 1} 张幻灯片${title ? `：${title}` : ''}`, at },
      ...blocks(page, budget, at),
      ...(notes ? [{ kind: 'notes' as const, text: `备注：${notes}`, at }] : []),
    ];
  });
}

/** An odt, ods or odp as blocks. */
export const readOdf: Reader = async (bytes, { limits }) => {
  const pkg = await openPackage(bytes, limits, (name) => name === CONTENT || name === MANIFEST);
  // An encrypted package keeps its manifest in clear and says so there; its content.xml is not XML.
  if (pkg.bytes(MANIFEST)?.includes('encryption-data')) throw new Error('encrypted');
  const [body] = childElements(pkg.xml(CONTENT), 'body');
  const budget: Budget = { cells: MAX_CELLS };
  const out: TextBlock[] = [];
  for (const kind of body ? childElements(body) : []) {
    if (kind.localName === 'text') out.push(...blocks(kind, budget, {}));
    else if (kind.localName === 'presentation') out.push(...slides(kind, budget));
    else if (kind.localName === 'spreadsheet') {
      for (const sheet of childElements(kind, 'table')) {
        const name = attribute(sheet, 'name') ?? '';
        const numbers: number[] = [];
        const rows = tableRows(sheet, budget, numbers);
        out.push({ kind: 'title', text: `【${name}】`, at: { sheet: name } }, ...tableRowBlocks(rows, { sheet: name }, numbers));
      }
    }
  }
  return { blocks: out };
};
