/**
 * Characters that show nothing themselves but change how the text around them is shown: bidi controls
 * (U+202A–202E, U+2066–2069, U+200E/200F, U+061C), zero-width characters (U+200B–200D, U+2060–2064, U+FEFF),
 * U+180E, the soft hyphen U+00AD, variation selectors, Hangul fillers and tag characters. This is Unicode's
 * Default_Ignorable_Code_Point property, so the class grows with Unicode rather than with our list.
 * `invoice\u202Egnp.txt` displays as "invoicetxt.png": in a name such characters only ever deceive.
 * One definition for file names (server/uploads/file-name.ts) and for names sent as JSON.
 */
export const INVISIBLE_CHARS_CLASS = '\\p{Default_Ignorable_Code_Point}';

/** Every invisible formatting character (global, Unicode mode: use with `replace`, not `test`). */
export const INVISIBLE_CHARS = new RegExp(INVISIBLE_CHARS_CLASS, 'gu');

const ANY_INVISIBLE = new RegExp(INVISIBLE_CHARS_CLASS, 'u');

/** True when the text holds an invisible formatting character. */
export function hasInvisible(text: string): boolean {
  return ANY_INVISIBLE.test(text);
}

/** The text without its invisible formatting characters (control characters are left to the caller). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARS, '');
}
