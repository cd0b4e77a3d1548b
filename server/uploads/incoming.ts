// Files arriving in an upload are written under FILES_DIR/.incoming: a temporary name, the bytes hashed as they
// stream, fsync, and only then a rename to their place (docs/decisions.md D35). Inside FILES_DIR, so the rename
// never crosses file systems and a reader never sees half a file.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';

const INCOMING = '.incoming';
const SUFFIX = '.part';

/** A file fully written and fsynced under a temporary name. */
export type IncomingFile = { path: string; size: number; sha256: string };

/**
 * Streams `source` into a new temporary file, hashing it, and fsyncs it. `onBytes` sees every chunk before it is
 * written and may throw to stop the write (a request over its total). On any failure the temporary file is removed.
 */
export async function writeIncoming(config: Pick<Config, 'filesDir'>, source: Readable, onBytes: (n: number) => void): Promise<IncomingFile> {
  const dir = path.join(config.filesDir, INCOMING);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}${SUFFIX}`);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        onBytes(chunk.length);
      } catch (err) {
        done(err as Error);
        return;
      }
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    // `flush`: fsync before the file is closed; the pipeline settles once it is.
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx', mode: 0o600, flush: true }));
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/** Moves a received file to its place (a rename: the name appears with all its bytes or not at all). */
export async function placeFile(incoming: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(incoming, target);
}

/** Removes temporary files (missing ones are fine). */
export async function removeIncoming(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f, { force: true })));
}

/**
 * Removes what uploads cut off by a crash left behind (at start). When other processes may be writing to the same
 * FILES_DIR, only files nobody has written to for `idleMs` (an upload still arriving writes all the time).
 */
export async function sweepIncoming(config: Pick<Config, 'filesDir'>, idleMs = 0): Promise<void> {
  const dir = path.join(config.filesDir, INCOMING);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - idleMs;
  await Promise.all(names.filter((n) => n.endsWith(SUFFIX)).map(async (n) => {
    const full = path.join(dir, n);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && (idleMs === 0 || stat.mtimeMs < before)) await fs.rm(full, { force: true });
  }));
}
