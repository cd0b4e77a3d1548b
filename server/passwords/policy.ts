import { COMMON_PASSWORDS } from './common-passwords';

/** Minimum password length (ASVS 6.2.1); no composition rules (ASVS 6.2.5). */
export const PASSWORD_MIN_LENGTH = 8;
/** Maximum accepted length, also enforced by the request schemas. */
export const PASSWORD_MAX_LENGTH = 128;

/** Why a password is refused, in Chinese (for answers) and English (for operator messages). */
export type PolicyProblem = { zh: string; en: string };

/** Checks a new password; returns null when it is acceptable. The password is never trimmed or folded. */
export function checkPasswordPolicy(password: string, username?: string): PolicyProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return { zh: `密码长度不能少于 ${PASSWORD_MIN_LENGTH} 位`, en: `password must have at least ${PASSWORD_MIN_LENGTH} characters` };
  }
  if ([...password].length > PASSWORD_MAX_LENGTH) {
    return { zh: `密码长度不能超过 ${PASSWORD_MAX_LENGTH} 位`, en: `password must have at most ${PASSWORD_MAX_LENGTH} characters` };
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return { zh: '密码过于常见，请换一个', en: 'password is too common' };
  }
  if (username && password.toLowerCase().includes(username.toLowerCase())) {
    return { zh: '密码不能包含用户名', en: 'password must not contain the username' };
  }
  return null;
}
