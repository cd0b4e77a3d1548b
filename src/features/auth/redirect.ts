const SIGN_IN = ['/login', '/subLogin', '/clientLogin'];

function hasControlCharacter(text: string): boolean {
  return [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
}

/**
 * The `redirect` target if it is a route of this app, else null. Refuses anything that could leave
 * the app: absolute URLs, protocol-relative `//host`, backslashes, control characters.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (/[\\\s]/.test(raw) || raw.includes(':/') || hasControlCharacter(raw)) return null;
  const path = raw.split(/[?#]/)[0];
  if (SIGN_IN.includes(path)) return null;
  return raw;
}
