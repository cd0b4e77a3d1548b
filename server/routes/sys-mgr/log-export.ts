
/** exceljs takes a third of a second to load: only when a workbook is made or read, not at server start. */
const loadExcel = async () => (await import('exceljs')).default;
import { auditActionName } from '../../../contract/api';
import { safeText } from '../../../contract/files/safe-xlsx';
import type { auditLog } from '../../db/schema';

type AuditRow = typeof auditLog.$inferSelect;

// Exported times are written in China Standard Time (UTC+8, no daylight saving), whatever zone the server runs in:
// the file is read by people, often far from the server, and the header says which zone it is. One formatter for
// every audit time (server/identity/audit-format.ts, D28).
export { auditTime as formatCst } from '../../identity/audit-format';
import { auditTime as formatCst } from '../../identity/audit-format';

/** `YYYYMMDD` of a date in China Standard Time (the export's file name). */
export function cstDay(date: Date): string {
  return formatCst(date).slice(0, 10).replace(/-/g, '');
}

/** The export's file name, 审计日志-YYYYMMDD.xlsx. */
export function exportFileName(now: Date): string {
  return `审计日志-${cstDay(now)}.xlsx`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string, fallback?: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download';
  const plain = fallback ?? (ascii.startsWith('-') ? `audit-log${ascii}` : ascii);
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const COLUMNS: SheetColumn<AuditRow>[] = [
  { header: '操作时间（北京时间）', width: 22, value: (r) => formatCst(r.at) },
  { header: '用户', width: 16, value: (r) => r.actorUsername },
  { header: '操作类型', width: 14, value: (r) => auditActionName(r.action) },
  { header: '操作对象', width: 28, value: (r) => r.target },
  { header: '结果', width: 8, value: (r) => (r.result === 'success' ? '成功' : '失败') },
  { header: 'IP 地址', width: 18, value: (r) => r.ip },
  { header: '详情', width: 48, value: (r) => r.detail },
  { header: '客户端', width: 40, value: (r) => r.userAgent },
];

/** A cell's value as written: text guarded against formulas, numbers as they are. */
const cellOf = (value: string | number) => (typeof value === 'string' ? safeText(value) : value);

/** A column of an exported sheet: Chinese header, width in characters, the cell's text. */
export type SheetColumn<R> = { header: string; width: number; value: (row: R) => string | number };

/** One sheet of an exported workbook. */
export type Sheet<R> = { name: string; columns: SheetColumn<R>[]; rows: R[] };
/** A sheet of rows of any type, for a workbook of several. */
export const sheetOf = <R>(name: string, columns: SheetColumn<R>[], rows: R[]) => ({ name, columns, rows }) as unknown as Sheet<unknown>;

/**
 * Sheets as an xlsx workbook: Chinese headers, frozen header row, filters on every column of each sheet. Every text
 * cell goes through the formula guard (contract/files/safe-xlsx.ts): a sign-in name, a User-Agent or a file name
 * starting with = + - @ is read as text, here and after a later save as CSV (D89).
 */
export async function sheetsWorkbook(sheets: Sheet<unknown>[], generatedAt: Date): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = '系统管理';
  workbook.created = generatedAt;
  for (const { name, columns, rows } of sheets) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
    for (const row of rows) sheet.addRow(columns.map((c) => cellOf(c.value(row))));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Rows as an xlsx workbook of one sheet. */
export async function sheetWorkbook<R>(sheetName: string, columns: SheetColumn<R>[], rows: R[], generatedAt: Date): Promise<Buffer> {
  return sheetsWorkbook([sheetOf(sheetName, columns, rows)], generatedAt);
}

/** The audit entries as an xlsx workbook. */
export async function logWorkbook(rows: AuditRow[], generatedAt: Date): Promise<Buffer> {
  return sheetWorkbook('审计日志', COLUMNS, rows, generatedAt);
}
