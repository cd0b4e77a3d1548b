// Reading environment variables for config.ts and its pieces (config-*.ts): the error that names a bad variable and
// the readers every piece shares.

/** A configuration value that cannot be used; the message names the variable in Chinese and English. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    zh: string,
    en: string,
  ) {
    super(`配置项 ${variable} 无效：${zh} / Invalid ${variable}: ${en}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export const MIB = 1024 * 1024;

/** The variable trimmed, or undefined when it is unset or blank. */
export function raw(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = raw(env, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new ConfigError(name, `应为 ${min} 到 ${max} 之间的整数`, `must be an integer from ${min} to ${max}`);
  }
  return Number(v);
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = raw(env, name)?.toLowerCase();
  if (v === undefined) return fallback;
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(name, '应为 true 或 false', 'must be true or false');
}
