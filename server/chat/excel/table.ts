// A spreadsheet (csv or xlsx) made into one DuckDB table: the first sheet, the first row as the header, column
// names trimmed (Chinese names kept), types inferred by DuckDB's CSV reader over all rows. The table is kept as a
// Parquet file beside the upload, so every question loads exactly the types that the model was told.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { decodeText } from '../../knowledge/file-types';
import { PermanentJobError } from '../../jobs/worker';
import { uniqueNames, withDuckDb } from './engine';
import { quoteIdent, quoteLiteral, toJsonSafe } from './values';

/** What is known of a loaded spreadsheet (chat_files.table_meta); the model's prompt is made from it. */
export type TableMeta = {
  /** The table name the model's SQL uses. */
  table: string;
  /** The sheet read (xlsx), or null (csv). */
  sheet: string | null;
  rowCount: number;
  columns: { name: string; type: string }[];
  /** The first rows, JSON-safe, as arrays in column order (a jsonb object would not keep the key order). */
  sample: unknown[][];
};

export const SAMPLE_ROWS = 5;
/** Longer sample texts are cut (they go into every prompt). */
const MAX_SAMPLE_TEXT = 200;
const DEFAULT_TABLE = 'excel_data';

/** The table name for a file: its name in lower-case ASCII words (sales-2024.csv → sales_2024), else excel_data. */
export function tableNameFor(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  if (!base || base.replace(/[_\d]/g, '').length < 2) return DEFAULT_TABLE;
  return /^\d/.test(base) ? `t_${base}` : base;
}

const excel = async () => (await import('exceljs')).default;
const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as CSV text: dates ISO (with the time only when there is one), formulas by their result. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const time = v.getUTCHours() + v.getUTCMinutes() + v.getUTCSeconds() ? ` ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}` : '';
    return day + time;
  }
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
    return '';
  }
  return String(v);
}

const csvField = (s: string) => (/[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

type SheetCsv = { sheet: string; header: string[] };

/**
 * Streams the first sheet of a workbook into `target` as CSV (data rows only, empty rows skipped), so a large
 * workbook is never held in memory whole. Answers the sheet's name and its header row, widened to the widest row.
 */
async function xlsxToCsv(bytes: Buffer, target: string): Promise<SheetCsv> {
  const ExcelJS = await excel();
  const out = createWriteStream(target, { mode: 0o600 });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit',
  });
  let sheet: string | null = null;
  let header: string[] | null = null;
  let width = 0;
  let rows = 0;
  try {
    for await (const worksheet of reader) {
      sheet = (worksheet as unknown as { name?: string }).name ?? 'Sheet1';
      for await (const row of worksheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (!values.some((v) => v.trim())) continue;
        if (!header) {
          header = values;
          continue;
        }
        width = Math.max(width, values.length);
        if (!out.write(`${values.map(csvField).join(',')}\n`)) await once(out, 'drain');
        rows++;
      }
      break; // the first sheet only
    }
  } catch (err) {
    throw new PermanentJobError(`电子表格无法读取（可能已损坏或加密）：${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  if (sheet === null) throw new PermanentJobError('电子表格中没有工作表');
  if (!header) throw new PermanentJobError('表格是空的');
  if (rows === 0) throw new PermanentJobError('表格中只有表头，没有数据行');
  return { sheet, header: Array.from({ length: Math.max(header.length, width) }, (_, i) => header[i] ?? '') };
}

/** A column name as the model sees it: trimmed, one line, never empty. */
function cleanName(name: string, index: number): string {
  const cleaned = name.replace(/\s+/g, ' ').trim();
  return !cleaned || /^column\d+$/.test(cleaned) ? `列${index + 1}` : cleaned.slice(0, 100);
}

/**
 * Loads a spreadsheet, writes its table to `parquetPath` (completely or not at all) and answers what the model
 * needs to know. A file that cannot be a table fails for good (PermanentJobError) with a Chinese reason.
 */
export async function prepareSpreadsheet(bytes: Buffer, type: 'csv' | 'xlsx', fileName: string, parquetPath: string): Promise<TableMeta> {
  const source = `${parquetPath}.source.csv`;
  const part = `${parquetPath}.part`;
  let sheet: SheetCsv | null = null;
  try {
    if (type === 'xlsx') {
      sheet = await xlsxToCsv(bytes, source);
    } else {
      const text = decodeText(bytes);
      if (text === null) throw new PermanentJobError('CSV 文件不是文本（支持 UTF-8 或 GBK/GB18030 编码）');
      if (!text.trim()) throw new PermanentJobError('表格是空的');
      await fs.writeFile(source, text.replace(/^\uFEFF/, ''), { mode: 0o600 });
    }
    const meta = await withDuckDb(async (db) => {
      // A workbook's CSV is ours (comma, double quotes, names from its header row); a user's CSV is sniffed.
      const options = sheet
        ? `header = false, delim = ',', quote = '"', escape = '"', names = [${sheet.header.map((h, i) => quoteLiteral(`c${i}_${h}`)).join(', ')}]`
        : 'header = true';
      try {
        await db.run(`CREATE TABLE raw AS SELECT * FROM read_csv(${quoteLiteral(source)}, ${options}, sample_size = -1, null_padding = true)`);
      } catch (err) {
        throw new PermanentJobError(`表格无法解析：${err instanceof Error ? err.message.split('\n')[0] : String(err)}`.slice(0, 300));
      }
      const described = (await db.runAndReadAll('DESCRIBE raw')).getRowObjectsJS() as { column_name: string; column_type: string }[];
      if (!described.length) throw new PermanentJobError('表格没有列');
      const given = sheet ? sheet.header : described.map((c) => c.column_name);
      const names = uniqueNames(described.map((_, i) => cleanName(given[i] ?? '', i)));
      const table = tableNameFor(fileName);
      const select = described.map((c, i) => `${quoteIdent(c.column_name)} AS ${quoteIdent(names[i])}`).join(', ');
      const notEmpty = described.map((c) => `${quoteIdent(c.column_name)} IS NOT NULL`).join(' OR ');
      await db.run(`CREATE TABLE ${quoteIdent(table)} AS SELECT ${select} FROM raw WHERE ${notEmpty}`);
      const rowCount = Number((await db.runAndReadAll(`SELECT count(*) FROM ${quoteIdent(table)}`)).getRowsJS()[0][0]);
      if (rowCount === 0) throw new PermanentJobError('表格中只有表头，没有数据行');
      const sampleReader = await db.runAndReadAll(`SELECT * FROM ${quoteIdent(table)} LIMIT ${SAMPLE_ROWS}`);
      const types = sampleReader.columnTypes().map((t) => t.toString());
      const short = (v: unknown) => (typeof v === 'string' && v.length > MAX_SAMPLE_TEXT ? `${v.slice(0, MAX_SAMPLE_TEXT)}…` : v);
      const sample = sampleReader.getRowsJS().map((row) => row.map((v, i) => short(toJsonSafe(v, types[i]))));
      await db.run(`COPY ${quoteIdent(table)} TO ${quoteLiteral(part)} (FORMAT parquet)`);
      return { table, sheet: sheet?.sheet ?? null, rowCount, columns: names.map((name, i) => ({ name, type: types[i] })), sample };
    });
    await fs.rename(part, parquetPath);
    return meta;
  } finally {
    await fs.rm(source, { force: true });
    await fs.rm(part, { force: true });
  }
}
