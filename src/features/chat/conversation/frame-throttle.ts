/** Runs `flush` at most once per animation frame (or 16 ms where there are no frames), however often it is asked. */
export function frameThrottle(flush: () => void): { request: () => void; cancel: () => void } {
  let handle: number | null = null;
  const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (cb: () => void) => window.setTimeout(cb, 16);
  const caf = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : window.clearTimeout;
  return {
    request() {
      if (handle !== null) return;
      handle = raf(() => {
        handle = null;
        flush();
      });
    },
    cancel() {
      if (handle !== null) caf(handle);
      handle = null;
    },
  };
}
