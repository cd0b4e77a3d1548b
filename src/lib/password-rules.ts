import type { FormRule } from 'antd';

/** Minimum password length (docs/decisions.md D4); the server's validate answer may raise it. */
export const PASSWORD_MIN_LENGTH = 8;

/** Rules of the new-password field. */
export function newPasswordRules(minLength = PASSWORD_MIN_LENGTH, oldField = 'oldPassword'): FormRule[] {
  return [
    { required: true, message: '请输入新密码' },
    { min: minLength, message: `新密码长度不能少于 ${minLength} 位` },
    { max: 128, message: '新密码长度不能超过 128 位' },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        value && value === getFieldValue(oldField) ? Promise.reject(new Error('新密码不能与原密码相同')) : Promise.resolve(),
    }),
  ];
}

/** Rules of the confirmation field: must repeat the new password. */
export function confirmPasswordRules(newField = 'newPassword'): FormRule[] {
  return [
    { required: true, message: '请再次输入新密码' },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(newField) ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致')),
    }),
  ];
}

/** The password rules as the new-password field tells them, before any attempt (the server's policy, D4). */
export function passwordRulesHint(minLength = PASSWORD_MIN_LENGTH): string {
  return `${minLength}–128 位；不能包含用户名，不能是常见密码，不能与原密码相同`;
}
