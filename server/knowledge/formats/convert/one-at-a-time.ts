// At most one office-suite conversion at a time in this process. The readers run in the text worker threads (D50),
// which share no memory, so the lock is a directory named after the process: creating a directory is atomic, and
// every thread of the process sees the same one. A lock left by a thread that died is taken over once it is older
// than the longest a conversion may run.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 200;

/** The lock of this process (its threads share process.pid). */
export const lockPath = () => path.join(os.tmpdir(), `kb-soffice-${process.pid}.lock`);

/** Waits for the process's lock (or `signal`), runs `work`, and lets go; a lock older than `staleMs` is broken. */
export async function oneAtATime<T>(staleMs: number, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const lock = lockPath();
  for (;;) {
    signal?.throwIfAborted();
    try {
      await fs.mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stat = await fs.stat(lock).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > staleMs) await fs.rm(lock, { recursive: true, force: true });
      else await sleep(POLL_MS, undefined, { signal });
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}
