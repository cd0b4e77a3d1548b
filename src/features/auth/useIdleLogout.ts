import { useCallback, useEffect, useRef, useState } from 'react';
import { setLastClickTime } from '../../lib/storage';
import { idleLogout, leaveNow } from './idle-logout';
import { startIdleWatch, trackActivity } from './idle';

/** How often, at most, activity is passed on to the server's idle clock (D92): well inside the warning's minute. */
export const SERVER_TOUCH_MS = 30_000;

/** Tells the server the user is active; a failure is left to the next real call. */
function touchServer(): void {
  void import('./api').then(({ touchSession }) => touchSession()).catch(() => undefined);
}

export type IdleState = {
  /** When the warning is open: the time the session ends unless the user answers; else null. */
  warningEndsAt: number | null;
  /** 继续使用: counts as activity here and at the server. */
  keepWorking: () => void;
  /** 退出登录 from the warning. */
  leave: () => void;
};

/** Runs the idle logout of spec §4 while mounted, with its warning (D92); `path` is the current route's path. */
export function useIdleLogout(path: string, limitMs: number): IdleState {
  const pathRef = useRef(path);
  const [warningEndsAt, setWarningEndsAt] = useState<number | null>(null);
  const warningOpen = useRef(false);
  // The last call made for the server's idle clock; the watch's start counts as one (the page's own calls just ran).
  const lastTouch = useRef(0);
  useEffect(() => {
    pathRef.current = path;
  }, [path]);

  const showWarning = useCallback((endsAt: number | null) => {
    warningOpen.current = endsAt !== null;
    setWarningEndsAt(endsAt);
  }, []);

  useEffect(() => {
    lastTouch.current = Date.now();
    const stopTracking = trackActivity(window, Date.now, () => warningOpen.current);
    let stopWatch = () => {};
    let disposed = false;
    const start = () => {
      if (disposed) return;
      stopWatch = startIdleWatch({
        limitMs,
        currentPath: () => pathRef.current,
        onWarn: (endsAt) => showWarning(endsAt),
        onResume: () => showWarning(null),
        onTick: (now, lastActivity) => {
          // The server's clock hears of activity the client saw since the last call made for it.
          if (lastActivity > lastTouch.current && now - lastTouch.current >= SERVER_TOUCH_MS) {
            lastTouch.current = now;
            touchServer();
          }
        },
        onExpire: () => {
          showWarning(null);
          void idleLogout().finally(start);
        },
      });
    };
    start();
    return () => {
      disposed = true;
      stopTracking();
      stopWatch();
    };
  }, [limitMs, showWarning]);

  const keepWorking = useCallback(() => {
    const now = Date.now();
    setLastClickTime(now);
    lastTouch.current = now;
    touchServer();
    showWarning(null);
  }, [showWarning]);

  const leave = useCallback(() => {
    showWarning(null);
    void leaveNow();
  }, [showWarning]);

  return { warningEndsAt, keepWorking, leave };
}
