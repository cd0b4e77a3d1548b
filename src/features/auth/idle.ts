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

/** How long before the idle logout the warning shows (D92); a limit shorter than twice this warns at its half. */
export const IDLE_WARNING_MS = 60_000;

/** When the warning shows for a limit: a minute before the end, or halfway for a very short limit. */
export function warningLeadMs(limitMs: number): number {
  return Math.min(IDLE_WARNING_MS, Math.floor(limitMs / 2));
}

export type IdleWatchOptions = {
  limitMs: number;
  /** The current route's path; the clock does not run on sign-in pages. */
  currentPath: () => string;
  onExpire: () => void;
  /** The warning is due: the session ends at `endsAt` unless there is activity. */
  onWarn?: (endsAt: number) => void;
  /** Activity (here or in another tab) came after a warning: it no longer applies. */
  onResume?: () => void;
  /** Every check of a running clock, with the last activity (the server's idle clock is kept in step from it). */
  onTick?: (now: number, lastActivity: number) => void;
  now?: () => number;
  intervalMs?: number;
};

/** Checks the idle clock every second; returns a stop function. Fires once, then stops. */
export function startIdleWatch(options: IdleWatchOptions) {
  const { limitMs, currentPath, onExpire, onWarn, onResume, onTick, now = Date.now, intervalMs = IDLE_CHECK_MS } = options;
  let warnedFor: number | null = null;
  const timer = setInterval(() => {
    if (isIdleExempt(currentPath()) || !getToken()) return;
    const last = getLastClickTime();
    if (last === null) return setLastClickTime(now());
    const t = now();
    if (isIdleExpired(t, last, limitMs)) {
      clearInterval(timer);
      onExpire();
      return;
    }
    onTick?.(t, last);
    const warn = isIdleExpired(t, last, limitMs - warningLeadMs(limitMs));
    if (warn && warnedFor !== last) {
      warnedFor = last;
      onWarn?.(last + limitMs);
    } else if (!warn && warnedFor !== null) {
      warnedFor = null;
      onResume?.();
    }
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

/**
 * Records user activity in lastClickTime (throttled); returns a stop function. While `paused` answers true (the
 * idle warning is open) activity is not recorded: moving the mouse to the warning must not answer it for the user.
 */
export function trackActivity(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  now = Date.now,
  paused: () => boolean = () => false,
) {
  let lastWrite = 0;
  const onActivity = () => {
    if (paused()) return;
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
