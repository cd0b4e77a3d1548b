import type { Config } from '../config';

/** What an Office file (a zip) may declare and unpack to (UPLOAD_ZIP_* in server/config.ts; docs/decisions.md D34). */
export type ZipLimits = {
  /** Total uncompressed bytes of all entries. */
  maxBytes: number;
  /** Uncompressed : compressed of one entry, for entries above RATIO_FLOOR_BYTES. */
  maxRatio: number;
  /** Entries in the central directory. */
  maxEntries: number;
};

/** Entries smaller than this may compress any amount: a small part is cheap whatever its ratio. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** The zip limits of the configuration. */
export function zipLimitsOf(config: Pick<Config, 'uploadZipMaxBytes' | 'uploadZipMaxRatio' | 'uploadZipMaxEntries'>): ZipLimits {
  return { maxBytes: config.uploadZipMaxBytes, maxRatio: config.uploadZipMaxRatio, maxEntries: config.uploadZipMaxEntries };
}

const MIB = 1024 * 1024;

/** A size for people: 50 MB, 1.5 MB, 200 KB (binary units, as the limits are set). */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${Number((bytes / MIB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} 字节`;
}
