import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { ZipLimits } from '../uploads/limits';
import { readZipEntries, ZipRefusal } from '../uploads/zip-guard';

/** Document types a knowledge space and chat files accept (issue 4; the office, government and image formats: issue 29). */
export const DOCUMENT_TYPES = [
  'pdf', 'ofd', 'doc', 'wps', 'docx', 'rtf', 'odt', 'ppt', 'dps', 'pptx', 'odp', 'xls', 'et', 'xlsx', 'ods', 'csv',
  'png', 'jpg', 'tif', 'bmp', 'md', 'txt', 'html',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

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

const startsWith = (buf: Buffer, magic: string) => buf.subarray(0, magic.length).toString('latin1') === magic;

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

/** Zip-based types: each is decided by the parts its archive holds. */
const ZIP_TYPES: ReadonlySet<DocumentType> = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp']);

/** An OpenDocument package names its type in a `mimetype` entry of a few dozen bytes. */
const MIMETYPE_ENTRY = 'mimetype';
const MIMETYPE_MAX_BYTES = 100;

/** The type an archive's parts make it: an OOXML main part, or an OpenDocument `mimetype`; 'zip' for anything else. */
function zipType(names: string[], mimetype: string | undefined): DocumentType | 'zip' {
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (names.includes('ppt/presentation.xml')) return 'pptx';
  const odf = (['odt', 'ods', 'odp'] as const).find((t) => CONTENT_TYPES[t] === mimetype?.trim());
  return odf ?? 'zip';
}

/** A type decided, or why not in Chinese with the status to answer (413: an archive declaring too much). */
export type Sniffed = { type: DocumentType } | { problem: string; status: 400 | 413 };

/**
 * The document type decided by the content, checked against the name: a file whose bytes are not what its
 * extension says is refused (a renamed executable, a zip posing as a PDF). The file is read from disk: its first
 * bytes, a zip's central directory (docx, xlsx, pptx and OpenDocument files are zips, and one that declares more than `limits` allow is
 * refused without being unpacked: server/uploads/zip-guard.ts), or the text in pieces.
 */
export async function sniffFile(file: { path: string; name: string; size: number }, limits: ZipLimits): Promise<Sniffed> {
  const claimed = typeFromName(file.name);
  if (!claimed) return { problem: `不支持的文件类型：${file.name}（支持 ${DOCUMENT_TYPES.join('、')}）`, status: 400 };
  if (file.size === 0) return { problem: `文件为空：${file.name}`, status: 400 };
  const start = await head(file.path, 8);
  let actual: DocumentType | 'zip' | 'binary' | 'text';
  if (startsWith(start, '%PDF-')) actual = 'pdf';
  else if (startsWith(start, 'PK\x03\x04')) {
    if (!ZIP_TYPES.has(claimed)) actual = 'zip';
    else {
      try {
        const { names, parts } = await readZipEntries(file.path, limits, (name, size) => name === MIMETYPE_ENTRY && size <= MIMETYPE_MAX_BYTES);
        actual = zipType(names, parts.get(MIMETYPE_ENTRY)?.toString('latin1'));
      } catch (err) {
        if (!(err instanceof ZipRefusal)) throw err;
        return { problem: `文件 ${file.name} 被拒绝：${err.message}，未上传任何文件`, status: err.tooMuch ? 413 : 400 };
      }
    }
  } else actual = (await isTextFile(file.path)) ? 'text' : 'binary';
  const textual = claimed === 'csv' || claimed === 'md' || claimed === 'txt' || claimed === 'html';
  if (actual === claimed || (textual && actual === 'text')) return { type: claimed };
  return { problem: `文件内容与扩展名不符：${file.name}`, status: 400 };
}
