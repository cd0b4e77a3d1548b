/** Document types a knowledge space accepts (issue 4): pdf, docx, xlsx, csv, md, txt, html. */
export const DOCUMENT_TYPES = ['pdf', 'docx', 'xlsx', 'csv', 'md', 'txt', 'html'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  md: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
};

const EXTENSIONS: Record<string, DocumentType> = {
  pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', csv: 'csv', md: 'md', markdown: 'md', txt: 'txt', text: 'txt', html: 'html', htm: 'html',
};

/** The type a file name claims by its extension, or null. */
export function typeFromName(name: string): DocumentType | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? EXTENSIONS[m[1].toLowerCase()] ?? null : null;
}

const startsWith = (buf: Buffer, magic: string) => buf.subarray(0, magic.length).toString('latin1') === magic;

/** Whether the bytes are text: no NUL bytes and valid UTF-8 (or GB18030, common for Chinese files). */
export function decodeText(buf: Buffer): string | null {
  if (buf.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(buf);
    } catch {
      return null;
    }
  }
}

/**
 * The document type decided by the content, checked against the name: a file whose bytes are not what its
 * extension says is refused (a renamed executable, a zip posing as a PDF). Answers the type or a Chinese reason.
 */
export function sniffType(buf: Buffer, name: string): { type: DocumentType } | { problem: string } {
  const claimed = typeFromName(name);
  if (!claimed) return { problem: `不支持的文件类型：${name}（支持 pdf、docx、xlsx、csv、md、txt、html）` };
  if (buf.length === 0) return { problem: `文件为空：${name}` };
  let actual: DocumentType | 'zip' | 'binary' | 'text';
  if (startsWith(buf, '%PDF-')) actual = 'pdf';
  else if (startsWith(buf, 'PK\x03\x04')) {
    // Zip entry names are stored uncompressed, so the package kind is visible in the bytes.
    const names = buf.toString('latin1');
    actual = names.includes('word/document.xml') ? 'docx' : names.includes('xl/workbook.xml') ? 'xlsx' : 'zip';
  } else actual = decodeText(buf) === null ? 'binary' : 'text';
  const textual = claimed === 'csv' || claimed === 'md' || claimed === 'txt' || claimed === 'html';
  if (actual === claimed || (textual && actual === 'text')) return { type: claimed };
  return { problem: `文件内容与扩展名不符：${name}` };
}

/** A safe stored name: no path parts, no control or reserved characters, at most 200 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/^\.+/, '').trim();
  return (cleaned || '未命名文件').slice(-200);
}
