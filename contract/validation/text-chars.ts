// Characters no user types, and the rules every string the contract accepts follows (issue 11, D25).
// Runtime-neutral: the server's schema keyword, upload names and the renderer's forms use the same definitions.

/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its partner (cannot be stored as UTF-8). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Noncharacters U+FFFE and U+FFFF. */
export const NONCHARACTERS = /[\uFFFE\uFFFF]/;
/**
 * Invisible formatting: bidirectional overrides and isolates (`invoice\u202Egnp.txt` shows as "invoicetxt.png"),
 * marks, zero-width characters, word joiners, the byte-order mark, soft hyphen, line and paragraph separators.
 */
export const INVISIBLE_FORMAT_CHARS = /[\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
const LINE_BREAKS = /[\t\n\r]/;

/** How strict a string field is: free text keeps tab and newline; names are one visible line. */
export type TextKind = 'text' | 'name';

/** Why a value breaks its kind's rule (a Chinese phrase to follow the field's name), or null when it is fine. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (CONTROL_CHARS.test(value) || NONCHARACTERS.test(value)) return '含有不允许的控制字符';
  if (LONE_SURROGATE.test(value)) return '含有无效的字符编码';
  if (kind === 'name' && (LINE_BREAKS.test(value) || INVISIBLE_FORMAT_CHARS.test(value))) return '含有换行或不可见的格式字符';
  return null;
}

const STRIP = new RegExp(`${CONTROL_CHARS.source}|${NONCHARACTERS.source}|${LONE_SURROGATE.source}|${INVISIBLE_FORMAT_CHARS.source}|[\\t\\n\\r]`, 'g');

/** A name made safe to show: every character `textProblem(…, 'name')` refuses removed, NFC, trimmed. */
export function cleanName(value: string): string {
  return value.replace(STRIP, '').normalize('NFC').trim();
}

/** Property names whose strings are names people read (one visible line): `name`, `doc_name`, `fullName`, `title`… */
export function isNameProperty(property: string): boolean {
  return /(^|_)(name|title)$|Name$|^username$/.test(property);
}
