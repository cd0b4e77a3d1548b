// Text recognition (OCR) for pages without a text layer and for images (issue 29 §3). The engine (tesseract.js in
// worker threads, or the native `tesseract` when installed) is being built on branch wt-ocr; until it lands, a page
// that needs recognition fails the document with a reason that says so.
import { PermanentJobError } from '../../../jobs/worker';
import type { ReadContext, TextBlock } from '../types';

/** The text of the given pages (1-based) of a PDF, recognised, as blocks at their pages. */
export async function recognizePdfPages(_bytes: Buffer, _pages: number[], _context: ReadContext): Promise<TextBlock[]> {
  throw new PermanentJobError('文件中没有可提取的文字（扫描件需先进行文字识别）');
}
