import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { loginFailureMessage } from './login-errors';

const rejected = (body: unknown, status = 400) => new ApiError('status', '请求错误', status, body);

describe('sign-in failure messages (spec §8)', () => {
  it.each([
    [{ error: 'invalid_grant', error_description: 'Access token denied' }],
    [{ error: 'invalid_grant', error_description: 'Error requesting access token' }],
    [{ code: 400, message: 'Error requesting access token: bad', results: null }],
  ])('wrong credentials show 用户名或密码错误，请重新输入 (%o)', (body) => {
    expect(loginFailureMessage(rejected(body))).toBe('用户名或密码错误，请重新输入');
  });

  it('near the lock, wrong credentials say how many tries remain, as the server counted them (D92)', () => {
    const body = { error: 'invalid_grant', error_description: 'Access token denied', triesLeft: 1, message: 'x' };
    expect(loginFailureMessage(rejected(body))).toBe('用户名或密码错误，还可尝试 1 次，之后账号将被锁定');
    expect(loginFailureMessage(rejected({ ...body, triesLeft: 'many' }))).toBe('用户名或密码错误，请重新输入');
  });

  it('a locked account shows the unlock time as HH:mm', () => {
    const until = new Date(2026, 2, 2, 14, 35).toISOString();
    const body = { error: 'invalid_grant', error_description: 'Account locked', lockedUntil: until };
    expect(loginFailureMessage(rejected(body))).toBe('登录失败：账号已锁定，请于 14:35 后重试或联系安全保密管理员');
  });

  it('a locked account’s unlock time keeps two digits, and an unreadable time is left out', () => {
    const locked = (lockedUntil: unknown) => rejected({ error: 'invalid_grant', error_description: 'Account locked', lockedUntil });
    expect(loginFailureMessage(locked(new Date(2026, 2, 2, 9, 5).toISOString()))).toBe('登录失败：账号已锁定，请于 09:05 后重试或联系安全保密管理员');
    expect(loginFailureMessage(locked('not a time'))).toBe('登录失败：账号已锁定，请稍后重试或联系安全保密管理员');
    expect(loginFailureMessage(locked(null))).toBe('登录失败：账号已锁定，请稍后重试或联系安全保密管理员');
  });

  it('too many attempts from this address shows the server’s wait', () => {
    const body = { code: 429, message: '登录尝试过于频繁，请 5 分钟后再试', results: null };
    expect(loginFailureMessage(rejected(body, 429))).toBe('登录失败：登录尝试过于频繁，请 5 分钟后再试');
  });

  it('anything else shows 登录失败', () => {
    expect(loginFailureMessage(rejected({ code: 500, message: '内部错误', results: null }, 500))).toBe('登录失败');
    expect(loginFailureMessage(new Error('boom'))).toBe('登录失败');
  });

  it('a transport failure names its cause', () => {
    expect(loginFailureMessage(new ApiError('network', '后端接口连接异常'))).toBe('登录失败：后端接口连接异常');
  });
});
