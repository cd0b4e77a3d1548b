import { getLastClickTime, getToken, setLastClickTime } from '../../lib/storage';

/** How often the idle clock is checked (spec §4, §9). */
export const IDLE_CHECK_MS = 1000;
/** Activity closer together than this is recorded once. */
export const ACTIVITY_THROTTLE_MS = 1000;
/** Pages where the idle clock does not run (spec §2). */
export const IDLE_EXEMPT_PATHS = ['/login', '/subLogin', '/clientLogin'];

/** Whether the session has been idle for `limitMs` since the last activity. */
export function isIdleExpired(now: number, lastActivity: number | null, limitMs: number): boolean {
  return lastActivity !== null && now - lastActivity >= limitMs;
}

export function isIdleExempt(path: string): boolean {
  return IDLE_EXEMPT_PATHS.includes(path.split('?')[0]);
}

export type IdleWatchOptions = {
  limitMs: number;
  /** The current route's path; the clock does not run on sign-in pages. */
  currentPath: () => string;
  onExpire: () => void;
  now?: () => number;
  intervalMs?: number;
};

/** Checks the idle clock every second; returns a stop function. Fires once, then stops. */
export function startIdleWatch({ limitMs, currentPath, onExpire, now = Date.now, intervalMs = IDLE_CHECK_MS }: IdleWatchOptions) {
  const timer = setInterval(() => {
    if (isIdleExempt(currentPath()) || !getToken()) return;
    const last = getLastClickTime();
    if (last === null) return setLastClickTime(now());
    if (!isIdleExpired(now(), last, limitMs)) return;
    clearInterval(timer);
    onExpire();
  }, intervalMs);
  return () => clearInterval(timer);
}

/**
 * What counts as activity (D37): the mouse of spec §4, and keyboard, clicks, wheel, scrolling (of any element:
 * captured) and touch, so someone typing a long question without touching the mouse is not signed out. Text
 * can arrive without a key event (an input method's composition, paste, dictation), so `input` and
 * `compositionupdate` count as well: found in Chromium, where entered Chinese text fired no keydown.
 */
export const ACTIVITY_EVENTS = [
  'mousemove', 'mousedown', 'keydown', 'input', 'compositionupdate', 'wheel', 'scroll', 'touchstart', 'touchmove',
] as const;

/** Records user activity in lastClickTime (throttled); returns a stop function. */
export function trackActivity(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window, now = Date.now) {
  let lastWrite = 0;
  const onActivity = () => {
    const t = now();
    if (t - lastWrite < ACTIVITY_THROTTLE_MS) return;
    lastWrite = t;
    setLastClickTime(t);
  };
  const options = { passive: true, capture: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
  };
}
