import { CHAT_MESSAGES, CHAT_PATHS, DOCUMENT_EXTENSIONS } from '../../../contract/api/runtime';
import type { ChatFile } from '../../../contract/api';
import { postMultipart, toFormData } from '../../lib/http';
import { userFields } from './api';

/** File chat (`document`) or spreadsheet chat (`excel`). */
export type ChatFileKind = 'document' | 'excel';

export type ChatUpload = { file: File | null | undefined; convUid: string | null | undefined; kind: ChatFileKind };

/** Extensions offered by the picker for each kind (within the platform's `chat` purpose). */
export const CHAT_UPLOAD_EXTENSIONS: Record<ChatFileKind, string[]> = {
  document: DOCUMENT_EXTENSIONS,
  excel: ['xlsx', 'csv'],
};

/** Thrown before anything is sent when the file or the dialogue is missing (spec §5: 缺少文件参数). */
export class MissingFileError extends Error {
  constructor() {
    super(CHAT_MESSAGES.missingFile);
    this.name = 'MissingFileError';
  }
}

/**
 * Uploads a file into a dialogue (multipart: file, conv_id, user_id, user_name). Progress 0..100;
 * the signal cancels it. Answers the stored file when the server returns it.
 */
export async function uploadChatFile(
  { file, convUid, kind }: ChatUpload,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<ChatFile | null> {
  if (!file || !convUid) throw new MissingFileError();
  const user = userFields();
  const form = toFormData({ file: { file, name: file.name }, conv_id: convUid, user_id: user.user_id, user_name: user.user_name });
  const response = await postMultipart<{ data: ChatFile | null }>(kind === 'excel' ? CHAT_PATHS.excelFileAdd : CHAT_PATHS.fileAdd, form, {
    signal: options.signal,
    onUploadProgress: (event) => {
      if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return response.data?.data ?? null;
}
