// Encrypted passwords' settings of the configuration (config.ts, D91).
import type { LoginCipherAlg } from '../contract/api/login-cipher';
import { ConfigError, type Env } from './config-env';

/** LOGIN_CRYPTO: RSA-OAEP by default, SM2 for 国密 deployments. */
export const LOGIN_CRYPTO_VALUES: readonly LoginCipherAlg[] = ['rsa', 'sm2'];
/** LOGIN_PLAIN_PASSWORD: accept (default, clients written to the spec's contract keep working) or refuse. */
export type PlainPasswordPolicy = 'accept' | 'refuse';
const PLAIN_VALUES: readonly PlainPasswordPolicy[] = ['accept', 'refuse'];

export type LoginConfig = { loginCrypto: LoginCipherAlg; loginPlainPassword: PlainPasswordPolicy };

function choice<T extends string>(env: Env, name: string, values: readonly T[]): T {
  const v = (env[name]?.trim() ?? '').toLowerCase();
  if (v === '') return values[0];
  if (!values.includes(v as T)) throw new ConfigError(name, `应为 ${values.join('、')} 之一`, `must be one of ${values.join(', ')}`);
  return v as T;
}

/** Reads LOGIN_CRYPTO and LOGIN_PLAIN_PASSWORD. */
export function loginConfig(env: Env): LoginConfig {
  return {
    loginCrypto: choice(env, 'LOGIN_CRYPTO', LOGIN_CRYPTO_VALUES),
    loginPlainPassword: choice(env, 'LOGIN_PLAIN_PASSWORD', PLAIN_VALUES),
  };
}
