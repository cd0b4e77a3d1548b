import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ocrSettingsOf } from './config-ocr';

describe('OCR configuration', () => {
  it('caps images at 50 million pixels by default, uses the native tesseract when installed, a page two minutes at most', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ imageMaxPixels: 50_000_000, tesseractPath: null, ocrEngine: 'auto', ocrPageTimeoutMs: 120_000 });
    expect(ocrSettingsOf(config)).toEqual({ imageMaxPixels: 50_000_000, tesseractPath: null, engine: 'auto', pageTimeoutMs: 120_000 });
  });

  it('takes IMAGE_MAX_PIXELS, TESSERACT_PATH and OCR_ENGINE', () => {
    expect(loadConfig({ IMAGE_MAX_PIXELS: '20000000', TESSERACT_PATH: '/opt/tesseract/bin/tesseract', OCR_ENGINE: 'tesseract.js' })).toMatchObject({
      imageMaxPixels: 20_000_000, tesseractPath: '/opt/tesseract/bin/tesseract', ocrEngine: 'tesseract.js',
    });
  });

  it.each([['IMAGE_MAX_PIXELS', '50M'], ['IMAGE_MAX_PIXELS', '5'], ['OCR_ENGINE', 'paddle'], ['OCR_PAGE_TIMEOUT_MS', '0']])(
    'stops on a bad %s (%s)',
    (name, value) => {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    },
  );
});
