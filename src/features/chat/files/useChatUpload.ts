import { useRef, useState } from 'react';
import { CHAT_MESSAGES } from '../../../../contract/api/runtime';
import { useAppDispatch } from '../../../app/hooks';
import { ApiError } from '../../../lib/http';
import { screenPick, useUploadLimitsQuery } from '../../../lib/uploads/upload-limits';
import { pickFiles } from '../../../platform';
import { chatApi } from '../api';
import { CHAT_UPLOAD_EXTENSIONS, MissingFileError, uploadChatFile, type ChatFileKind } from '../upload';
import { useAppMessage } from '../../../lib/use-app-message';

export type UploadProgress = { name: string; percent: number } | null;

/**
 * Picks a file through the platform (native dialog on the desktop) and uploads it into the dialogue with
 * progress and cancel. The dialogue is created first when the conversation is still new.
 */
export function useChatUpload(kind: ChatFileKind, ensureDialogue: () => Promise<string>) {
  const message = useAppMessage();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<UploadProgress>(null);
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  const limit = useUploadLimitsQuery().data?.chat;

  /** Uploads the given file (or asks for one); `file` null is refused with 缺少文件参数 before anything is sent. */
  const upload = async (given?: File | null) => {
    setError('');
    let file = given;
    if (file === undefined) {
      const picked = await pickFiles({ purpose: 'chat', accept: CHAT_UPLOAD_EXTENSIONS[kind] });
      const screened = screenPick(picked, limit);
      for (const line of screened.refusals) message.warning(line, 5);
      if (picked.canceled) return;
      // A refused file (its type, its size) has been named: nothing to send, and no 缺少文件参数 beside it.
      if (screened.refusals.length > 0 && screened.files.length === 0) return;
      file = screened.files[0] ?? null;
    }
    controller.current = new AbortController();
    try {
      const convUid = file ? await ensureDialogue() : null;
      setProgress({ name: file?.name ?? '', percent: 0 });
      await uploadChatFile({ file, convUid, kind }, {
        signal: controller.current.signal,
        onProgress: (percent) => setProgress({ name: file?.name ?? '', percent }),
      });
      message.success(`已上传：${file?.name}`);
      dispatch(chatApi.util.invalidateTags(['ChatFile', 'ChatParams']));
    } catch (err) {
      if (err instanceof MissingFileError) {
        setError(err.message);
        message.error(err.message);
      } else if (err instanceof ApiError && err.kind === 'cancel') {
        // Spec §4: an aborted chat upload logs 取消上传.
        console.info(CHAT_MESSAGES.uploadCancelled);
        message.info(CHAT_MESSAGES.uploadCancelled);
      } else if (err instanceof ApiError) {
        // The interceptor has shown the server's message (e.g. 缺少文件参数); keep it beside the button too.
        setError(err.message);
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const cancel = () => controller.current?.abort();
  return { upload, cancel, progress, error };
}
