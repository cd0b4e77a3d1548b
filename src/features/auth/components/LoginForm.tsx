import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
// The two inputs themselves, not antd's Input with OTP, Search and TextArea hung on it (the /login bundle, D69).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Credentials } from '../useSignIn';
import styles from './LoginForm.module.css';

export type LoginFormProps = {
  loading: boolean;
  error: string | null;
  onSubmit: (values: Credentials) => void;
  /** The user is at the form (a key, a pointer over it): the page may fetch what signing in needs. */
  onIntent?: () => void;
};

type FieldErrors = Partial<Record<keyof Credentials, string>>;

/** The checks of the two fields, in the order they are shown. */
export function checkCredentials({ username, password }: Credentials): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = '请输入用户名';
  else if (username.length > 64) errors.username = '用户名不能超过 64 个字符';
  if (!password) errors.password = '请输入密码';
  else if (password.length > 128) errors.password = '密码不能超过 128 个字符';
  return errors;
}

/**
 * 用户名, 密码 and 登录; the failure of the last attempt above the button. Two fields need no form library,
 * and leaving it out keeps the sign-in page small (the /login bundle budget).
 */
export function LoginForm({ loading, error, onSubmit, onIntent }: LoginFormProps) {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: keyof Credentials, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, problems clear (or appear) as the user types.
    if (submitted) setErrors(checkCredentials(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = checkCredentials(values);
    setErrors(found);
    if (!found.username && !found.password) onSubmit(values);
  };

  /** A field's id (its test id too), value and error state, and the message below it that describes it. */
  const bind = (field: keyof Credentials) => ({
    id: `login-${field}`,
    'data-testid': `login-${field}`,
    value: values[field],
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
  });
  const fieldError = (field: keyof Credentials) => (
    <div id={`login-${field}-error`} className={styles.error} role={errors[field] ? 'alert' : undefined}>
      {errors[field]}
    </div>
  );

  return (
    <form
      name="login"
      className={styles.form}
      onSubmit={submit}
      onKeyDown={onIntent}
      onInput={onIntent}
      onPointerEnter={onIntent}
      onPointerDown={onIntent}
      noValidate
      autoComplete="on"
    >
      <label className={styles.label} htmlFor="login-username">用户名</label>
      <Input
        {...bind('username')}
        size="large"
        prefix={<UserOutlined />}
        placeholder="请输入用户名"
        autoComplete="username"
        autoFocus
      />
      {fieldError('username')}
      <label className={styles.label} htmlFor="login-password">密码</label>
      <Password
        {...bind('password')}
        size="large"
        prefix={<LockOutlined />}
        placeholder="请输入密码"
        autoComplete="current-password"
      />
      {fieldError('password')}
      {error && <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="login-submit">
        登录
      </Button>
    </form>
  );
}
