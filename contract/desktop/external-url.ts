/** Longest URL handed to the system browser. */
const MAX_EXTERNAL_URL = 2048;

/**
 * The URL to open in the system browser, or null when refused:
 * only http(s) with a host and without user-info; everything else (file:, javascript:,
 * data:, mailto:, ms-msdt:, custom schemes, UNC paths, non-strings) is refused.
 */
export function externalUrlOrNull(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_EXTERNAL_URL) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}
