import type { DesktopBridge } from '../../contract/desktop';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent on the web. */
    desktop?: DesktopBridge;
  }
}

/** The desktop bridge when running inside the Electron client, else null. The only reader of window.desktop. */
export function readDesktopBridge(): DesktopBridge | null {
  return typeof window !== 'undefined' && window.desktop ? window.desktop : null;
}
