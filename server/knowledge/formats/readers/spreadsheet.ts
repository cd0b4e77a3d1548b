// Spreadsheets (xlsx, csv): each sheet's rows with its header row's cells as their headers, each row knowing its sheet
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

/** A sheet's row: its number, its cells' text, and whether one of its cells is merged into a cell of a row above. */
type SheetRow = [number, string[], boolean?];

/** How many single-value rows (a title, a unit, a date) may stand above a sheet's header row. */
const MAX_TITLE_ROWS = 5;

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))];
/** Whether most filled cells are words rather than numbers: a header row's are. */
const mostlyText = (values: string[]) => {
  const filled = values.filter(Boolean);
  return filled.filter((v) => !/^[-+]?[\d.,%\s]+$/.test(v)).length * 2 > filled.length;
};

/**
 * Rows (each with its number) as blocks: the sheet's name as a title (when it has one), then each row with the
 * header's cells. The header is the first row, unless the sheet opens with rows of one value (a title over the
 * table, merged across it) above a row of two words or more: those rows are then paragraphs and that row the header.
 * Rows merged into the header from below (a two-row header: 「参数」 over 「公称通径」「公称压力」) join it.
 */
export function rowBlocks(rows: Iterable<SheetRow>, name: string): TextBlock[] {
  const sheet = name ? { sheet: name } : {};
  const blocks: TextBlock[] = name ? [{ kind: 'title', text: `【${name}】`, at: { sheet: name } }] : [];
  let header: string[] | null = null;
  let inHeader = false;
  const above: SheetRow[] = [];
  const emit = ([n, values]: SheetRow) => {
    const text = rowWithHeader(header ?? [], values);
    if (text) blocks.push({ kind: 'row', text, at: { ...sheet, rows: [n, n] } });
  };
  const firstAsHeader = () => {
    const [first, ...rest] = above;
    header = first[1];
    rest.forEach(emit);
  };
  for (const row of rows) {
    const [, values, mergedAbove] = row;
    if (header === null) {
      if (!values.some(Boolean)) continue;
      const count = distinct(values).length;
      if (count < 2 && above.length < MAX_TITLE_ROWS) above.push(row);
      else if (count >= 2 && mostlyText(values)) {
        for (const [n, v] of above) blocks.push({ kind: 'paragraph', text: distinct(v).join(' '), at: { ...sheet, rows: [n, n] } });
        header = values;
        inHeader = true;
      } else {
        above.push(row);
        firstAsHeader();
      }
    } else if (inHeader && mergedAbove) {
      header = header.map((h, i) => (values[i] && values[i] !== h ? (h ? `${h} ${values[i]}` : values[i]) : h));
    } else {
      inHeader = false;
      emit(row);
    }
  }
  if (header === null && above.length) firstAsHeader();
  return blocks;
}

/** A sheet's non-empty rows with their numbers, each saying whether it continues a merged cell from a row above. */
function* sheetRows(sheet: Worksheet): Generator<SheetRow> {
  const rows: SheetRow[] = [];
  sheet.eachRow((row, n) => {
    let mergedAbove = false;
    row.eachCell((cell) => {
      if (cell.isMerged && cell.master.fullAddress.row < n) mergedAbove = true;
    });
    rows.push([n, (row.values as unknown[]).slice(1).map((v) => cellText(v)), mergedAbove]);
  });
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
