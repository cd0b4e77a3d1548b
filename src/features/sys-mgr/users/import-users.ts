import { USER_PATHS } from '../../../../contract/api/runtime';
import type { ImportResult, PlatformResult } from '../../../../contract/api';
import { ApiError, http, postMultipart, toFormData } from '../../../lib/http';
import { saveFile } from '../../../platform';

/** Largest file the server takes (server/sys-mgr/users/import-sheet.ts). */
export const IMPORT_MAX_MB = 5;

/** Outcome of an upload: the server's row report, or a refusal without one (bad file, licence, permission). */
export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; message: string; result: ImportResult | null };

/** Uploads the sheet, as a dry run (check only) or for real (all or nothing). Never throws for a refusal. */
export async function uploadUsers(file: File, dryRun: boolean): Promise<ImportOutcome> {
  const form = toFormData({ file: { file, name: file.name }, dryRun: dryRun ? 'true' : 'false' });
  try {
    const res = await postMultipart<PlatformResult<ImportResult>>(USER_PATHS.import, form, { silent: true });
    return { ok: true, result: res.data.results };
  } catch (error) {
    if (error instanceof ApiError) {
      const body = error.body as Partial<PlatformResult<ImportResult | null>> | null;
      return { ok: false, message: error.message, result: body?.results ?? null };
    }
    return { ok: false, message: error instanceof Error ? error.message : '导入失败', result: null };
  }
}

/** Downloads the import template and saves it (save dialog on the desktop, a download on the web). */
export async function downloadTemplate(): Promise<boolean> {
  const res = await http.get<Blob>(USER_PATHS.importTemplate, { responseType: 'blob' });
  return saveFile({ suggestedName: '人员导入模板.xlsx', data: res.data, filters: [{ name: 'Excel 工作簿', extensions: ['xlsx'] }] });
}

/** Whether a picked file can be sent: an .xlsx within the size limit; else the reason. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请选择 Excel 文件（.xlsx），可先下载导入模板';
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) return `文件过大，不能超过 ${IMPORT_MAX_MB} MB`;
  if (file.size === 0) return '文件是空的';
  return null;
}

/** Created users with their passwords as tab-separated text (pastes into a spreadsheet). */
export function passwordsText(created: ImportResult['created']): string {
  return ['用户名\t姓名\t初始密码', ...created.map((u) => `${u.username}\t${u.fullName}\t${u.password}`)].join('\n');
}
