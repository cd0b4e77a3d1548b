import { message } from 'antd';

/** Where cross-cutting code (interceptor, guard, idle logout) shows toasts; durations in seconds. */
export type Notifier = {
  error: (content: string, duration?: number, key?: string) => void;
  warning: (content: string, duration?: number, key?: string) => void;
  success: (content: string, duration?: number, key?: string) => void;
  /** Closes the toast shown with `key` (if any) before its time. */
  dismiss?: (key: string) => void;
};

/** Toasts that say why the user had to sign in; a successful sign-in closes them (D36). */
export const SIGN_IN_REASON_KEYS = ['guard', 'sub-login', 'session-end', 'idle-logout'] as const;

/** Error toasts stay 5 s (spec §9). */
export const ERROR_TOAST_SECONDS = 5;

function fromMessageApi(api: Pick<typeof message, 'open' | 'destroy'>): Notifier {
  const show = (type: 'error' | 'warning' | 'success') => (content: string, duration?: number, key?: string) => {
    void api.open({ type, content, duration, key });
  };
  const dismiss = (key: string) => {
    api.destroy(key);
    // A toast shown before the app's holder mounted (the guard's, on the first load) went through the static API.
    if (api !== message) message.destroy(key);
  };
  return { error: show('error'), warning: show('warning'), success: show('success'), dismiss };
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
export function notifierFromMessage(api: Pick<typeof message, 'open' | 'destroy'>): Notifier {
  return fromMessageApi(api);
}
