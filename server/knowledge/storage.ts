import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { PermanentJobError } from '../jobs/worker';
import { typeFromName, type DocumentType } from './file-types';

/** Where knowledge files live: stored paths begin with `files/`, which stands for FILES_DIR. */
const ROOT = path.join('files', 'knowledge');
const FILES = 'files';

/** The stored path (`files/…`, FILES_DIR standing for `files`) of a document's file. */
export function documentFilePath(spaceId: number, docId: number, ext: string): string {
  return path.join(ROOT, String(spaceId), `${docId}.${ext}`);
}

/**
 * Absolute path of a stored file. Stored paths were made relative to DATA_DIR and begin with `files/` (rows written
 * before FILES_DIR existed keep working); that folder is FILES_DIR. Anything that would leave it is refused.
 */
export function absolute(config: Pick<Config, 'filesDir'>, relative: string): string {
  const [first, ...rest] = path.normalize(relative).split(path.sep);
  const root = path.resolve(config.filesDir);
  const full = path.resolve(root, ...rest);
  if (first !== FILES || !full.startsWith(root + path.sep)) throw new Error(`path outside the files directory: ${relative}`);
  return full;
}

/** A stored file read for processing: a type no longer supported or a missing file fails the job for good. */
export async function readStoredFile(config: Pick<Config, 'filesDir'>, relative: string): Promise<{ type: DocumentType; bytes: Buffer }> {
  const type = typeFromName(relative);
  if (!type) throw new PermanentJobError('不支持的文件类型');
  try {
    return { type, bytes: await fs.readFile(absolute(config, relative)) };
  } catch {
    throw new PermanentJobError('原始文件缺失，请重新上传');
  }
}

/** Writes a file completely or not at all (temporary file, fsync, rename). */
export async function writeFileAtomic(full: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(full), { recursive: true });
  const tmp = `${full}.${process.pid}.${Date.now()}.part`;
  const handle = await fs.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, full);
}

/** Removes stored files; missing ones are fine. */
export async function removeFiles(config: Pick<Config, 'filesDir'>, relatives: string[]): Promise<void> {
  await Promise.all(relatives.map((r) => fs.rm(absolute(config, r), { force: true })));
}

/** Removes a space's folder. */
export async function removeSpaceFolder(config: Pick<Config, 'filesDir'>, spaceId: number): Promise<void> {
  await fs.rm(absolute(config, path.join(ROOT, String(spaceId))), { recursive: true, force: true });
}

/**
 * Removes what a process killed while writing left under a folder of FILES_DIR (`files/…`), the names matching
 * `leftover` (at start). With other processes sharing FILES_DIR (PostgreSQL), only files nobody has written to for
 * `idleMs`: another process may be writing one now.
 */
export async function removeLeftovers(config: Pick<Config, 'filesDir'>, folder: string, leftover: RegExp, idleMs = 0): Promise<void> {
  const root = absolute(config, folder);
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  const before = Date.now() - idleMs;
  await Promise.all(entries.filter((e) => leftover.test(e)).map(async (e) => {
    const full = path.join(root, e);
    const stat = idleMs === 0 ? null : await fs.stat(full).catch(() => null);
    if (idleMs === 0 || (stat && stat.mtimeMs < before)) await fs.rm(full, { force: true });
  }));
}

/** Removes `.part` files left by a process killed while writing a knowledge file (at start). */
export async function removePartialFiles(config: Pick<Config, 'filesDir'>, idleMs = 0): Promise<void> {
  await removeLeftovers(config, ROOT, /\.part$/, idleMs);
}
