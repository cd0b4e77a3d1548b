// A PDF's pages rendered for recognition: pdf.js (pdfjs-dist's legacy build, for Node) drawing on @napi-rs/canvas at
// 300 dpi, lower when a page that large would pass the pixel cap. Its CMaps, standard fonts and image decoders
// (JPEG 2000, JBIG2) come from the package's own files: nothing is fetched.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { grayFromRgba, type GrayImage } from './page-image';
import type { PageSource } from './recognize-pages';

/** The resolution scanned pages are rendered at. */
export const RENDER_DPI = 300;

const require = createRequire(import.meta.url);

/** pdfjs-dist's data folders, as the directory paths (ending in a slash) pdf.js reads in Node. */
function pdfjsData(): { cMapUrl: string; standardFontDataUrl: string; wasmUrl: string } {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => `${path.join(root, name)}${path.sep}`;
  return { cMapUrl: dir('cmaps'), standardFontDataUrl: dir('standard_fonts'), wasmUrl: dir('wasm') };
}

/** The PDF opened for rendering; images inside it over the pixel cap are not decoded. */
export async function openPdfForRendering(bytes: Buffer, maxPixels: number): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({
    data: new Uint8Array(bytes),
    ...pdfjsData(),
    cMapPacked: true,
    maxImageSize: maxPixels,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** One page's pixels at `dpi` (as the page shows, its /Rotate applied), on white. */
async function renderPage(pdf: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<GrayImage> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const page = await pdf.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: dpi / 72 });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas is the canvas pdf.js itself uses in Node; its types are not the DOM's.
    await page.render({ canvas: canvas as unknown as Parameters<PDFPageProxy['render']>[0]['canvas'], viewport, background: '#ffffff' }).promise;
    return grayFromRgba(context.getImageData(0, 0, width, height).data, width, height);
  } finally {
    page.cleanup();
  }
}

/** The resolution a page of `width` × `height` points is rendered at: 300 dpi, or less to stay within `maxPixels`. */
export function dpiFor(width: number, height: number, maxPixels: number): number {
  const fitting = Math.sqrt(maxPixels / Math.max(1, width * height)) * 72;
  return Math.max(1, Math.min(RENDER_DPI, Math.floor(fitting)));
}

/** The pages (1-based) as sources to recognise, each rendered when its turn comes. */
export async function pdfPageSources(pdf: PDFDocumentProxy, pages: number[], maxPixels: number): Promise<PageSource[]> {
  const sources: PageSource[] = [];
  for (const number of pages) {
    const page = await pdf.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const dpi = dpiFor(width, height, maxPixels);
    sources.push({ page: number, pointsPerPixel: 72 / dpi, load: () => renderPage(pdf, number, dpi) });
  }
  return sources;
}
