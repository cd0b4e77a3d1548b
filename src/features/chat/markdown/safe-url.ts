// Links in model answers may only go to the web or to mail: no javascript:, data:, file: or relative app URLs.

// Browsers drop tabs and newlines inside a URL and ignore leading control characters and spaces,
// so `java\tscript:` must be judged as `javascript:`.
// eslint-disable-next-line no-control-regex
const IGNORED = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;
const ALLOWED = /^(?:https?:\/\/[^/]|mailto:)/i;

/** The URL when it is an absolute http(s) or mailto link, otherwise null (react-markdown then drops the attribute). */
export function safeUrl(url: string): string | null {
  const cleaned = url.replace(IGNORED, '');
  return ALLOWED.test(cleaned) ? cleaned : null;
}
