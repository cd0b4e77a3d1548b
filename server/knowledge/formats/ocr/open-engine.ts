// The OCR engine a reading uses: the native `tesseract` when it is installed with the Chinese and English data
// (faster), otherwise the embedded tesseract.js, which works after `npm install` alone.
import { PermanentJobError } from '../../../jobs/worker';
import { openEmbeddedEngine } from './embedded';
import type { OcrEngine } from './engine';
import { nativeTesseract, openNativeEngine } from './native';
import type { OcrSettings } from './settings';

/** The engine of a reading, by the settings; stopping `signal` ends its running page at once. */
export async function openEngine(settings: OcrSettings, signal?: AbortSignal): Promise<OcrEngine> {
  if (settings.engine !== 'tesseract.js') {
    const binary = await nativeTesseract(settings.tesseractPath);
    if (binary) return openNativeEngine(binary, settings, signal);
    if (settings.engine === 'tesseract') {
      throw new PermanentJobError('未找到可用的 tesseract 程序（需含 chi_sim 与 eng 语言数据）：请安装 apt-get install tesseract-ocr tesseract-ocr-chi-sim，或将 OCR_ENGINE 设为 auto');
    }
  }
  return openEmbeddedEngine(settings, signal);
}

