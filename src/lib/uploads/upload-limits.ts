import { formatUploadBytes, UPLOAD_PATHS, type UploadLimit, type UploadLimits } from '../../../contract/api/runtime';
import type { PickFilesOutcome } from '../../platform';
import { describeRejected } from '../../platform';
import { api } from '../http/api';

/** What one upload may carry, per purpose, as the server enforces it (issue 27 §5); asked once per session. */
export const uploadLimitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadLimits: build.query<UploadLimits, void>({ query: () => ({ url: UPLOAD_PATHS.limits, method: 'GET', silent: true }) }),
  }),
});

export const { useUploadLimitsQuery } = uploadLimitsApi;

/** The limits in one line for an upload dialog: 单个文件不超过 50 MB，每次最多 20 个，合计不超过 200 MB. */
export function describeLimit(limit: UploadLimit): string {
  const parts = [`单个文件不超过 ${formatUploadBytes(limit.maxFileBytes)}`];
  if (limit.maxFiles > 1) {
    parts.push(`每次最多 ${limit.maxFiles} 个`);
    if (limit.maxRequestBytes < limit.maxFileBytes * limit.maxFiles) parts.push(`合计不超过 ${formatUploadBytes(limit.maxRequestBytes)}`);
  }
  return parts.join('，');
}

/**
 * The files of a pick that one upload can carry beside those already chosen, in the order picked, and one Chinese
 * line per file left out naming the limit it passes: the platform's refusals (type, its own size cap), then the
 * server's size of one file, files per upload and bytes per upload. Without the server's limit (not answered yet)
 * only the platform's refusals apply; the server checks again anyway.
 */
export function screenPick(
  picked: Pick<PickFilesOutcome, 'files' | 'rejected' | 'maxBytes'>, limit: UploadLimit | undefined, chosen: readonly File[] = [],
): { files: File[]; refusals: string[] } {
  const refusals = describeRejected(picked.rejected, picked.maxBytes);
  if (!limit) return { files: [...picked.files], refusals };
  const files: File[] = [];
  let count = chosen.length;
  let bytes = chosen.reduce((sum, f) => sum + f.size, 0);
  let overCount = 0;
  for (const file of picked.files) {
    if (file.size > limit.maxFileBytes) {
      refusals.push(`文件“${file.name}”超过 ${formatUploadBytes(limit.maxFileBytes)} 的上限，未加入`);
    } else if (count >= limit.maxFiles) {
      overCount += 1;
    } else if (bytes + file.size > limit.maxRequestBytes) {
      refusals.push(`文件“${file.name}”未加入：每次上传合计不超过 ${formatUploadBytes(limit.maxRequestBytes)}`);
    } else {
      files.push(file);
      count += 1;
      bytes += file.size;
    }
  }
  if (overCount > 0) refusals.push(`每次最多上传 ${limit.maxFiles} 个文件，另外 ${overCount} 个未加入，可在本次上传后再传`);
  return { files, refusals };
}
