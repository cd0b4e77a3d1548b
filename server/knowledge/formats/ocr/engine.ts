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

/** Rejects once `ms` pass or `signal` stops, calling `stop` first (to end the work behind `work`). */
export function bounded<T>(work: Promise<T>, ms: number, timedOut: () => Error, stop: () => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const end = (err: unknown) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      stop();
      reject(err);
    };
    const onAbort = () => end(signal?.reason);
    const timer = setTimeout(() => end(timedOut()), ms);
    if (signal?.aborted) return end(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
