// A spreadsheet (csv or xlsx) made into one DuckDB table: the first sheet, the first row as the header, column
// names trimmed (Chinese names kept), types inferred by DuckDB's CSV reader over all rows. The table is kept as a
// Parquet file beside the upload, so every question loads exactly the types that the model was told.
import fs from 'node:fs/promises';
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

/** The first sheet of a workbook as CSV text (header row first) and the sheet's name. */
async function xlsxAsCsv(bytes: Buffer): Promise<{ csv: string; sheet: string }> {
  const book = new (await excel()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new PermanentJobError(`电子表格无法读取（可能已损坏或加密）：${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new PermanentJobError('电子表格中没有工作表');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1).map(cellText);
    if (values.some((v) => v.trim())) rows.push(values);
  });
  const width = Math.max(0, ...rows.map((r) => r.length));
  const lines = rows.map((r) => Array.from({ length: width }, (_, i) => csvField(r[i] ?? '')).join(','));
  return { csv: lines.join('\n'), sheet: sheet.name };
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
  let csv: string;
  let sheet: string | null = null;
  if (type === 'xlsx') {
    ({ csv, sheet } = await xlsxAsCsv(bytes));
  } else {
    const text = decodeText(bytes);
    if (text === null) throw new PermanentJobError('CSV 文件不是文本（支持 UTF-8 或 GBK/GB18030 编码）');
    csv = text.replace(/^\uFEFF/, '');
  }
  if (!csv.trim()) throw new PermanentJobError('表格是空的');
  const source = `${parquetPath}.source.csv`;
  const part = `${parquetPath}.part`;
  await fs.writeFile(source, csv, { mode: 0o600 });
  try {
    const meta = await withDuckDb(async (db) => {
      const delim = type === 'xlsx' ? ", delim = ','" : '';
      try {
        await db.run(`CREATE TABLE raw AS SELECT * FROM read_csv(${quoteLiteral(source)}, header = true, sample_size = -1, null_padding = true${delim})`);
      } catch (err) {
        throw new PermanentJobError(`表格无法解析：${err instanceof Error ? err.message.split('\n')[0] : String(err)}`.slice(0, 300));
      }
      const described = (await db.runAndReadAll('DESCRIBE raw')).getRowObjectsJS() as { column_name: string; column_type: string }[];
      if (!described.length) throw new PermanentJobError('表格没有列');
      const names = uniqueNames(described.map((c, i) => cleanName(c.column_name, i)));
      const table = tableNameFor(fileName);
      const select = described.map((c, i) => `${quoteIdent(c.column_name)} AS ${quoteIdent(names[i])}`).join(', ');
      const notEmpty = described.map((c) => `${quoteIdent(c.column_name)} IS NOT NULL`).join(' OR ');
      await db.run(`CREATE TABLE ${quoteIdent(table)} AS SELECT ${select} FROM raw WHERE ${notEmpty}`);
      const rowCount = Number((await db.runAndReadAll(`SELECT count(*) FROM ${quoteIdent(table)}`)).getRowsJS()[0][0]);
      if (rowCount === 0) throw new PermanentJobError('表格中只有表头，没有数据行');
      const sampleReader = await db.runAndReadAll(`SELECT * FROM ${quoteIdent(table)} LIMIT ${SAMPLE_ROWS}`);
      const types = sampleReader.columnTypes().map((t) => t.toString());
      const sample = sampleReader.getRowsJS().map((row) => row.map((v, i) => toJsonSafe(v, types[i])));
      await db.run(`COPY ${quoteIdent(table)} TO ${quoteLiteral(part)} (FORMAT parquet)`);
      return { table, sheet, rowCount, columns: names.map((name, i) => ({ name, type: types[i] })), sample };
    });
    await fs.rename(part, parquetPath);
    return meta;
  } finally {
    await fs.rm(source, { force: true });
    await fs.rm(part, { force: true });
  }
}
