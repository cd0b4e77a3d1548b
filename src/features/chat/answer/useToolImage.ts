import { useEffect, useState } from 'react';
import { CHAT_PATHS } from '../../../../contract/api/runtime';
import { http } from '../../../lib/http';

/**
 * A stored image of a tool call, read with the session (an <img> cannot send it) and shown from a blob: address,
 * given back when the image leaves the page.
 */
export function useToolImage(callId: string, index: number): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    let live = true;
    let url: string | undefined;
    http.get<Blob>(CHAT_PATHS.toolImage, { params: { call_id: callId, index }, responseType: 'blob', silent: true })
      .then((res) => {
        if (!live) return;
        url = URL.createObjectURL(res.data);
        setState({ src: url, failed: false });
      })
      .catch(() => {
        if (live) setState({ failed: true });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [callId, index]);
  return state;
}
