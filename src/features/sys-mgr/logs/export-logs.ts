import { LOG_PATHS } from '../../../../contract/api/runtime';
import type { LogExportQuery } from '../../../../contract/api';
import { ApiError, http, serverMessage } from '../../../lib/http';
import { saveFile } from '../../../platform';

const XLSX_FILTERS = [{ name: 'Excel 工作簿', extensions: ['xlsx'] }];

/** The UTF-8 file name of a Content-Disposition header (RFC 5987), or the plain one. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** A Blob's text through FileReader (older engines and jsdom lack Blob.text). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

/** The message of a refused export: its body is a Blob holding the JSON envelope. */
async function refusalMessage(error: unknown): Promise<string> {
  if (!(error instanceof ApiError)) return '导出失败';
  const body = error.body;
  if (body instanceof Blob) {
    try {
      return serverMessage(JSON.parse(await blobText(body))) || error.message;
    } catch {
      return error.message;
    }
  }
  return serverMessage(body) || error.message;
}

/** Outcome of an export: saved, cancelled in the save dialog, or refused with a message. */
export type ExportOutcome = { status: 'saved' | 'cancelled' } | { status: 'failed'; message: string };

/** Downloads an xlsx the server makes from `query` and saves it (native save dialog on the desktop, a download on the web). */
export async function exportXlsx(url: string, query: object, fallbackName: string): Promise<ExportOutcome> {
  try {
    const response = await http.get<Blob>(url, { params: { ...query }, responseType: 'blob', silent: true });
    const disposition = response.headers['content-disposition'] as string | undefined;
    const saved = await saveFile({
      suggestedName: fileNameOf(disposition, fallbackName),
      data: response.data,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filters: XLSX_FILTERS,
    });
    return { status: saved ? 'saved' : 'cancelled' };
  } catch (error) {
    return { status: 'failed', message: await refusalMessage(error) };
  }
}

/** Downloads the filtered audit log as xlsx. */
export function exportLogs(query: LogExportQuery, today: string): Promise<ExportOutcome> {
  return exportXlsx(LOG_PATHS.export, query, `审计日志-${today}.xlsx`);
}
