// Reading a document of any accepted type into blocks (issue 29): the reader of its type, its failures in Chinese.
// A reader is a module of readers/ registered here; formats/types.ts says what it gives back.
import { PermanentJobError } from '../../jobs/worker';
import type { DocumentType } from '../file-types';
import { withPictureText } from './ocr/pictures';
import { wordReader } from './readers/doc';
import { readDocx } from './readers/docx';
import { readImage } from './readers/image';
import { readOdf } from './readers/odf';
import { readOfd } from './readers/ofd';
import { readPdf } from './readers/pdf';
import { readHtml, readMarkdown, readText } from './readers/plain';
import { presentationReader } from './readers/ppt';
import { readPptx } from './readers/pptx';
import { readRtf } from './readers/rtf';
import { readCsv, readXlsx } from './readers/spreadsheet';
import { readXls } from './readers/xls';
import { TYPE_NAMES } from './type-names';
import type { ReadContext, ReadDocument, Reader } from './types';

export { TYPE_NAMES } from './type-names';

/** Every accepted type's reader (a type without one does not compile). */
const READERS: Record<DocumentType, Reader> = {
  pdf: readPdf, docx: readDocx, xlsx: readXlsx, csv: readCsv, pptx: readPptx, odt: readOdf, ods: readOdf, odp: readOdf,
  md: readMarkdown, txt: readText, html: readHtml, ofd: readOfd, png: readImage, jpg: readImage, tif: readImage, bmp: readImage,
  // Word, Excel and PowerPoint 97-2003 and WPS's files; .ppt and .dps (and Word files word-extractor cannot read) through LibreOffice.
  doc: wordReader('doc'), wps: wordReader('wps'), xls: readXls, et: readXls, ppt: presentationReader('ppt'), dps: presentationReader('dps'), rtf: readRtf,
};

/**
 * Why a parser refused a file, in Chinese (D28): the parsers' own messages are English (pdf.js's "Invalid PDF
 * structure.", JSZip's "End of central directory not found") and users read this reason in the document list.
 */
export function parseFailureReason(err: unknown, type: DocumentType): string {
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  const kind = TYPE_NAMES[type] ?? type;
  if (name === 'PasswordException' || /password|encrypt/i.test(message)) return `${kind} 文件已加密，请去除密码后重新上传`;
  if (message === 'not text') return '文件不是可识别的文本编码（支持 UTF-8 与 GB18030）';
  if (name === 'InvalidPDFException' || /invalid pdf|pdf structure|pdf header/i.test(message)) {
    return 'PDF 文件结构无效（可能已损坏或不是真正的 PDF），请用 PDF 阅读器打开确认后重新上传';
  }
  if (name === 'ZipRefusal' || /zip|central directory|corrupted|end of data|signature/i.test(message)) {
    return `${kind} 文件的压缩结构已损坏，请用办公软件打开并另存后重新上传`;
  }
  return `${kind} 文件可能已损坏、加密或格式不受支持，请检查后重新上传`;
}

/** Collapses runs of spaces and blank lines, keeping paragraph breaks. */
export function tidy(text: string): string {
  return text
    // NUL cannot be stored in a text column, and control characters are noise from broken encodings.
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0\u3000]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A document read into tidy, non-empty blocks. A file that cannot be read fails for good (PermanentJobError) with
 * the reason in Chinese: retrying a corrupt file cannot help. A reader's own PermanentJobError (a missing converter,
 * a cap passed) keeps its reason.
 */
export async function readDocument(bytes: Buffer, type: DocumentType, context: ReadContext): Promise<ReadDocument> {
  const reader = READERS[type];
  let read: ReadDocument;
  try {
    read = await reader(bytes, context);
  } catch (err) {
    // A stop stays the stop it was, whatever the reader made of it.
    if (context.signal?.aborted) throw context.signal.reason;
    if (err instanceof PermanentJobError) throw err;
    throw new PermanentJobError(`文件无法解析：${parseFailureReason(err, type)}`);
  }
  // The pictures inside (docx, pptx, OFD) recognised where they sit.
  const all = read.images?.length ? await withPictureText(read, context) : read.blocks.filter((b) => b.image === undefined);
  const blocks = all.map((b) => ({ ...b, text: tidy(b.text) })).filter((b) => b.text);
  if (!blocks.length) throw new PermanentJobError('文件中没有可提取的文字（扫描件需先进行文字识别）');
  return { blocks, pages: read.pages, ocrPages: read.ocrPages };
}
