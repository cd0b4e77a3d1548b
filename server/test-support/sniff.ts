// sniffFile as an upload meets it, for the tests of types decided by content: the bytes are written to a file first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { sniffFile } from '../knowledge/file-types';

/** The default zip limits (UPLOAD_ZIP_*). */
export const TEST_ZIP_LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

/** A function sniffing bytes under a file name; its files are removed after the test file. */
export function bytesSniffer(): (bytes: Buffer, name: string) => ReturnType<typeof sniffFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-sniff-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return (bytes, name) => {
    const file = path.join(dir, `${Math.random().toString(16).slice(2)}.part`);
    fs.writeFileSync(file, bytes);
    return sniffFile({ path: file, name, size: bytes.length }, TEST_ZIP_LIMITS);
  };
}
