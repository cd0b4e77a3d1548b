import { stripInvisible } from '../../contract/validation/invisible-chars';

/** Longest name kept, in characters (code points). */
export const MAX_FILE_NAME_LENGTH = 200;
/** An extension this long or shorter is kept when a name is cut. */
const MAX_EXTENSION_LENGTH = 16;

// Control characters (C0, DEL, C1), line and paragraph separators, and what Windows refuses in names.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029<>:"|?*]/g;
/** Device names Windows will not save a file under, with or without an extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * The name a file is shown and downloaded under, from what the client sent: the last path part only, without
 * invisible formatting characters (`invoice\u202Egnp.txt` displayed as "invoicetxt.png"; contract/validation/
 * invisible-chars.ts), control or reserved characters, leading dots and trailing dots or spaces; NFC-normalised,
 * trimmed, at most 200 characters with the extension kept. Never empty. Files are stored under generated names, so
 * this decides only what people see.
 */
export function sanitizeFileName(name: string): string {
  const base = stripInvisible(name).split(/[\\/]/).pop() ?? '';
  let cleaned = base.replace(UNSAFE, '').normalize('NFC').trim().replace(/^\.+/, '').replace(/[\s.]+$/, '').trim();
  if (WINDOWS_DEVICE.test(cleaned)) cleaned = `_${cleaned}`;
  const chars = [...cleaned];
  if (chars.length > MAX_FILE_NAME_LENGTH) {
    const dot = cleaned.lastIndexOf('.');
    const extension = dot > 0 && cleaned.length - dot <= MAX_EXTENSION_LENGTH ? [...cleaned.slice(dot)] : [];
    cleaned = [...chars.slice(0, MAX_FILE_NAME_LENGTH - extension.length), ...extension].join('');
  }
  return cleaned || '未命名文件';
}
