import type { Config } from '../config';
import { UPLOAD_MAX_FILES, type UploadLimits } from '../../contract/api/upload-limits';

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

/** A size for people (the one formatter the upload dialogs use too). */
export { formatUploadBytes as formatBytes } from '../../contract/api/upload-limits';

/** What one upload may carry, per purpose, from the configuration (answered to the client, issue 27 §5). */
export function uploadLimitsFor(config: Pick<Config, 'uploadMaxBytes' | 'uploadMaxRequestBytes'>): UploadLimits {
  const limit = (maxFiles: number) => ({ maxFileBytes: config.uploadMaxBytes, maxFiles, maxRequestBytes: config.uploadMaxRequestBytes });
  return { knowledge: limit(UPLOAD_MAX_FILES.knowledge), chat: limit(UPLOAD_MAX_FILES.chat), testcase: limit(UPLOAD_MAX_FILES.testcase) };
}
