// What an OCR engine does for a reading (native.ts and embedded.ts are the two; open-engine.ts chooses), and the
// bound every page's work runs under.
import type { GrayImage, Turn } from './page-image';

/** One reading's engine: opened for a document, closed after it (its processes and threads ended). */
export type OcrEngine = {
  readonly name: 'tesseract' | 'tesseract.js';
  /** The clockwise turn that sets the page upright (0 when the text is upright or too little to tell). */
  uprightTurn(image: GrayImage): Promise<Turn>;
  /** The page recognised in Chinese and English, as Tesseract's TSV. */
  recognize(image: GrayImage): Promise<string>;
  close(): Promise<void>;
};

/** Languages read, in Tesseract's spelling. */
export const OCR_LANGUAGES = 'chi_sim+eng';

/** Below this orientation confidence a page is left as it is: a few words cannot tell a turn reliably. */
export const MIN_ORIENTATION_CONFIDENCE = 1;

/** How long a stopped piece of work is given to settle (a killed child to be reaped) before its caller goes on. */
const SETTLE_MS = 2000;

/**
 * Rejects once `ms` pass or `signal` stops, calling `stop` first (to end the work behind `work`); with `settle`, the
 * stopped work is let settle first (a killed child is reaped by its 'close', else it stays a zombie when the thread
 * that spawned it ends), for SETTLE_MS at most.
 */
export function bounded<T>(
  work: Promise<T>, ms: number, timedOut: () => Error, stop: () => void, signal?: AbortSignal, settle = false,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stopped = false;
    const end = (err: unknown) => {
      stopped = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      stop();
      if (!settle) return reject(err);
      const settleAt = setTimeout(() => reject(err), SETTLE_MS);
      work.catch(() => undefined).finally(() => {
        clearTimeout(settleAt);
        reject(err);
      });
    };
    const onAbort = () => end(signal?.reason);
    const timer = setTimeout(() => end(timedOut()), ms);
    if (signal?.aborted) return end(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        if (stopped) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        if (stopped) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
