/** Scheme, host and origin the packaged renderer is served from. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'kb';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** URL of the renderer's entry page. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

function parse(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length > 8192) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * Whether a URL belongs to the app itself: exactly `app://kb` (no user-info, no port),
 * or, in development only, the exact origin of the Vite dev server.
 * Parsed with URL and compared field by field, never by prefix (`app://kb.evil`).
 */
export function isTrustedAppUrl(raw: unknown, devOrigin: string | null = null): boolean {
  const url = parse(raw);
  if (!url || url.username !== '' || url.password !== '') return false;
  if (url.protocol === `${APP_SCHEME}:`) return url.host === APP_HOST;
  if (devOrigin === null) return false;
  const dev = parse(devOrigin);
  return dev !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === dev.origin;
}
