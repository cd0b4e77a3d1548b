import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { ZipLimits } from '../uploads/limits';
import { ZipRefusal } from '../uploads/zip-guard';
import { claimsOffice, contentOf, MAGIC_BYTES, realType, type Content } from './content-type';
import { ENCRYPTED_REASON } from './formats/compound';

import { DOCUMENT_TYPES, type DocumentType } from './document-types';

export { DOCUMENT_TYPES, type DocumentType } from './document-types';

export const CONTENT_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  doc: 'application/msword',
  wps: 'application/vnd.ms-works',
  rtf: 'application/rtf',
  ppt: 'application/vnd.ms-powerpoint',
  dps: 'application/vnd.ms-powerpoint',
  xls: 'application/vnd.ms-excel',
  et: 'application/vnd.ms-excel',
  png: 'image/png',
  jpg: 'image/jpeg',
  tif: 'image/tiff',
  bmp: 'image/bmp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  csv: 'text/csv',
  md: 'text/markdown',
  txt: 'text/plain',
  html: 'text/html',
};

const EXTENSIONS: Record<string, DocumentType> = {
  ofd: 'ofd', doc: 'doc', wps: 'wps', rtf: 'rtf', ppt: 'ppt', dps: 'dps', xls: 'xls', et: 'et',
  png: 'png', jpg: 'jpg', jpeg: 'jpg', tif: 'tif', tiff: 'tif', bmp: 'bmp',
  pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', odt: 'odt', ods: 'ods', odp: 'odp', csv: 'csv', md: 'md', markdown: 'md', txt: 'txt', text: 'txt', html: 'html', htm: 'html',
};

/** The type a file name claims by its extension, or null. */
export function typeFromName(name: string): DocumentType | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? EXTENSIONS[m[1].toLowerCase()] ?? null : null;
}

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

/** The first bytes of a file. */
async function head(file: string, length: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether a file is text as decodeText decides it, read in pieces (a large upload is never held whole). */
export async function isTextFile(file: string): Promise<boolean> {
  for (const encoding of ['utf-8', 'gb18030']) {
    const decoder = new TextDecoder(encoding, { fatal: true });
    try {
      for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
        if ((chunk as Buffer).includes(0)) return false;
        decoder.decode(chunk as Buffer, { stream: true });
      }
      decoder.decode();
      return true;
    } catch (err) {
      if (!(err instanceof TypeError)) throw err; // not a decoding failure
    }
  }
  return false;
}

/** A type decided, or why not in Chinese with the status to answer (413: an archive declaring too much). */
export type Sniffed = { type: DocumentType } | { problem: string; status: 400 | 413 };

/** Spreadsheet names whose content may be text (read as CSV), unless it is markup (an HTML table saved as .xls). */
const SHEET_NAMES: ReadonlySet<DocumentType> = new Set(['xls', 'et', 'xlsx', 'ods']);
const TEXT_TYPES: ReadonlySet<DocumentType> = new Set(['csv', 'md', 'txt', 'html']);

/** The type a text file is read as under the name it has, or null. */
function textType(claimed: DocumentType, start: Buffer): DocumentType | null {
  if (TEXT_TYPES.has(claimed)) return claimed;
  const markup = start.toString('utf8').replace(/^\uFEFF/, '').trimStart().startsWith('<');
  return SHEET_NAMES.has(claimed) && !markup ? 'csv' : null;
}

/**
 * The document type decided by the content, checked against the name (issue 29 §1): a file whose content is another
 * accepted type of the same family is read as what it is (a docx saved as .doc, an .xls that is really xlsx, a CSV
 * named .xls); one of another family or of no accepted type is refused (a renamed executable, a zip posing as a PDF).
 * The file is read from disk: its first bytes, a zip's central directory (a zip that declares more than `limits` allow
 * is refused without being unpacked: server/uploads/zip-guard.ts), a compound file's streams, or the text in pieces.
 * A password-protected Office file is refused here, before it waits in the queue.
 */
export async function sniffFile(file: { path: string; name: string; size: number }, limits: ZipLimits): Promise<Sniffed> {
  const claimed = typeFromName(file.name);
  if (!claimed) return { problem: `不支持的文件类型：${file.name}（支持 ${DOCUMENT_TYPES.join('、')}）`, status: 400 };
  if (file.size === 0) return { problem: `文件为空：${file.name}`, status: 400 };
  const start = await head(file.path, MAGIC_BYTES);
  let content: Content;
  try {
    content = await contentOf(file.path, start, limits, claimsOffice(claimed));
  } catch (err) {
    if (!(err instanceof ZipRefusal)) throw err;
    return { problem: `文件 ${file.name} 被拒绝：${err.message}，未上传任何文件`, status: err.tooMuch ? 413 : 400 };
  }
  if (content === 'encrypted' && claimsOffice(claimed)) return { problem: `${ENCRYPTED_REASON}：${file.name}`, status: 400 };
  if (content === 'damaged') return { problem: `文件已损坏，无法读取：${file.name}`, status: 400 };
  let actual: DocumentType | null = null;
  if (content === null) actual = (await isTextFile(file.path)) ? textType(claimed, start) : null;
  else if (content !== 'encrypted' && content !== 'zip' && content !== 'compound') actual = content;
  const type = actual && realType(claimed, actual);
  return type ? { type } : { problem: `文件内容与扩展名不符：${file.name}`, status: 400 };
}
