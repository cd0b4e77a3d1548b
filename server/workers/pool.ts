// The worker-thread pool for CPU-heavy text work (issue 16 §3, D50): the domains send their tasks through it
// (knowledge/chunks-in-pool.ts, testcases/blocks-in-pool.ts) and the request thread only waits for the answer, so
// requests keep answering while a 250-page PDF is processed. The work itself is the app's worker entry's
// (server/text-worker.ts): this module knows no task but by its plain data.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TransferListItem } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { valueOf, type TextAnswer, type TextTask } from './text-protocol';

export type TextPoolOptions = {
  /**
   * Worker threads; default TEXT_WORKER_THREADS, else one per core but one, at least one (the request thread keeps
   * a core). TEXT_WORKER_THREADS=0 runs the work in the calling thread.
   */
  threads?: number;
  /** Heap limit of each worker (MB): a document that needs more ends its worker, not the server. */
  memoryMb?: number;
};

/** Default heap limit of a text worker (MB). */
const DEFAULT_MEMORY_MB = 1024;

/**
 * The worker's entry: server/text-worker.ts when running from the sources (loaded through tsx), or text-worker.js at
 * the top of dist-server (this module is then bundled into dist-server/ or dist-server/chunks/).
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const candidates = ['../text-worker.ts', './text-worker.js', '../text-worker.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const filename = candidates.find((f) => existsSync(f));
  if (!filename) throw new Error(`text worker not found (looked for ${candidates.join(', ')})`);
  return { filename, execArgv: filename.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}

let pool: Piscina | null = null;
let options: TextPoolOptions = {};

// Piscina is loaded with the first task, not at the server's start.
async function textPool(): Promise<Piscina> {
  if (pool) return pool;
  const { Piscina } = await import('piscina');
  if (pool) return pool;
  const { filename, execArgv } = workerFile();
  const fromEnv = Number(process.env.TEXT_WORKER_THREADS);
  const threads = options.threads ?? (fromEnv > 0 ? fromEnv : Math.max(1, availableParallelism() - 1));
  pool = new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: threads,
    // An idle worker goes after a minute: a server that processes nothing holds no thread.
    idleTimeout: 60_000,
    // Workers run at a lower priority than the request thread (Linux, through @napi-rs/nice): on a busy machine the
    // scheduler gives the core to requests first, and the document waits a little longer instead.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? DEFAULT_MEMORY_MB },
  });
  // A worker that dies outside a task (while loading) would leave the tasks waiting for it: the pool is ended,
  // which fails them (each job then fails with its reason), and the next task starts a new one.
  const current = pool;
  current.on('error', () => {
    if (pool === current) pool = null;
    void current.destroy();
  });
  return pool;
}

/** Sets the pool's size and memory (tests); the running pool, if any, is closed and the next task starts a new one. */
export async function configureTextPool(next: TextPoolOptions): Promise<void> {
  options = next;
  await closeTextPool();
}

/** Ends the pool's threads (server shutdown). */
export async function closeTextPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

/** The worker's entry run in the calling thread: the same file, so both ways do the same work. */
async function runHere<T>(task: TextTask): Promise<TextAnswer<T>> {
  const entry = (await import(pathToFileURL(workerFile().filename).href)) as { default: (task: TextTask) => Promise<TextAnswer<T>> };
  return entry.default(task);
}

/**
 * Runs one task in the pool; a failure comes back as the error it was, a dead worker as `crashed(reason)`.
 * `transfer` lists what the task moves to the worker rather than copies (a MessagePort to talk with it while it runs).
 */
export async function runInPool<T>(task: TextTask, crashed: (reason: string) => Error, transfer: TransferListItem[] = []): Promise<T> {
  let answer: TextAnswer<T>;
  try {
    // TEXT_WORKER_THREADS=0: in the calling thread, as before D50 (for comparing; the bench's "before" figure).
    // Otherwise the bytes are copied to a worker (not transferred): the caller may still hold them.
    answer = process.env.TEXT_WORKER_THREADS === '0' ? await runHere<T>(task) : await (await textPool()).run(task, { transferList: transfer });
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw crashed(code === 'ERR_WORKER_OUT_OF_MEMORY' ? '内存不足' : `线程意外结束：${err instanceof Error ? err.message : String(err)}`);
  }
  return valueOf(answer);
}
