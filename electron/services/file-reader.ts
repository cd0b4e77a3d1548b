import path from 'node:path';
import { extensionOf, mimeTypeOf, type PickedFile, type RejectedFile } from '../../contract/desktop';

/** The file-system calls the reader needs (node:fs/promises in the app). */
export type FileSystemLike = {
  stat(file: string): Promise<{ size: number; isFile(): boolean }>;
  readFile(file: string): Promise<Uint8Array>;
};

/** Limits of one pick: allowed extensions and the largest size in bytes. */
export type ReadLimits = { extensions: readonly string[]; maxBytes: number };

/**
 * Reads the files the user picked. A file of another type, over the size limit or unreadable
 * is reported in `rejected` and never read (the size is checked before reading).
 */
export async function readPickedFiles(
  paths: readonly string[],
  limits: ReadLimits,
  fs: FileSystemLike,
): Promise<{ files: PickedFile[]; rejected: RejectedFile[] }> {
  const files: PickedFile[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of paths) {
    const name = path.basename(file);
    if (!limits.extensions.includes(extensionOf(name))) {
      rejected.push({ name, size: 0, reason: 'type' });
      continue;
    }
    try {
      const info = await fs.stat(file);
      if (!info.isFile()) {
        rejected.push({ name, size: 0, reason: 'unreadable' });
      } else if (info.size > limits.maxBytes) {
        rejected.push({ name, size: info.size, reason: 'too-large' });
      } else {
        const bytes = await fs.readFile(file);
        files.push({ name, type: mimeTypeOf(name), size: bytes.byteLength, bytes: new Uint8Array(bytes) });
      }
    } catch {
      rejected.push({ name, size: 0, reason: 'unreadable' });
    }
  }
  return { files, rejected };
}
