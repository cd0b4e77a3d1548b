import { App } from 'antd';
import { useMemo } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { ERROR_TOAST_SECONDS } from './notify';

/**
 * The antd App's message for the pages, with error toasts lasting 5 s unless a call says otherwise (spec §9).
 * antd's App takes one duration for every type (3 s), so the error default is set here, once, for every page.
 */
export function useAppMessage(): MessageInstance {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      ...message,
      error: ((content, duration = ERROR_TOAST_SECONDS, onClose) =>
        typeof content === 'object' && content !== null && 'content' in content
          ? message.error({ duration: ERROR_TOAST_SECONDS, ...content }, duration, onClose)
          : message.error(content, duration, onClose)) as MessageInstance['error'],
    }),
    [message],
  );
}
