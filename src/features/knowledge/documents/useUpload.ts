import { useRef, useState } from 'react';
import { useCreateTasksMutation } from '../api';
import { uploadDocuments, type UploadRequest } from '../upload';

export type UploadState = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'starting' };

/** Upload with progress and cancel, then task/create for the new documents so processing starts at once. */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const [createTasks] = useCreateTasksMutation();

  /** Resolves the new ids; rejects when the upload failed or was cancelled (the interceptor shows the reason). */
  const upload = async (request: UploadRequest): Promise<{ ids: number[]; started: boolean }> => {
    controller.current = new AbortController();
    setState({ phase: 'uploading', percent: 0 });
    try {
      const ids = await uploadDocuments(request, {
        signal: controller.current.signal,
        onProgress: (percent) => setState({ phase: 'uploading', percent }),
      });
      setState({ phase: 'starting' });
      // The files are stored either way; if starting fails, 重新处理 on the row starts them later.
      const started = await createTasks({ space: request.space, doc_ids: ids }).unwrap().then(() => true, () => false);
      return { ids, started };
    } finally {
      controller.current = null;
      setState({ phase: 'idle' });
    }
  };

  /** Stops an upload under way; the server keeps nothing of it. */
  const cancel = () => controller.current?.abort();

  return { state, upload, cancel, busy: state.phase !== 'idle' };
}
