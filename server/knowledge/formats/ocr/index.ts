// Text recognition (OCR) offline on the CPU (issue 29 §3): the pages of a PDF that have no text layer, and images
// (readers/image.ts), read in Chinese and English by the native `tesseract` when installed or the embedded
// tesseract.js otherwise (engine.ts), each page turned upright first, each paragraph a block at its page and box.
import type { ReadContext, TextBlock } from '../types';
import { openPdfForRendering, pdfPageSources } from './pdf-pages';
import { recognizePages } from './recognize-pages';
import { DEFAULT_OCR_SETTINGS } from './settings';

/** The text of the given pages (1-based) of a PDF, recognised, as blocks at their pages with their boxes in points. */
export async function recognizePdfPages(bytes: Buffer, pages: number[], context: ReadContext): Promise<TextBlock[]> {
  if (!pages.length) return [];
  const { imageMaxPixels } = context.ocr ?? DEFAULT_OCR_SETTINGS;
  const pdf = await openPdfForRendering(bytes, imageMaxPixels);
  try {
    return await recognizePages(await pdfPageSources(pdf, pages, imageMaxPixels), context);
  } finally {
    await pdf.destroy();
  }
}
