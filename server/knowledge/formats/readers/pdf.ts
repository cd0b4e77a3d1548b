// A PDF read page by page with pdf.js (unpdf's build, with pdfjs-dist's CMaps; why: docs/decisions.md): each page's text items
// placed on the page, made into lines, paragraphs, tables' rows and headings that know their page and box
// (pdf-lines.ts, pdf-blocks.ts, pdf-tables.ts), NFKC-normalised; running headers and footers, page numbers and
// table-of-contents lines removed (clean.ts). Pages without a text layer go to OCR, and only those.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as UnpdfModule from 'unpdf';
import { PermanentJobError } from '../../../jobs/worker';
import { cleanPagedBlocks } from '../clean';
import { DEFAULT_DOC_MAX_PAGES, type ReadContext, type Reader, type TextBlock } from '../types';
import { draftBlocks, joinLines, pageDrafts, type Draft } from './pdf-blocks';
import { pageRuns, runLines, type PdfTextItem } from './pdf-lines';
import type { TableCarry } from './pdf-tables';
import { characterCount, FEW_CHARACTERS, imageCoverage, SCAN_COVERAGE } from './pdf-scan';

type Unpdf = typeof UnpdfModule;
type PdfJs = Awaited<ReturnType<Unpdf['getResolvedPDFJS']>>;
type PdfDocument = Awaited<ReturnType<Unpdf['getDocumentProxy']>>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** What users read when a PDF needs a password to open. */
export const ENCRYPTED_REASON = '文档已加密，请去除密码后上传';

/**
 * Where pdf.js finds its CMaps (Chinese PDFs whose fonts are not embedded name Adobe's encodings, UniGB-UCS2-H…)
 * and the standard fonts' data: pdfjs-dist's own folders (unpdf ships none), as file paths ending in a separator.
 * pdf.js reads them with fs.readFile in Node, which takes a path, not the file: URL unpdf would give.
 */
function dataFolders(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`, standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}` };
}

/** The PDF opened; a PDF that needs a password fails for good with the reason users read. */
async function open(unpdf: Unpdf, lib: PdfJs, bytes: Buffer): Promise<PdfDocument> {
  try {
    // A copy: pdf.js hands the buffer to its worker, which detaches it, and OCR reads the bytes after.
    return await unpdf.getDocumentProxy(new Uint8Array(bytes), {
      ...dataFolders(), cMapPacked: true, isEvalSupported: false, useSystemFonts: false, disableFontFace: true,
      stopAtErrors: false, verbosity: lib.VerbosityLevel.ERRORS,
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'PasswordException') throw new PermanentJobError(ENCRYPTED_REASON);
    throw err;
  }
}

/** Whether a page is a scan: few characters, and images covering most of it (its operator list read only then). */
async function isScan(lib: PdfJs, page: PdfPage, texts: string[]): Promise<boolean> {
  if (characterCount(texts) >= FEW_CHARACTERS) return false;
  const [x0, y0, x1, y1] = page.view;
  const { fnArray, argsArray } = await page.getOperatorList();
  return imageCoverage(fnArray, argsArray, lib.OPS, Math.abs((x1 - x0) * (y1 - y0))) >= SCAN_COVERAGE;
}

/** Every page's text as drafts, and the pages that are scans; the document closed after. */
async function readPages(lib: PdfJs, pdf: PdfDocument, context: ReadContext): Promise<{ drafts: Draft[]; scans: number[] }> {
  const drafts: Draft[] = [];
  const scans: number[] = [];
  let carry: TableCarry | null = null;
  for (let n = 1; n <= pdf.numPages; n++) {
    context.signal?.throwIfAborted();
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const items = content.items.filter((i): i is PdfTextItem & (typeof content.items)[number] => 'str' in i);
    const runs = pageRuns(items, content.styles, page.getViewport({ scale: 1 }).transform);
    if (await isScan(lib, page, runs.map((r) => r.text))) {
      scans.push(n);
      carry = null;
    } else {
      const read = pageDrafts(n, runLines(runs), carry);
      drafts.push(...read.drafts);
      carry = read.carry;
    }
    page.cleanup();
  }
  return { drafts, scans };
}

/** A PDF's blocks: its text layer page by page, the scanned pages recognised, cleaned of what pages repeat. */
export const readPdf: Reader = async (bytes, context) => {
  const unpdf = await import('unpdf');
  const lib = await unpdf.getResolvedPDFJS();
  const pdf = await open(unpdf, lib, bytes);
  const pages = pdf.numPages;
  let read: { drafts: Draft[]; scans: number[] };
  try {
    const cap = context.maxPages ?? DEFAULT_DOC_MAX_PAGES;
    if (pages > cap) {
      throw new PermanentJobError(`PDF 共 ${pages} 页，超过每个文档 ${cap} 页的上限；如需处理，请联系管理员调高 DOC_MAX_PAGES 后重试`);
    }
    read = await readPages(lib, pdf, context);
  } finally {
    await pdf.destroy();
  }
  let blocks: TextBlock[] = draftBlocks(read.drafts);
  if (read.scans.length) {
    const { recognizePdfPages } = await import('../ocr');
    const recognised = await recognizePdfPages(bytes, read.scans, context);
    // In page order, each page's blocks as they came (a stable sort).
    blocks = [...blocks, ...recognised].sort((a, b) => (a.at.page ?? 0) - (b.at.page ?? 0));
  }
  return {
    blocks: cleanPagedBlocks(blocks).map(joinLines),
    pages,
    ...(read.scans.length ? { ocrPages: read.scans.length } : {}),
  };
};
