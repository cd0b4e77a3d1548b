import type { FilePurpose } from './bridge';

/** File types each upload accepts: the dialog filter label (Chinese) and extensions without dot. */
export const UPLOAD_TYPES: Record<FilePurpose, { label: string; extensions: readonly string[] }> = {
  chat: { label: '对话文件', extensions: ['pdf', 'doc', 'docx', 'pptx', 'odt', 'ods', 'odp', 'txt', 'md', 'csv', 'xls', 'xlsx'] },
  testcase: { label: '需求文档', extensions: ['doc', 'docx', 'pdf', 'txt', 'md', 'xls', 'xlsx'] },
  knowledge: {
    label: '知识文档',
    extensions: ['pdf', 'doc', 'docx', 'txt', 'md', 'csv', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'html'],
  },
};

/** Default size limit per purpose in MB; IT may override it in the desktop's resources/config.json. */
export const DEFAULT_MAX_UPLOAD_MB: Record<FilePurpose, number> = { chat: 50, testcase: 20, knowledge: 100 };

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  html: 'text/html',
};

/** Lower-case extension of a file name without the dot, or '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** MIME type derived from the extension (the OS dialog gives none). */
export function mimeTypeOf(fileName: string): string {
  return MIME_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}

/** Extensions allowed for a purpose, narrowed by `accept` when given; `accept` never widens the list. */
export function allowedExtensions(purpose: FilePurpose, accept?: readonly string[]): string[] {
  const own = UPLOAD_TYPES[purpose].extensions;
  if (!accept || accept.length === 0) return [...own];
  const wanted = new Set(accept.map((e) => e.replace(/^\./, '').toLowerCase()));
  return own.filter((e) => wanted.has(e));
}

/** Size limit in bytes for a purpose given the configured MB values. */
export function maxUploadBytes(purpose: FilePurpose, limitsMb: Partial<Record<FilePurpose, number>> = {}): number {
  return Math.round((limitsMb[purpose] ?? DEFAULT_MAX_UPLOAD_MB[purpose]) * 1024 * 1024);
}
