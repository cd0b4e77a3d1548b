import { useSyncExternalStore } from 'react';

/** The system setting for less motion (Windows: 显示动画 off; macOS: 减弱动态效果). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const current = () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;

/** Whether the user asked the system for less motion; follows the setting while the app runs. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
