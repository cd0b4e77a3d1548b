import { MESSAGES } from '../../../contract/api/errors';
import { ApiError } from '../../lib/http/errors';

const DENIED = ['Access token denied', 'Error requesting access token'];

/** 登录失败：账号已锁定… with the unlock time as HH:mm when known. */
export function lockedMessage(lockedUntil: string | null | undefined): string {
  // Formatted by hand, local time: dayjs would be the sign-in page's only use of it (the /login JS budget, D73).
  const until = lockedUntil ? new Date(lockedUntil) : null;
  if (until && !Number.isNaN(until.getTime())) {
    const two = (n: number) => String(n).padStart(2, '0');
    return `登录失败：账号已锁定，请于 ${two(until.getHours())}:${two(until.getMinutes())} 后重试或联系安全保密管理员`;
  }
  return '登录失败：账号已锁定，请稍后重试或联系安全保密管理员';
}

function describe(body: unknown): { text: string; lockedUntil?: string | null; triesLeft?: number | null } {
  if (!body || typeof body !== 'object') return { text: '' };
  const b = body as Record<string, unknown>;
  const text = [b.error_description, b.error, b.message, b.err_msg].filter((v) => typeof v === 'string').join(' ');
  const triesLeft = typeof b.triesLeft === 'number' && Number.isInteger(b.triesLeft) && b.triesLeft > 0 ? b.triesLeft : null;
  return { text, lockedUntil: typeof b.lockedUntil === 'string' ? b.lockedUntil : null, triesLeft };
}

/** 用户名或密码错误 with, near the lock, how many tries remain (the server counts them, D92). */
export function wrongPasswordMessage(triesLeft: number | null | undefined): string {
  return triesLeft ? `用户名或密码错误，还可尝试 ${triesLeft} 次，之后账号将被锁定` : MESSAGES.loginWrongPassword;
}

/** The message the sign-in screen shows for a failure (spec §8). */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind !== 'status') return `${MESSAGES.loginFailed}：${error.message}`;
  const { text, lockedUntil, triesLeft } = describe(error instanceof ApiError ? error.body : null);
  // Too many failed sign-ins from this address: the server says how long to wait (D24).
  if (error instanceof ApiError && error.status === 429) return text ? `${MESSAGES.loginFailed}：${text}` : MESSAGES.loginFailed;
  if (text.includes('Account locked')) return lockedMessage(lockedUntil);
  if (DENIED.some((d) => text.includes(d))) return wrongPasswordMessage(triesLeft);
  // The server's or the password encryption's own explanation (D91: stale, refused plain, no secure context).
  const own = error instanceof ApiError ? (error.status === 400 ? text : '') : error instanceof Error ? error.message : '';
  if (/[\u4e00-\u9fff]/.test(own)) return `${MESSAGES.loginFailed}：${own}`;
  return MESSAGES.loginFailed;
}
