// What a file is by its content (issue 29 §1): the magic numbers of PDF, RTF, the image formats and the two containers,
// the parts a zip holds (OOXML, OpenDocument, OFD) and the streams a compound file holds (Word, Excel, PowerPoint 97-2003
// and WPS's files, encrypted OOXML). file-types.ts weighs it against the name's extension.
import fs from 'node:fs/promises';
import type { ZipLimits } from '../uploads/limits';
import { readZipEntries } from '../uploads/zip-guard';
import type { DocumentType } from './document-types';
import { CFB_MAGIC, compoundKind } from './formats/compound';

/**
 * A file's content: a document type; `encrypted` (a password-protected Office file); `damaged` (a compound file that
 * cannot be opened); `zip` or `compound` (a container of nothing accepted); null when no magic number matched (text
 * or an unknown binary).
 */
export type Content = DocumentType | 'encrypted' | 'damaged' | 'zip' | 'compound' | null;

/** Bytes of the head needed to tell the magic numbers apart (a BMP's header up to its DIB header's size). */
export const MAGIC_BYTES = 18;

/** The sizes of the DIB headers a BMP may have (BITMAPCOREHEADER to BITMAPV5HEADER): "BM" alone is too weak a sign. */
const DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

const startsWith = (buf: Buffer, magic: string | Buffer) =>
  typeof magic === 'string' ? buf.subarray(0, magic.length).toString('latin1') === magic : buf.subarray(0, magic.length).equals(magic);

/** The container or the type the first bytes announce. */
export function magicType(start: Buffer): 'pdf' | 'zip' | 'cfb' | 'rtf' | 'png' | 'jpg' | 'tif' | 'bmp' | null {
  if (startsWith(start, '%PDF-')) return 'pdf';
  if (startsWith(start, 'PK\x03\x04')) return 'zip';
  if (startsWith(start, CFB_MAGIC)) return 'cfb';
  if (startsWith(start, '{\\rtf')) return 'rtf';
  if (startsWith(start, '\x89PNG\r\n\x1a\n')) return 'png';
  if (startsWith(start, '\xff\xd8\xff')) return 'jpg';
  if (startsWith(start, 'II*\x00') || startsWith(start, 'MM\x00*')) return 'tif';
  if (startsWith(start, 'BM') && start.length >= 18 && DIB_HEADER_SIZES.has(start.readUInt32LE(14))) return 'bmp';
  return null;
}

/** An OpenDocument package names its type in a `mimetype` entry of a few dozen bytes. */
const MIMETYPE_ENTRY = 'mimetype';
const MIMETYPE_MAX_BYTES = 100;
const ODF_MIMETYPES = new Map<string, DocumentType>([
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/vnd.oasis.opendocument.presentation', 'odp'],
]);

/** The type an archive's parts make it: an OOXML main part, an OpenDocument `mimetype`, OFD.xml at the root (GB/T 33190). */
function zipType(names: string[], mimetype: string | undefined): DocumentType | 'zip' {
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  if (names.includes('ppt/presentation.xml')) return 'pptx';
  if (names.includes('OFD.xml')) return 'ofd';
  return ODF_MIMETYPES.get(mimetype?.trim() ?? '') ?? 'zip';
}

/** What a compound file holds: its streams decide (formats/compound.ts). */
async function compoundContent(file: string): Promise<Content> {
  let kind;
  try {
    kind = compoundKind(await fs.readFile(file));
  } catch {
    return 'damaged';
  }
  if (kind.encrypted) return 'encrypted';
  return kind.type === 'other' ? 'compound' : kind.type;
}

/**
 * The content of a file on disk, decided by its first bytes and, for a container, what it holds. A zip is opened
 * (its directory through the zip guard, which throws ZipRefusal) only when `openZip`: a name that cannot be a zip-based
 * type gains nothing from reading the archive.
 */
export async function contentOf(file: string, start: Buffer, limits: ZipLimits, openZip: boolean): Promise<Content> {
  const magic = magicType(start);
  if (magic === 'zip') {
    if (!openZip) return 'zip';
    const { names, parts } = await readZipEntries(file, limits, (name, size) => name === MIMETYPE_ENTRY && size <= MIMETYPE_MAX_BYTES);
    return zipType(names, parts.get(MIMETYPE_ENTRY)?.toString('latin1'));
  }
  if (magic === 'cfb') return compoundContent(file);
  return magic;
}

/**
 * Types of one family: a file whose extension names one of them and whose content is another is read as what it is
 * (an RTF or a docx saved as .doc, an .xls that is really xlsx). Across families, the content and the name disagree.
 */
const FAMILIES: readonly (readonly DocumentType[])[] = [
  ['doc', 'wps', 'docx', 'rtf', 'odt'],
  ['xls', 'et', 'xlsx', 'ods', 'csv'],
  ['ppt', 'dps', 'pptx', 'odp'],
  ['png', 'jpg', 'tif', 'bmp'],
];

/** WPS Office's own extensions: the same containers as Word's, Excel's and PowerPoint's 97-2003 files. */
const SAME_CONTAINER: Partial<Record<DocumentType, DocumentType>> = { wps: 'doc', et: 'xls', dps: 'ppt' };

/** Whether a name claims an office document (or OFD): its archive is worth opening, and an encrypted one is said so. */
export function claimsOffice(claimed: DocumentType): boolean {
  return claimed === 'ofd' || FAMILIES.slice(0, 3).some((f) => f.includes(claimed));
}

/**
 * The type to read a file as, from the type its name claims and the type its content is; null for a lie. A WPS file
 * keeps its own type (its reader is its container's); a type of the claimed family is taken as it is.
 */
export function realType(claimed: DocumentType, actual: DocumentType): DocumentType | null {
  if (actual === claimed || SAME_CONTAINER[claimed] === actual) return claimed;
  return FAMILIES.some((f) => f.includes(claimed) && f.includes(actual)) ? actual : null;
}
