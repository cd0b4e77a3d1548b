// The recognition of a document's pages, one after another with one engine: each page turned upright, recognised,
// its paragraphs made blocks at their page and box (in points, on the page as it is in the original), its progress
// reported. The next page's pixels are made while the engine reads the current one (in its own thread or process).
import { PermanentJobError } from '../../../jobs/worker';
import type { ReadContext, TextBlock } from '../types';
import type { OcrEngine } from './engine';
import { openEngine } from './open-engine';
import { boxBeforeTurn, rotateGray, type Box, type GrayImage } from './page-image';
import { DEFAULT_OCR_SETTINGS } from './settings';
import { paragraphsOfTsv, type OcrParagraph } from './tsv-blocks';

/** A page to recognise: its number, how to get its pixels, and how many points one pixel is (72 / dpi). */
export type PageSource = { page: number; load: () => Promise<GrayImage>; pointsPerPixel: number };

const toPoints = (box: Box, scale: number): Box => box.map((v) => Math.round(v * scale * 10) / 10) as Box;

/** An image's paragraphs, turned upright first, with their boxes in the image's own pixels (as it is, not turned). */
export async function imageParagraphs(engine: OcrEngine, image: GrayImage): Promise<OcrParagraph[]> {
  const turn = await engine.uprightTurn(image);
  const tsv = await engine.recognize(rotateGray(image, turn));
  return paragraphsOfTsv(tsv).map((p) => ({ text: p.text, box: boxBeforeTurn(p.box, turn, image.width, image.height) }));
}

/** One page's paragraphs as blocks. */
async function pageBlocks(engine: OcrEngine, source: PageSource, image: GrayImage): Promise<TextBlock[]> {
  return (await imageParagraphs(engine, image)).map((p) => ({
    kind: 'paragraph',
    text: p.text,
    at: { page: source.page, box: toPoints(p.box, source.pointsPerPixel) },
  }));
}

/** A page's failure with its page number, in Chinese; a stop stays the stop it was. */
function pageFailure(err: unknown, page: number, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason;
  const message = err instanceof Error ? err.message : String(err);
  return new PermanentJobError(err instanceof PermanentJobError ? `第 ${page} 页${message}` : `第 ${page} 页文字识别失败：${message.slice(0, 200)}`);
}

/** The pages recognised in order, as paragraph blocks; `context.progress` hears of each page done. */
export async function recognizePages(sources: PageSource[], context: ReadContext): Promise<TextBlock[]> {
  const { signal } = context;
  signal?.throwIfAborted();
  if (!sources.length) return [];
  const engine = await openEngine(context.ocr ?? DEFAULT_OCR_SETTINGS, signal);
  const blocks: TextBlock[] = [];
  const load = (i: number) => {
    const loading = sources[i].load();
    // Awaited in its turn; a failure meanwhile must not count as unhandled.
    loading.catch(() => undefined);
    return loading;
  };
  try {
    let next = load(0);
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i];
      let image: GrayImage;
      try {
        image = await next;
        if (i + 1 < sources.length) next = load(i + 1);
        blocks.push(...(await pageBlocks(engine, source, image)));
      } catch (err) {
        throw pageFailure(err, source.page, signal);
      }
      context.progress?.(i + 1, sources.length);
      signal?.throwIfAborted();
    }
  } finally {
    await engine.close();
  }
  return blocks;
}
