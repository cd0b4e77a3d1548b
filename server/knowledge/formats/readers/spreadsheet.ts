// Spreadsheets (xlsx, csv): each sheet's rows with the first row's cells as their headers, each row knowing its sheet
// and its number, so a row found alone in a chunk still says what its values are and where it is.
import type { Workbook, Worksheet } from 'exceljs';
import { decodeText } from '../../file-types';
import { rowWithHeader } from '../table-text';
import type { Reader, TextBlock } from '../types';

/** exceljs takes a third of a second to load: only when a workbook is read, not at server start. */
const loadExcel = async () => (await import('exceljs')).default;

/** A spreadsheet cell as text (rich text joined, formulas by their result, dates as YYYY-MM-DD). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    return '';
  }
  return String(v).trim();
}

/** Rows (each with its number) as blocks: the sheet's name as a title (when it has one), then each row after the first with its headers. */
export function rowBlocks(rows: Iterable<[number, string[]]>, name: string): TextBlock[] {
  const blocks: TextBlock[] = name ? [{ kind: 'title', text: `【${name}】`, at: { sheet: name } }] : [];
  let header: string[] | null = null;
  for (const [n, values] of rows) {
    if (header === null) {
      if (values.some(Boolean)) header = values;
      continue;
    }
    const text = rowWithHeader(header, values);
    if (text) blocks.push({ kind: 'row', text, at: { ...(name ? { sheet: name } : {}), rows: [n, n] } });
  }
  return blocks;
}

/** A sheet's non-empty rows with their numbers. */
function* sheetRows(sheet: Worksheet): Generator<[number, string[]]> {
  const rows: [number, string[]][] = [];
  sheet.eachRow((row, n) => rows.push([n, (row.values as unknown[]).slice(1).map((v) => cellText(v))]));
  yield* rows;
}

/**
 * CSV records (RFC 4180, leniently: a quote only opens a quoted field at the field's start, a stray one elsewhere is
 * text; a lone quoted field runs to the end) with their line numbers; the delimiter is a tab when the first line has
 * tabs and no commas, else a comma.
 */
export function* csvRecords(text: string): Generator<[number, string[]]> {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    for (;;) {
      if (text[i] === '"' && field === '') {
        // A quoted field: "" is a quote; it ends at a quote not followed by another.
        for (i++; i < text.length; i++) {
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i++;
            } else {
              i++;
              break;
            }
          } else {
            if (text[i] === '\n') line++;
            field += text[i];
          }
        }
      }
      const c = text[i];
      if (c === undefined || c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
        fields.push(field.trim());
        i += c === '\r' ? 2 : 1;
        line++;
        break;
      }
      if (c === delimiter) {
        fields.push(field.trim());
        field = '';
      } else field += c;
      i++;
    }
    if (fields.some(Boolean)) yield [start, fields];
  }
}

export const readXlsx: Reader = async (bytes) => {
  const book: Workbook = new (await loadExcel()).Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const blocks: TextBlock[] = [];
  book.eachSheet((sheet) => blocks.push(...rowBlocks(sheetRows(sheet), sheet.name)));
  return { blocks };
};

/** A CSV file (UTF-8 or GB18030) as one sheet without a name. */
export const readCsv: Reader = async (bytes) => {
  const text = decodeText(bytes);
  if (text === null) throw new Error('not text');
  return { blocks: rowBlocks(csvRecords(text), '') };
};
