/**
 * Field validators of spec §5, shared by the renderer (antd Form rules) and the server (request checks).
 * Each predicate takes the raw value and answers whether it is acceptable; the Chinese message to show
 * when it is not sits beside it in VALIDATION_MESSAGES.
 */

/** Chinese messages shown when a validator refuses a value. */
export const VALIDATION_MESSAGES = {
  required: '不能为空',
  mobile: '请输入正确的手机号码',
  landline: '请输入正确的座机号码',
  phone: '请输入正确的手机或座机号码',
  email: '请输入正确的邮箱地址',
  specialChars: '不能包含特殊字符',
} as const;

/** Mobile number: 11 digits, first 1, second 3 to 9. */
const MOBILE = /^1[3-9]\d{9}$/;

/**
 * Landline: optional area code (3 or 4 digits starting with 0, as all mainland area codes do,
 * followed by an optional hyphen), a 7 or 8 digit local number, optional extension of 1–6 digits after a hyphen.
 * Requiring the leading 0 keeps an 11-digit mobile number from passing as "area code + number".
 */
const LANDLINE = /^(?:0\d{2,3}-?)?[1-9]\d{6,7}(?:-\d{1,6})?$/;

/** True for a mainland mobile number such as 13812345678. */
export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

/** True for a landline such as 010-12345678, 0571-8765432-123 or 12345678. */
export function isLandline(value: string): boolean {
  return LANDLINE.test(value);
}

/** True for a mobile number or a landline. */
export function isPhone(value: string): boolean {
  return isMobile(value) || isLandline(value);
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * E-mail: a local part (dot-separated atoms, no leading, trailing or doubled dot), '@',
 * and a domain of at least two dot-separated labels (letters, digits, inner hyphens). 254 characters at most.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return local.length <= 64 && EMAIL_LOCAL.test(local) && labels.length >= 2 && labels.every((l) => EMAIL_LABEL.test(l));
}

/**
 * Characters refused in names and codes: ASCII punctuation ~!@#$%^&*()+=[]{}|\;:'",<>/?` and their
 * full-width or Chinese counterparts (～！＠＃￥％…＊（）＋＝【】｛｝｜＼；：‘’“”，。、《》／？·｀ and the em dash).
 * Allowed on purpose: letters, digits, CJK, spaces, underscore, hyphen and dot, which names such as
 * "v1.2_检修-规程" use.
 */
export const SPECIAL_CHARACTERS = "~!@#$%^&*()+=[]{}|\\;:'\",<>/?`" + '～！＠＃￥％…＆＊（）＋＝［］【】｛｝｜＼；：‘’“”，。、《》〈〉／？·｀—';

const SPECIAL_SET = new Set(Array.from(SPECIAL_CHARACTERS));

/** True when the text contains any of SPECIAL_CHARACTERS. */
export function hasSpecialChars(value: string): boolean {
  for (const ch of value) if (SPECIAL_SET.has(ch)) return true;
  return false;
}

/**
 * Emptiness of spec §5: null, undefined, '', an empty array and an object without own keys are empty.
 * Numbers (0 and NaN included) and booleans are never empty; a whitespace-only string is not empty either
 * (trim first when blank text must count as missing).
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) {
    if (value instanceof Map || value instanceof Set) return value.size === 0;
    return Object.keys(value).length === 0;
  }
  return false;
}
