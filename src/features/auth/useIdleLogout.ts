import { useEffect, useRef } from 'react';
import { idleLogout } from './idle-logout';
import { startIdleWatch, trackActivity } from './idle';

/** Runs the idle logout of spec §4 while mounted; `path` is the current route's path. */
export function useIdleLogout(path: string, limitMs: number): void {
  const pathRef = useRef(path);
  useEffect(() => {
    pathRef.current = path;
  }, [path]);

  useEffect(() => {
    const stopTracking = trackActivity();
    let stopWatch = () => {};
    let disposed = false;
    const start = () => {
      if (disposed) return;
      stopWatch = startIdleWatch({
        limitMs,
        currentPath: () => pathRef.current,
        onExpire: () => void idleLogout().finally(start),
      });
    };
    start();
    return () => {
      disposed = true;
      stopTracking();
      stopWatch();
    };
  }, [limitMs]);
}
