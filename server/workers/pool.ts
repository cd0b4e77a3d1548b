// The worker-thread pool for CPU-heavy text work (issue 16 §3, D50): document extraction, chunking and term
// segmentation for knowledge documents and chat files, and reading a test-case source into blocks. The request
// thread only waits for the answer, so requests keep answering while a 250-page PDF is processed.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import { HttpError } from '../http-error';
import { PermanentJobError } from '../jobs/worker';
import type { BlocksTask, ChunksResult, ChunksTask, TextAnswer, TextTask } from './text-tasks';
import type { SourceBlock } from '../testcases/split';

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
 * The worker's file: text-worker.ts beside this module when running from the sources (loaded through tsx), or
 * text-worker.js at the top of dist-server (this module is then bundled into dist-server/ or dist-server/chunks/).
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const candidates = ['./text-worker.ts', './text-worker.js', '../text-worker.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
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

/** Runs one task in the pool; a failure comes back as the error it was, a dead worker as `crashed(reason)`. */
async function run<T>(task: TextTask, crashed: (reason: string) => Error): Promise<T> {
  let answer: TextAnswer<T>;
  try {
    // TEXT_WORKER_THREADS=0: in the calling thread, as before D50 (for comparing; the bench's "before" figure).
    // Otherwise the bytes are copied to a worker (not transferred): the caller may still hold them.
    answer = process.env.TEXT_WORKER_THREADS === '0'
      ? (await (await import('./text-tasks')).runTextTask(task)) as TextAnswer<T>
      : await (await textPool()).run(task);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw crashed(code === 'ERR_WORKER_OUT_OF_MEMORY' ? '内存不足' : `线程意外结束：${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.ok) return answer.value;
  const { error } = answer;
  if (error.kind === 'permanent') throw new PermanentJobError(error.message);
  if (error.kind === 'http') throw new HttpError(error.status ?? 400, error.message, error.businessCode);
  throw new Error(error.message);
}

/** A stored document's text, chunks and terms, made in a worker thread; a crashed worker fails the job for good. */
export function chunksInPool(task: Omit<ChunksTask, 'kind'>): Promise<ChunksResult> {
  return run({ kind: 'chunks', ...task }, (reason) => new PermanentJobError(`文档处理线程异常退出（${reason}），文件可能过大或已损坏`));
}

/** A requirements document's blocks, read in a worker thread; a crashed worker refuses the file (400). */
export function blocksInPool(task: Omit<BlocksTask, 'kind'>): Promise<SourceBlock[]> {
  return run({ kind: 'blocks', ...task }, (reason) => new HttpError(400, `文件 ${task.name} 无法解析：处理线程异常退出（${reason}）`));
}
