
/** exceljs takes a third of a second to load: only when a workbook is made or read, not at server start. */
const loadExcel = async () => (await import('exceljs')).default;
import { PermanentJobError } from '../jobs/worker';
import type { ZipLimits } from '../uploads/limits';
import { odfText } from './extract-odf';
import { pptxText } from './extract-pptx';
import { decodeText, type DocumentType } from './file-types';
import { rowWithHeader } from './table-text';

/** Text of a PDF, page by page, NFKC-normalised (compatibility ideographs and ligatures become plain text). */
async function pdfText(buf: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).map((page) => page.normalize('NFKC')).join('\n\n');
}

async function docxText(buf: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: buf });
  return value;
}

/** Each sheet as lines of `header: value` pairs, so a row stays readable on its own in a chunk. */
async function xlsxText(buf: Buffer): Promise<string> {
  const book = new (await loadExcel()).Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const parts: string[] = [];
  book.eachSheet((sheet) => {
    const lines: string[] = [];
    let header: string[] = [];
    sheet.eachRow((row, n) => {
      const values = (row.values as unknown[]).slice(1).map((v) => cellText(v));
      if (n === 1) {
        header = values;
        return;
      }
      const line = rowWithHeader(header, values);
      if (line) lines.push(line);
    });
    parts.push([`【${sheet.name}】`, ...lines].join('\n'));
  });
  return parts.join('\n\n');
}

/** A spreadsheet cell as text (rich text joined, formulas by their result, dates as YYYY-MM-DD). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    return '';
  }
  return String(v).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Visible text of an HTML page: scripts and styles dropped, blocks on their own lines, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/table|\/section|\/article)\b[^>]*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
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

const TYPE_NAMES: Record<DocumentType, string> = {
  pdf: 'PDF', docx: 'Word（docx）', xlsx: 'Excel（xlsx）', pptx: 'PowerPoint（pptx）', odt: 'OpenDocument 文本（odt）',
  ods: 'OpenDocument 表格（ods）', odp: 'OpenDocument 演示文稿（odp）', csv: 'CSV', txt: '文本', md: 'Markdown', html: 'HTML',
};

/** Limits for the pptx and OpenDocument readers when a caller gives none (the defaults of UPLOAD_ZIP_*). */
const DEFAULT_ZIP_LIMITS: ZipLimits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

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

/**
 * The text of a document. A file that cannot be read fails for good (PermanentJobError) with the reason
 * in Chinese: retrying a corrupt file cannot help. `limits` bound what the pptx and OpenDocument readers unpack.
 */
export async function extractText(buf: Buffer, type: DocumentType, limits = DEFAULT_ZIP_LIMITS): Promise<string> {
  let raw: string;
  try {
    if (type === 'pdf') raw = await pdfText(buf);
    else if (type === 'docx') raw = await docxText(buf);
    else if (type === 'xlsx') raw = await xlsxText(buf);
    else if (type === 'pptx') raw = await pptxText(buf, limits);
    else if (type === 'odt' || type === 'ods' || type === 'odp') raw = await odfText(buf, limits);
    else {
      const text = decodeText(buf);
      if (text === null) throw new Error('not text');
      raw = type === 'html' ? htmlText(text) : text;
    }
  } catch (err) {
    throw new PermanentJobError(`文件无法解析：${parseFailureReason(err, type)}`);
  }
  const text = tidy(raw);
  if (!text) throw new PermanentJobError('文件中没有可提取的文字（扫描件需先进行文字识别）');
  return text;
}
