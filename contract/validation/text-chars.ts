// Characters no user types, and the rules every string the contract accepts follows (issue 11, D25).
// Runtime-neutral: the server's schema keyword, upload names and the renderer's forms use the same definitions.
import { INVISIBLE_CHARS_CLASS } from './invisible-chars';

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its partner (cannot be stored as UTF-8). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Noncharacters U+FFFE and U+FFFF. */
export const NONCHARACTERS = /[\uFFFE\uFFFF]/;
/** Line and paragraph separators (U+2028, U+2029): line breaks no one types in a name. */
const SEPARATORS = /[\u2028\u2029]/;
/** Invisible formatting (`invisible-chars.ts`: Unicode's Default_Ignorable_Code_Point, RTL overrides included). */
const INVISIBLE = new RegExp(INVISIBLE_CHARS_CLASS, 'u');
const LINE_BREAKS = /[\t\n\r]/;

/** How strict a string field is: free text keeps tab and newline; names are one visible line. */
export type TextKind = 'text' | 'name';

/** Why a value breaks its kind's rule (a Chinese phrase to follow the field's name), or null when it is fine. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (CONTROL_CHARS.test(value) || NONCHARACTERS.test(value)) return '含有不允许的控制字符';
  if (LONE_SURROGATE.test(value)) return '含有无效的字符编码';
  if (kind === 'name' && (LINE_BREAKS.test(value) || SEPARATORS.test(value) || INVISIBLE.test(value))) return '含有换行或不可见的格式字符';
  return null;
}

/** Property names whose strings are names people read (one visible line): `name`, `doc_name`, `fullName`, `title`… */
export function isNameProperty(property: string): boolean {
  return /(^|_)(name|title)$|Name$|^username$/.test(property);
}
