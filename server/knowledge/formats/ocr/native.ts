// The native `tesseract` as a bounded child process: its own process group (killed whole on timeout or stop), stdin
// ignored, its output capped, each page a PGM file in a private temporary directory removed when the reading ends.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PermanentJobError } from '../../../jobs/worker';
import { bounded, MIN_ORIENTATION_CONFIDENCE, OCR_LANGUAGES, type OcrEngine } from './engine';
import { pgmBytes, type GrayImage, type Turn } from './page-image';
import type { OcrSettings } from './settings';

/** Most bytes read from the child's output: a page's TSV is a few hundred kilobytes. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
/** How long `tesseract --list-langs` may take. */
const CHECK_TIMEOUT_MS = 10_000;
/** The resolution pages are rendered at (PDF) or taken to have (images): Tesseract sizes its noise filters by it. */
const DPI = '300';

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs the binary; its whole process group is killed when `ms` pass or `signal` stops. */
async function run(binary: string, args: string[], ms: number, signal?: AbortSignal): Promise<Run> {
  signal?.throwIfAborted();
  // One OpenMP thread unless the operator says otherwise: Tesseract's threads spin against each other on a small
  // machine (a dense page at 300 dpi took 29 s with the default, 5 s with one thread on two cores, D117).
  const env = { ...process.env, OMP_THREAD_LIMIT: process.env.OMP_THREAD_LIMIT ?? '1' };
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let size = 0;
  const kill = () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone, or not made yet (the child has not started its session): the child itself is killed below.
    }
    child.kill('SIGKILL');
  };
  const collect = (into: Buffer[]) => (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_OUTPUT_BYTES) kill();
    else into.push(chunk);
  };
  child.stdout.on('data', collect(out));
  child.stderr.on('data', collect(err));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
  return bounded(done, ms, () => new PermanentJobError(`文字识别超时（单页超过 ${Math.round(ms / 1000)} 秒）`), kill, signal, true);
}

/** An installed binary and whether it can tell a page's orientation (the osd data). */
export type NativeBinary = { path: string; osd: boolean };

const checked = new Map<string, Promise<NativeBinary | null>>();

/**
 * The native binary when it runs and holds chi_sim and eng (TESSERACT_PATH, else `tesseract` on PATH), or null;
 * checked once per binary and thread.
 */
export function nativeTesseract(configured: string | null): Promise<NativeBinary | null> {
  const binary = configured ?? 'tesseract';
  let found = checked.get(binary);
  if (!found) {
    found = run(binary, ['--list-langs'], CHECK_TIMEOUT_MS).then(
      ({ code, stdout, stderr }) => {
        // Older versions list the languages on stderr.
        const langs = new Set(`${stdout}\n${stderr}`.split('\n').map((l) => l.trim()));
        return code === 0 && langs.has('chi_sim') && langs.has('eng') ? { path: binary, osd: langs.has('osd') } : null;
      },
      () => null,
    );
    checked.set(binary, found);
  }
  return found;
}


/** The clockwise turn of `tesseract --psm 0`'s "Rotate: 90" line (0 when it could not tell). */
export function turnOfOsd(osd: string): Turn {
  const rotate = Number(/^Rotate:\s*(\d+)/m.exec(osd)?.[1] ?? 0);
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(osd)?.[1] ?? 0);
  return confidence >= MIN_ORIENTATION_CONFIDENCE && [90, 180, 270].includes(rotate) ? (rotate as Turn) : 0;
}

/** Opens the native engine for one reading (a private directory for the pages' files). */
export async function openNativeEngine(binary: NativeBinary, settings: OcrSettings, signal?: AbortSignal): Promise<OcrEngine> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kb-ocr-'));
  // The page's file, written once: an upright page is read from the file its orientation was told from.
  let written: { image: GrayImage; file: string } | null = null;
  let count = 0;
  const pageFile = async (image: GrayImage) => {
    if (written?.image === image) return written.file;
    if (written) await rm(written.file, { force: true });
    const file = path.join(dir, `page-${++count}.pgm`);
    await writeFile(file, pgmBytes(image));
    written = { image, file };
    return file;
  };
  const tesseract = async (image: GrayImage, args: string[]) =>
    run(binary.path, [await pageFile(image), 'stdout', '--dpi', DPI, ...args], settings.pageTimeoutMs, signal);
  return {
    name: 'tesseract',
    async uprightTurn(image) {
      if (!binary.osd) return 0;
      // Too little text ends with an error and no "Rotate" line: the page is left as it is.
      return turnOfOsd((await tesseract(image, ['--psm', '0'])).stdout);
    },
    async recognize(image) {
      const { code, stdout, stderr } = await tesseract(image, ['-l', OCR_LANGUAGES, '--psm', '3', 'tsv']);
      const read = written;
      written = null;
      if (read) await rm(read.file, { force: true });
      if (code !== 0) throw new PermanentJobError(`文字识别程序 tesseract 出错（退出码 ${code}）：${stderr.trim().slice(0, 200)}`);
      return stdout;
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}
