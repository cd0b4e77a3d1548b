import type { MessageInstance } from 'antd/es/message/interface';

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

type Tone = 'error' | 'warning' | 'success';
type Toast = { tone: Tone; content: string; duration?: number; key?: string };

// The app's toast holder (NotifierBridge, antd's message) is a chunk of its own, drawn on the first toast or when
// the signed-in areas load: the sign-in pages open without antd's message code (the /login JS budget, D73). Toasts
// asked for before it is drawn wait here (the guard's, from the first navigation's loader) and show once it is.
const waiting: Toast[] = [];
const listeners = new Set<() => void>();
let wanted = false;

/** Asks for the toast holder to be drawn (once). */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast holder has been asked for (a `useSyncExternalStore` snapshot). */
export function toastsWanted(): boolean {
  return wanted;
}

/** Subscribes to toastsWanted; returns the unsubscribe function. */
export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forget(key: string | undefined): void {
  if (key === undefined) return;
  const at = waiting.findIndex((t) => t.key === key);
  if (at >= 0) waiting.splice(at, 1);
}

function hold(tone: Tone) {
  return (content: string, duration?: number, key?: string) => {
    // A keyed toast replaces its earlier self, as antd's message does.
    forget(key);
    waiting.push({ tone, content, duration, key });
    wantToasts();
  };
}

/** Until the holder is drawn: keep the toasts and ask for it. */
const waitingNotifier: Notifier = { error: hold('error'), warning: hold('warning'), success: hold('success'), dismiss: forget };

/** The holder's notifier while it is drawn. */
let holder: Notifier | null = null;
/** A notifier installed over the holder (a fake, in tests). */
let override: Notifier | null = null;

/** The notifier in use. */
export function notify(): Notifier {
  return override ?? holder ?? waitingNotifier;
}

/** Installs a notifier over the app's holder (a fake in tests); returns a restore function. */
export function setNotifier(next: Notifier): () => void {
  const previous = override;
  override = next;
  return () => {
    override = previous;
  };
}

/**
 * Installs the holder's notifier (NotifierBridge) and shows through it the toasts that waited; returns the function
 * that removes it. Apart from setNotifier, so a holder drawn late neither hides nor restores a fake.
 */
export function setHolder(next: Notifier): () => void {
  holder = next;
  for (const toast of waiting.splice(0)) next[toast.tone](toast.content, toast.duration, toast.key);
  return () => {
    if (holder === next) holder = null;
  };
}

/** Adapts an antd message instance (the holder's `message.useMessage`, or App.useApp) to a notifier. */
export function notifierFromMessage(api: Pick<MessageInstance, 'open' | 'destroy'>): Notifier {
  const show = (type: Tone) => (content: string, duration?: number, key?: string) => {
    void api.open({ type, content, duration, key });
  };
  return { error: show('error'), warning: show('warning'), success: show('success'), dismiss: (key) => api.destroy(key) };
}
