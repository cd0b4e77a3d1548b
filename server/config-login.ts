// Encrypted passwords' settings (D91), apart from config.ts which holds everything else.
import type { LoginCipherAlg } from '../contract/api/login-cipher';

/** LOGIN_CRYPTO: RSA-OAEP by default, SM2 for 国密 deployments. */
export const LOGIN_CRYPTO_VALUES: readonly LoginCipherAlg[] = ['rsa', 'sm2'];
/** LOGIN_PLAIN_PASSWORD: accept (default, clients written to the spec's contract keep working) or refuse. */
export type PlainPasswordPolicy = 'accept' | 'refuse';
const PLAIN_VALUES: readonly PlainPasswordPolicy[] = ['accept', 'refuse'];

export type LoginConfig = { loginCrypto: LoginCipherAlg; loginPlainPassword: PlainPasswordPolicy };

type Fail = (name: string, zh: string, en: string) => Error;

function choice<T extends string>(env: Record<string, string | undefined>, name: string, values: readonly T[], fail: Fail): T {
  const v = (env[name]?.trim() ?? '').toLowerCase();
  if (v === '') return values[0];
  if (!values.includes(v as T)) throw fail(name, `应为 ${values.join('、')} 之一`, `must be one of ${values.join(', ')}`);
  return v as T;
}

/** Reads LOGIN_CRYPTO and LOGIN_PLAIN_PASSWORD; `fail` makes the configuration error naming the variable. */
export function loginConfig(env: Record<string, string | undefined>, fail: Fail): LoginConfig {
  return {
    loginCrypto: choice(env, 'LOGIN_CRYPTO', LOGIN_CRYPTO_VALUES, fail),
    loginPlainPassword: choice(env, 'LOGIN_PLAIN_PASSWORD', PLAIN_VALUES, fail),
  };
}
