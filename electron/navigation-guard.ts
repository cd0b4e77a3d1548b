import { externalUrlOrNull } from './external-links';
import { isTrustedAppUrl } from './trusted-url';

/** The part of Electron's WebContents the guard hooks into. */
export type GuardedContentsLike = {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url?: string }, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
};

/**
 * Keeps a web contents on the app: navigation and redirects away from the app's origin are
 * cancelled, no new window is ever created (http(s) links go to the system browser instead),
 * and <webview> is refused.
 */
export function guardNavigation(
  contents: GuardedContentsLike,
  options: { devOrigin: string | null; openExternal: (url: string) => void },
): void {
  const keepInside = (event: { preventDefault(): void; url?: string }, legacyUrl?: string) => {
    if (!isTrustedAppUrl(event.url ?? legacyUrl, options.devOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', keepInside);
  contents.on('will-redirect', keepInside);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlOrNull(url);
    if (external !== null) options.openExternal(external);
    return { action: 'deny' };
  });
}
