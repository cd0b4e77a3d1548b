import dayjs from 'dayjs';
import { MESSAGES } from '../../../contract/api/runtime';
import { ApiError } from '../../lib/http/errors';

const DENIED = ['Access token denied', 'Error requesting access token'];

/** 登录失败：账号已锁定… with the unlock time as HH:mm when known. */
export function lockedMessage(lockedUntil: string | null | undefined): string {
  const until = lockedUntil ? dayjs(lockedUntil) : null;
  if (until?.isValid()) return `登录失败：账号已锁定，请于 ${until.format('HH:mm')} 后重试或联系安全保密管理员`;
  return '登录失败：账号已锁定，请稍后重试或联系安全保密管理员';
}

function describe(body: unknown): { text: string; lockedUntil?: string | null } {
  if (!body || typeof body !== 'object') return { text: '' };
  const b = body as Record<string, unknown>;
  const text = [b.error_description, b.error, b.message, b.err_msg].filter((v) => typeof v === 'string').join(' ');
  return { text, lockedUntil: typeof b.lockedUntil === 'string' ? b.lockedUntil : null };
}

/** The message the sign-in screen shows for a failure (spec §8). */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind !== 'status') return `${MESSAGES.loginFailed}：${error.message}`;
  const { text, lockedUntil } = describe(error instanceof ApiError ? error.body : null);
  // Too many failed sign-ins from this address: the server says how long to wait (D24).
  if (error instanceof ApiError && error.status === 429) return text ? `${MESSAGES.loginFailed}：${text}` : MESSAGES.loginFailed;
  if (text.includes('Account locked')) return lockedMessage(lockedUntil);
  if (DENIED.some((d) => text.includes(d))) return MESSAGES.loginWrongPassword;
  return MESSAGES.loginFailed;
}
