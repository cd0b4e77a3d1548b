// The text forms the document readers give a table row (xlsx, pptx, OpenDocument, docx, OFD): a row found alone in a
// chunk still says what its values are.
import type { SourcePosition, TextBlock } from './types';

/** One row as `header: value` pairs, empty cells left out; a column without a header is named 列N. */
export function rowWithHeader(header: string[], values: string[]): string {
  return values.map((v, i) => (v ? `${header[i] || `列${i + 1}`}: ${v}` : '')).filter(Boolean).join('；');
}

/** A table as lines: each row after the first with the first row's cells as its headers; a one-row table as its cells. */
export function tableLines(rows: string[][]): string[] {
  const [header = [], ...body] = rows;
  if (!body.length) return header.some(Boolean) ? [header.filter(Boolean).join('；')] : [];
  return body.map((row) => rowWithHeader(header, row)).filter(Boolean);
}

/**
 * A table as blocks: each row after the first a `row` block with the first row's cells as its headers, at `at`;
 * with `numbers` (each row's own number, a sheet's), a row also says which row it is. A one-row table is a paragraph.
 */
export function tableRowBlocks(rows: string[][], at: SourcePosition, numbers?: number[]): TextBlock[] {
  const [header = [], ...body] = rows;
  if (!body.length) return header.some(Boolean) ? [{ kind: 'paragraph', text: header.filter(Boolean).join('；'), at }] : [];
  const out: TextBlock[] = [];
  body.forEach((row, i) => {
    const text = rowWithHeader(header, row);
    const n = numbers?.[i + 1];
    if (text) out.push({ kind: 'row', text, at: n === undefined ? at : { ...at, rows: [n, n] } });
  });
  return out;
}
