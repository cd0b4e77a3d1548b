// Rules of user fields shared by the server (create, update, import) and the personnel screen. TypeBox-free.
import { hasSpecialChars, isEmail, isLandline, isMobile, VALIDATION_MESSAGES } from '../../validation/validators';

/** Username: starts with a letter; 3–32 letters, digits, underscore, dot or hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;
export const USERNAME_RULE_TEXT = '用户名须以字母开头，由 3–32 位字母、数字、下划线、点或连字符组成';
export const FULL_NAME_MAX = 50;
export const POSITION_MAX = 50;
export const REMARK_MAX = 500;

/** The user fields the rules look at. */
export type UserFieldInput = {
  username?: string;
  fullName?: string;
  mobile?: string;
  phone?: string;
  email?: string;
  position?: string;
  remark?: string;
};

/**
 * Problems of a user's fields, each a Chinese sentence naming the field; empty when all is well.
 * `username` is checked only when given (updates cannot change it).
 */
export function userFieldProblems(input: UserFieldInput, options: { checkUsername?: boolean } = {}): string[] {
  const problems: string[] = [];
  const text = (v: string | undefined) => (v ?? '').trim();
  if (options.checkUsername !== false) {
    const username = text(input.username);
    if (!username) problems.push(`用户名${VALIDATION_MESSAGES.required}`);
    else if (!USERNAME_PATTERN.test(username)) problems.push(USERNAME_RULE_TEXT);
  }
  const fullName = text(input.fullName);
  if (!fullName) problems.push(`姓名${VALIDATION_MESSAGES.required}`);
  else if ([...fullName].length > FULL_NAME_MAX) problems.push(`姓名不能超过 ${FULL_NAME_MAX} 个字符`);
  else if (hasSpecialChars(fullName)) problems.push(`姓名${VALIDATION_MESSAGES.specialChars}`);
  const mobile = text(input.mobile);
  if (mobile && !isMobile(mobile)) problems.push(`手机：${VALIDATION_MESSAGES.mobile}`);
  const phone = text(input.phone);
  if (phone && !isLandline(phone)) problems.push(`座机：${VALIDATION_MESSAGES.landline}`);
  const email = text(input.email);
  if (email && !isEmail(email)) problems.push(`邮箱：${VALIDATION_MESSAGES.email}`);
  const position = text(input.position);
  if ([...position].length > POSITION_MAX) problems.push(`职务不能超过 ${POSITION_MAX} 个字符`);
  else if (position && hasSpecialChars(position)) problems.push(`职务${VALIDATION_MESSAGES.specialChars}`);
  if ([...text(input.remark)].length > REMARK_MAX) problems.push(`备注不能超过 ${REMARK_MAX} 个字符`);
  return problems;
}
