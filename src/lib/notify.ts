import { message } from 'antd';

/** Where cross-cutting code (interceptor, guard, idle logout) shows toasts; durations in seconds. */
export type Notifier = {
  error: (content: string, duration?: number, key?: string) => void;
  warning: (content: string, duration?: number, key?: string) => void;
  success: (content: string, duration?: number, key?: string) => void;
};

/** Error toasts stay 5 s (spec §9). */
export const ERROR_TOAST_SECONDS = 5;

function fromMessageApi(api: Pick<typeof message, 'open'>): Notifier {
  const show = (type: 'error' | 'warning' | 'success') => (content: string, duration?: number, key?: string) => {
    void api.open({ type, content, duration, key });
  };
  return { error: show('error'), warning: show('warning'), success: show('success') };
}

// Until the app mounts its antd <App>, fall back to the static API.
let current: Notifier = fromMessageApi(message);

/** The notifier in use. */
export function notify(): Notifier {
  return current;
}

/** Installs a notifier (the app's antd message API, or a fake in tests); returns a restore function. */
export function setNotifier(next: Notifier): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

/** Adapts an antd message instance (from App.useApp) to a notifier. */
export function notifierFromMessage(api: Pick<typeof message, 'open'>): Notifier {
  return fromMessageApi(api);
}
