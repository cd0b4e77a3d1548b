// Reading a requirements document into blocks for the splitter (issue 14), in a worker thread (D50): lines of text,
// and tables as rows of cells (a docx's tables through mammoth's HTML, an xlsx's sheets, a csv), so a requirements
// table keeps its columns. The request thread asks for it through source.ts.
import { HttpError } from '../http-error';
import { cellText, htmlText, tidy } from '../knowledge/extract';
import { decodeText, type DocumentType } from '../knowledge/file-types';
import type { ZipLimits } from '../uploads/limits';
import { verifyZip, ZipRefusal } from '../uploads/zip-guard';
import type { SourceBlock } from './split';

const lines = (text: string): SourceBlock[] => tidy(text).split('\n').map((t) => ({ kind: 'line', text: t }));

/** The blocks of a docx: its paragraphs as lines, its tables as rows of cells, in document order. */
export function htmlBlocks(html: string): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  let rest = html;
  for (;;) {
    const start = rest.search(/<table\b/i);
    const before = start < 0 ? rest : rest.slice(0, start);
    blocks.push(...lines(htmlText(before)));
    if (start < 0) break;
    const end = rest.indexOf('</table>', start);
    const table = rest.slice(start, end < 0 ? undefined : end);
    const rows = [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((r) =>
      [...r[1].matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)].map((c) => tidy(htmlText(c[1])).replace(/\n/g, ' ')));
    if (rows.length) blocks.push({ kind: 'table', rows });
    if (end < 0) break;
    rest = rest.slice(end + '</table>'.length);
  }
  return blocks;
}

async function xlsxBlocks(buf: Buffer): Promise<SourceBlock[]> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const blocks: SourceBlock[] = [];
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(cellText)));
    if (rows.length) blocks.push({ kind: 'table', rows });
  });
  return blocks;
}

/** A csv's rows (quoted fields with commas, quotes and line breaks inside). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell.trim()); cell = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      if (row.some(Boolean)) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell.trim());
  if (row.some(Boolean)) rows.push(row);
  return rows;
}

/** The blocks of a document's bytes in this thread (the worker's part); a file that cannot be read is refused (400). */
export async function readBlocks(buf: Buffer, type: DocumentType, name: string, limits: ZipLimits): Promise<SourceBlock[]> {
  try {
    if (type === 'docx' || type === 'xlsx') await verifyZip(buf, limits);
  } catch (err) {
    if (err instanceof ZipRefusal) throw new HttpError(err.tooMuch ? 413 : 400, `文件 ${name} 被拒绝：${err.message}`);
    throw err;
  }
  try {
    if (type === 'docx') {
      const mammoth = await import('mammoth');
      return htmlBlocks((await mammoth.convertToHtml({ buffer: buf })).value);
    }
    if (type === 'xlsx') return await xlsxBlocks(buf);
    if (type === 'pdf') {
      const { extractText, getDocumentProxy } = await import('unpdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(buf)), { mergePages: true });
      return lines((text as string).normalize('NFKC'));
    }
    const text = decodeText(buf);
    if (text === null) throw new Error('not text');
    return type === 'csv' ? [{ kind: 'table', rows: csvRows(text) }] : lines(text);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, `文件 ${name} 无法解析，可能已损坏或加密`);
  }
}
