// Text recognition's settings of the configuration (config.ts; issue 29 §3, §8): the pixel cap of images, which
// OCR engine reads, where the native binary is, how long a page may take.
import type { OcrEngineChoice, OcrSettings } from './knowledge/formats/ocr/settings';
import { ConfigError, int, raw, type Env } from './config-env';

export type OcrConfig = {
  /** IMAGE_MAX_PIXELS: most pixels an image (or a TIFF page) may have; larger ones fail with the reason. */
  imageMaxPixels: number;
  /** TESSERACT_PATH: the native binary; unset, `tesseract` on PATH. */
  tesseractPath: string | null;
  /** OCR_ENGINE: auto (the native binary when installed with chi_sim and eng, else tesseract.js), or either one. */
  ocrEngine: OcrEngineChoice;
  /** OCR_PAGE_TIMEOUT_MS: longest the recognition of one page may take. */
  ocrPageTimeoutMs: number;
};

const ENGINES: readonly OcrEngineChoice[] = ['auto', 'tesseract', 'tesseract.js'];

function engine(env: Env, name: string): OcrEngineChoice {
  const v = raw(env, name)?.toLowerCase() ?? 'auto';
  if (!ENGINES.includes(v as OcrEngineChoice)) throw new ConfigError(name, `应为 ${ENGINES.join('、')} 之一`, `must be one of ${ENGINES.join(', ')}`);
  return v as OcrEngineChoice;
}

/** Reads IMAGE_MAX_PIXELS, TESSERACT_PATH, OCR_ENGINE and OCR_PAGE_TIMEOUT_MS. */
export function ocrConfig(env: Env): OcrConfig {
  return {
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 50_000_000, 10_000, 1_000_000_000),
    tesseractPath: raw(env, 'TESSERACT_PATH') ?? null,
    ocrEngine: engine(env, 'OCR_ENGINE'),
    ocrPageTimeoutMs: int(env, 'OCR_PAGE_TIMEOUT_MS', 120_000, 1000, 3_600_000),
  };
}

/** The settings a reading in a worker thread gets (plain data, sent with the task). */
export function ocrSettingsOf(config: OcrConfig): OcrSettings {
  return { imageMaxPixels: config.imageMaxPixels, tesseractPath: config.tesseractPath, engine: config.ocrEngine, pageTimeoutMs: config.ocrPageTimeoutMs };
}
