import type { message } from 'antd';

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

type MessageApi = Pick<typeof message, 'open' | 'destroy'>;

let staticApi: Promise<MessageApi> | undefined;

/**
 * antd's static message API, for toasts shown before the app mounts its antd <App> (the guard's, on the first
 * load; the sign-in page's). Fetched on the first such toast: the sign-in page draws without it (D69). Calls
 * chain on the one promise, so a dismiss follows the toast it closes.
 */
function staticMessage(): Promise<MessageApi> {
  staticApi ??= import('antd/es/message').then((m) => m.default);
  return staticApi;
}

function fromMessageApi(api: MessageApi): Notifier {
  const show = (type: 'error' | 'warning' | 'success') => (content: string, duration?: number, key?: string) => {
    void api.open({ type, content, duration, key });
  };
  const dismiss = (key: string) => {
    api.destroy(key);
    // A toast shown before the app's holder mounted (the guard's, on the first load) went through the static API.
    void staticApi?.then((s) => s.destroy(key));
  };
  return { error: show('error'), warning: show('warning'), success: show('success'), dismiss };
}

/** The static API's notifier: each call waits for antd's message code (at once, after the first toast). */
function staticShow(type: 'error' | 'warning' | 'success') {
  return (content: string, duration?: number, key?: string) =>
    void staticMessage().then((m) => m.open({ type, content, duration, key }), () => undefined);
}
const staticNotifier: Notifier = {
  error: staticShow('error'),
  warning: staticShow('warning'),
  success: staticShow('success'),
  dismiss: (key) => void staticApi?.then((m) => m.destroy(key), () => undefined),
};

// Until the app mounts its antd <App>, fall back to the static API.
let current: Notifier = staticNotifier;

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
export function notifierFromMessage(api: MessageApi): Notifier {
  return fromMessageApi(api);
}
