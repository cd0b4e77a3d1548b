import { stripInvisible } from '../../contract/validation/invisible-chars';

/** Characters Windows, macOS or Linux refuse in file names, plus control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** A safe default name for the save dialog from a name suggested by the renderer. */
export function sanitizeFileName(suggested: string, fallback = '导出文件'): string {
  // Invisible formatting characters (an RTL override makes evil\u202Etxt.exe read as "evilexe.txt") go entirely.
  let name = stripInvisible(suggested).replace(FORBIDDEN, '_').replace(/^[\s.]+|[\s.]+$/g, '');
  if (RESERVED.test(name)) name = `_${name}`;
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 11 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name === '' ? fallback : name;
}
