// The embedded engine: tesseract.js (WebAssembly in its own worker thread) with the trained data of the
// @tesseract.js-data packages read from node_modules, never fetched, never cached to disk. A worker serves one
// reading and is ended after it, and replaced every RECYCLE_PAGES pages to bound its memory; a stopped or timed-out
// page ends it at once.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Tesseract from 'tesseract.js';
import { PermanentJobError } from '../../../jobs/worker';
import { bounded, MIN_ORIENTATION_CONFIDENCE, type OcrEngine } from './engine';
import { pgmBytes, type Turn } from './page-image';
import type { OcrSettings } from './settings';

/** Pages one recognition worker reads before it is replaced (WebAssembly memory only grows). */
const RECYCLE_PAGES = 20;

const require = createRequire(import.meta.url);

/**
 * chi_sim alone: its model reads Latin letters and digits too (the tests read English with it), and tesseract.js
 * 7.0.0 initialises "chi_sim+eng" with a corrupted name for the second language (it prints "Failed loading
 * language" and reads with chi_sim only), while "eng+chi_sim" makes English the first guess and misreads Chinese.
 */
const EMBEDDED_LANGUAGES = 'chi_sim';

/**
 * A private directory holding links to the languages' trained data in their packages: tesseract.js reads every
 * language from one `langPath`, and the packages are one directory each. (Its `{ code, data }` languages would
 * avoid this, but 7.0.0 initialises them by their data instead of their code.) The LSTM-only integer model of
 * chi_sim (what tesseract.js itself would fetch for LSTM), the legacy model osd needs.
 */
async function languageDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kb-tessdata-'));
  for (const code of [EMBEDDED_LANGUAGES, 'osd']) {
    const root = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const file = `${code}.traineddata.gz`;
    await symlink(path.join(root, code === 'osd' ? '4.0.0' : '4.0.0_best_int', file), path.join(dir, file));
  }
  return dir;
}

type Worker = Tesseract.Worker;

/** A tesseract.js worker with only local files: its script and core from node_modules, its data from `langPath`. */
async function createWorker(langs: string, oem: Tesseract.OEM, langPath: string): Promise<Worker> {
  const { createWorker: create } = require('tesseract.js') as typeof Tesseract;
  const legacy = oem === (0 as Tesseract.OEM);
  return create(langs, oem, {
    langPath,
    cacheMethod: 'none',
    gzip: true,
    legacyCore: legacy,
    legacyLang: legacy,
    // Errors of the worker thread reject the job; nothing is printed.
    errorHandler: () => undefined,
  });
}

/** Opens the embedded engine for one reading: the reading worker starts at once, the orientation one when needed. */
export async function openEmbeddedEngine(settings: OcrSettings, signal?: AbortSignal): Promise<OcrEngine> {
  const langPath = await languageDirectory();
  let reader: Promise<Worker> | null = null;
  let osd: Promise<Worker> | null = null;
  let pages = 0;
  // A worker still starting is ended once it has started (tesseract.js gives no handle before).
  const ending: Promise<unknown>[] = [];
  const end = (worker: Promise<Worker> | null) => {
    if (worker) ending.push(worker.then((w) => w.terminate()).catch(() => undefined));
  };
  const startReader = () => {
    const starting = createWorker(EMBEDDED_LANGUAGES, 1 as Tesseract.OEM, langPath).then(async (worker) => {
      // Automatic page segmentation (tesseract.js defaults to a single block), the resolution pages are rendered at.
      await worker.setParameters({ tessedit_pageseg_mode: '3' as Tesseract.PSM, user_defined_dpi: '300' });
      return worker;
    });
    // Awaited with its first page; a failure meanwhile must not count as unhandled.
    starting.catch(() => undefined);
    pages = 0;
    return starting;
  };
  // Started at once: the model loads while the first page is made and turned upright.
  reader = startReader();
  const page = <T>(worker: Promise<Worker>, work: (w: Worker) => Promise<T>, onStop: () => void): Promise<T> =>
    bounded(
      worker.then(work),
      settings.pageTimeoutMs,
      () => new PermanentJobError(`文字识别超时（单页超过 ${Math.round(settings.pageTimeoutMs / 1000)} 秒）`),
      onStop,
      signal,
    );
  return {
    name: 'tesseract.js',
    async uprightTurn(image) {
      osd ??= createWorker('osd', 0 as Tesseract.OEM, langPath).then(async (worker) => {
        await worker.setParameters({ user_defined_dpi: '300' });
        return worker;
      });
      const current = osd;
      const found = await page(current, (w) => w.detect(pgmBytes(image)), () => {
        end(current);
        osd = null;
      });
      const { orientation_degrees: degrees, orientation_confidence: confidence } = found.data;
      return (confidence ?? 0) >= MIN_ORIENTATION_CONFIDENCE && [90, 180, 270].includes(degrees ?? 0) ? (degrees as Turn) : 0;
    },
    async recognize(image) {
      if (reader && pages >= RECYCLE_PAGES) {
        end(reader);
        reader = null;
      }
      reader ??= startReader();
      pages += 1;
      const current = reader;
      const found = await page(current, (w) => w.recognize(pgmBytes(image), {}, { text: false, tsv: true }), () => {
        end(current);
        reader = null;
      });
      return found.data.tsv ?? '';
    },
    async close() {
      end(reader);
      end(osd);
      reader = null;
      osd = null;
      // The data's links go once no worker can still be reading them; the reading does not wait for it.
      void Promise.all(ending).then(() => rm(langPath, { recursive: true, force: true }));
    },
  };
}
