import type ExcelJS from 'exceljs';
import { stripInvisible } from '../../../contract/validation/invisible-chars';

/** exceljs takes a third of a second to load: only when a workbook is made or read, not at server start. */
const loadExcel = async () => (await import('exceljs')).default;
import { badRequest, HttpError } from '../../http-error';

/** Columns of the import template, in order: header text → field. */
export const IMPORT_COLUMNS = [
  { header: '用户名', field: 'username', required: true, width: 18 },
  { header: '姓名', field: 'fullName', required: true, width: 14 },
  { header: '部门', field: 'deptPath', required: false, width: 30 },
  { header: '手机', field: 'mobile', required: false, width: 16 },
  { header: '座机', field: 'phone', required: false, width: 18 },
  { header: '邮箱', field: 'email', required: false, width: 26 },
  { header: '职务', field: 'position', required: false, width: 16 },
] as const;

/** One data row of an import file, as text. */
export type SheetRow = {
  /** Row number in the sheet (as Excel shows it). */
  row: number;
  username: string;
  fullName: string;
  deptPath: string;
  mobile: string;
  phone: string;
  email: string;
  position: string;
};

/** Largest accepted import file and row count. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

const NOTE =
  '填写说明：带 * 的列必填；用户名以字母开头，3–32 位字母、数字、下划线、点或连字符，不能与已有用户重复；' +
  '部门填写完整路径，如 总部/研发中心/软件研发部，留空则归入根部门；手机为 11 位手机号；座机如 010-12345678；' +
  '导入后的初始密码只在导入结果中显示一次，用户首次登录须修改密码；新用户密级为最低密级，由安全保密管理员设置。请从第 3 行起填写，不要修改表头。';

/** The import template: a note row, the header row, and formatting that keeps numbers as text. */
export async function buildTemplate(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  wb.creator = '系统管理';
  const ws = wb.addWorksheet('人员导入');
  ws.columns = IMPORT_COLUMNS.map((c) => ({ key: c.field, width: c.width, style: { numFmt: '@' } }));
  ws.mergeCells(1, 1, 1, IMPORT_COLUMNS.length);
  const note = ws.getCell(1, 1);
  note.value = NOTE;
  note.alignment = { wrapText: true, vertical: 'top' };
  note.font = { color: { argb: 'FF8C8C8C' }, size: 10 };
  ws.getRow(1).height = 62;
  const header = ws.getRow(2);
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.required ? `${c.header}*` : c.header;
    cell.font = { bold: true, color: c.required ? { argb: 'FFCF1322' } : undefined };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F5FF' } };
  });
  ws.views = [{ state: 'frozen', ySplit: 2 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** True when the bytes start like a zip archive (an .xlsx is one). */
export function looksLikeXlsx(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A cell as text, without invisible formatting characters (names pasted from the web often carry them). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'object' && 'result' in v && v.result !== undefined) return stripInvisible(String(v.result)).trim();
  return stripInvisible(cell.text ?? '').trim();
}

function headerName(text: string): string {
  return text.replace(/[*＊\s]/g, '');
}

/** Reads the data rows of an import file; refuses non-xlsx content, a missing header row and too many rows. */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (!looksLikeXlsx(bytes)) throw new HttpError(415, '文件格式不正确，请上传 Excel 文件（.xlsx），可先下载导入模板');
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('无法读取该 Excel 文件，请使用导入模板（.xlsx）重新填写');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('文件中没有工作表');
  // The header row is the first of the top rows naming 用户名 and 姓名 (the note row may have been deleted).
  let headerRow = 0;
  const columns = new Map<string, number>();
  for (let r = 1; r <= Math.min(5, ws.rowCount) && !headerRow; r++) {
    const names = new Map<string, number>();
    ws.getRow(r).eachCell((cell, col) => names.set(headerName(cellText(cell)), col));
    if (names.has('用户名') && names.has('姓名')) {
      headerRow = r;
      for (const c of IMPORT_COLUMNS) if (names.has(c.header)) columns.set(c.field, names.get(c.header) as number);
    }
  }
  if (!headerRow) throw badRequest('未找到表头（用户名、姓名、部门……），请使用导入模板');
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !columns.has(c.field)).map((c) => c.header);
  if (missing.length) throw badRequest(`表头缺少列：${missing.join('、')}`);
  const rows: SheetRow[] = [];
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const get = (field: string) => (columns.has(field) ? cellText(row.getCell(columns.get(field) as number)) : '');
    const item: SheetRow = {
      row: r, username: get('username'), fullName: get('fullName'), deptPath: get('deptPath'),
      mobile: get('mobile'), phone: get('phone'), email: get('email'), position: get('position'),
    };
    const { row: _n, ...values } = item;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push(item);
    if (rows.length > IMPORT_MAX_ROWS) throw badRequest(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请分批导入`);
  }
  if (rows.length === 0) throw badRequest('文件中没有人员数据，请从表头下一行起填写');
  return rows;
}
