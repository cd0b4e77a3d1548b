// Excel 97-2003 workbooks (.xls, BIFF) and WPS 表格 files (.et, the same container), read with SheetJS (@e965/xlsx,
// issue 29): each sheet's rows with the first row's cells as their headers, each row knowing its sheet and number, as
// readers/spreadsheet.ts gives xlsx. SheetJS never evaluates formulas (a cell's cached result is read); it is told not
// to parse them, styles, number formats, VBA, properties or HTML either. A workbook with a password fails with the reason.
import type { CellObject, ParsingOptions, WorkSheet } from '@e965/xlsx';
import { PermanentJobError } from '../../../jobs/worker';
import { biffEncrypted, ENCRYPTED_REASON, openCompound, streamOf } from '../compound';
import type { Reader, TextBlock } from '../types';
import { rowBlocks } from './spreadsheet';

/** SheetJS, with the code pages of BIFF5 (Excel 95) text, loaded with the first workbook. */
async function sheetJs() {
  const XLSX = await import('@e965/xlsx');
  XLSX.set_cptable(await import('@e965/xlsx/dist/cpexcel.full.mjs'));
  return XLSX;
}

/** Values only: no formulas, styles, formats, macros, properties, rich text or stub cells. */
const OPTIONS: ParsingOptions = {
  type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false, cellText: true,
  cellDates: true, bookVBA: false, bookDeps: false, bookFiles: false, bookProps: false, sheetStubs: false,
};

/** A cell as text: a date as YYYY-MM-DD, a number or a boolean as Excel shows it, an error as nothing. */
function xlsCellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.t === 'e' || cell.t === 'z') return '';
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.t === 's' ? cell.v : (cell.w ?? cell.v)).trim();
}

/** A dense sheet's rows with their numbers (from 1), in the sheet's columns. */
function* sheetRows(sheet: WorkSheet, decodeRange: (ref: string) => { s: { c: number; r: number }; e: { c: number } }): Generator<[number, string[]]> {
  const data = sheet['!data'] as CellObject[][] | undefined;
  if (!data || !sheet['!ref']) return;
  const range = decodeRange(sheet['!ref']);
  for (let r = range.s.r; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const values: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) values.push(xlsCellText(row[c]));
    if (values.some(Boolean)) yield [r + 1, values];
  }
}

/** Whether a compound file's workbook has a password to open (its FilePass record). */
function encrypted(bytes: Buffer): boolean {
  const container = openCompound(bytes);
  const book = streamOf(container, 'Workbook') ?? streamOf(container, 'Book');
  return book !== null && biffEncrypted(book);
}

/** An xls or et workbook: each sheet as its name, then its rows with their headers. */
export const readXls: Reader = async (bytes) => {
  if (encrypted(bytes)) throw new PermanentJobError(ENCRYPTED_REASON);
  const XLSX = await sheetJs();
  let book;
  try {
    book = XLSX.read(bytes, OPTIONS);
  } catch (err) {
    if (/password/i.test((err as Error).message)) throw new PermanentJobError(ENCRYPTED_REASON);
    throw err;
  }
  const blocks: TextBlock[] = [];
  for (const name of book.SheetNames) blocks.push(...rowBlocks(sheetRows(book.Sheets[name], XLSX.utils.decode_range), name));
  return { blocks };
};
