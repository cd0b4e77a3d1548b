import { KNOWLEDGE_PATHS, fillPath } from '../../../contract/api/runtime';
import { postMultipart, toFormData } from '../../lib/http';

/** What the upload dialog sends: the files, their grade and review roles ('-2' = 对所有人可见). */
export type UploadRequest = { space: string; files: File[]; secrecy: string; reviewRole: string };

/**
 * Uploads documents in one multipart request (DB-GPT's field `doc_file`, repeated) and answers the new ids.
 * Progress is reported 0..100; the signal cancels it (nothing is kept on the server then).
 */
export async function uploadDocuments(
  request: UploadRequest,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<number[]> {
  const form = toFormData({
    secrecy: request.secrecy,
    review_role: request.reviewRole,
    // One file may be renamed on the server by doc_name; with several, each keeps its own name.
    doc_name: request.files.length === 1 ? request.files[0].name : undefined,
    doc_file: request.files.map((file) => ({ file, name: file.name })),
  });
  const response = await postMultipart<{ data: number[] }>(fillPath(KNOWLEDGE_PATHS.upload, { space: request.space }), form, {
    signal: options.signal,
    onUploadProgress: (event) => {
      if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return response.data.data;
}
