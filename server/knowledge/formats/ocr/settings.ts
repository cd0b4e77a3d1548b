// How recognition runs (IMAGE_MAX_PIXELS, TESSERACT_PATH, OCR_ENGINE, OCR_PAGE_TIMEOUT_MS in server/config-ocr.ts):
// plain data, so it travels to the worker thread with the task.

/** Which engine reads: the native binary when installed (auto), or always one of them. */
export type OcrEngineChoice = 'auto' | 'tesseract' | 'tesseract.js';

/** Recognition's settings; readers use DEFAULT_OCR_SETTINGS when the caller gives none. */
export type OcrSettings = {
  /** Most pixels an image (or a TIFF's page) may have; a PDF page is rendered at a lower resolution to stay under. */
  imageMaxPixels: number;
  /** The native `tesseract` binary: a path, or null for the one on PATH. */
  tesseractPath: string | null;
  engine: OcrEngineChoice;
  /** Longest the recognition of one page may take. */
  pageTimeoutMs: number;
};

export const DEFAULT_OCR_SETTINGS: OcrSettings = {
  imageMaxPixels: 50_000_000, tesseractPath: null, engine: 'auto', pageTimeoutMs: 120_000,
};
