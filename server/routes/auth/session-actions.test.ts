import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn, tokenUrl, userDetailStatus } from '../../test-support/http';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logout = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: bearer(token), payload: payload as object });
const changePassword = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: AUTH_PATHS.password, headers: bearer(token), payload: payload as object });

describe('logout', () => {
  it('ends only the caller’s own session', async () => {
    const first = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    const second = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    const res = await logout(first, { username: 'demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: '成功', results: null });
    expect(await userDetailStatus(t.app, first)).toEqual({ status: 401, code: 10011039 });
    expect((await userDetailStatus(t.app, second)).status).toBe(200);
  });

  it('refuses another user’s name with 400 and keeps the session', async () => {
    const token = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const res = await logout(token, { username: 'demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: '只能退出本人的登录', results: null });
    expect((await userDetailStatus(t.app, token)).status).toBe(200);
  });

  it.each([
    ['missing username', {}, '参数 username 不能为空'],
    ['wrong type', { username: { a: 1 } }, '参数 username 类型错误，应为字符串'],
    ['oversized', { username: 'x'.repeat(65) }, '参数 username 长度不能超过 64'],
    ['unknown property', { username: 'staff', all: true }, '不支持的参数 all'],
  ])('refuses bad input (%s) with a message naming the field', async (_n, payload, message) => {
    const token = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const res = await logout(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('answers 401 without a session and is audited', async () => {
    expect((await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, payload: { username: 'demo' } })).statusCode).toBe(401);
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq: e }) => e(a.action, 'logout') });
    expect(rows.some((r) => r.actorUsername === 'demo' && r.result === 'success')).toBe(true);
  });
});

describe('logout when the client ends the session itself', () => {
  it('revokes the token after a forced 403 sign-out, so the old token then answers 401', async () => {
    const token = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const refused = await t.app.inject({ method: 'GET', url: AUTH_PATHS.license, headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(10011041);
    const res = await logout(token, { username: 'staff', reason: 'forbidden' });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: AUTH_PATHS.profile, headers: bearer(token) });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().code).toBe(10011039);
  });

  it('records why in the audit, keeping the permission refusal’s 10011041 text', async () => {
    const token = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    await logout(token, { username: 'zhangwei', reason: 'idle' });
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq: e }) => e(a.action, 'logout') });
    expect(rows.find((r) => r.target === 'staff')?.detail).toBe('客户端收到权限拒绝（10011041 没有权限执行此操作）后退出登录');
    expect(rows.find((r) => r.target === 'zhangwei')?.detail).toBe('长时间未操作，客户端已退出登录');
  });

  it('refuses an unknown reason with a message naming the field', async () => {
    const token = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const res = await logout(token, { username: 'staff', reason: 'bored' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('reason');
    expect((await userDetailStatus(t.app, token)).status).toBe(200);
  });
});

describe('changing one’s own password', () => {
  it('requires the current password', async () => {
    const token = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const res = await changePassword(token, { oldPassword: 'wrong-old-pass', newPassword: 'a-new-long-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('原密码不正确');
  });

  it.each([
    ['too short', 'short7!', '密码长度不能少于 8 位'],
    ['common', 'password123', '密码过于常见，请换一个'],
    ['containing the username', 'wangfang-2030', '密码不能包含用户名'],
    ['unchanged', TEST_DEMO_PASSWORD, '新密码不能与原密码相同'],
  ])('refuses a new password that is %s', async (_n, newPassword, message) => {
    const token = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const res = await changePassword(token, { oldPassword: TEST_DEMO_PASSWORD, newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it.each([
    ['missing oldPassword', { newPassword: 'abcdefgh-1' }, '参数 oldPassword 不能为空'],
    ['oversized newPassword', { oldPassword: 'x', newPassword: 'n'.repeat(129) }, '参数 newPassword 长度不能超过 128'],
    ['wrong type', { oldPassword: ['a', 'b'], newPassword: 'abcdefgh-1' }, '参数 oldPassword 类型错误，应为字符串'],
    ['no JSON object', null, '请求体格式不正确，应为 JSON 对象'],
  ])('refuses bad input (%s)', async (_n, payload, message) => {
    const token = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const res = await t.app.inject({
      method: 'PUT', url: AUTH_PATHS.password, headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('stores the new password, keeps this session and ends the others', async () => {
    const other = await signIn(t.app, 'lina', TEST_DEMO_PASSWORD);
    const current = await signIn(t.app, 'lina', TEST_DEMO_PASSWORD);
    const res = await changePassword(current, { oldPassword: TEST_DEMO_PASSWORD, newPassword: 'Spring-rain-2030' });
    expect(res.statusCode).toBe(200);
    expect((await userDetailStatus(t.app, current)).status).toBe(200);
    expect(await userDetailStatus(t.app, other)).toEqual({ status: 401, code: 10011039 });
    expect((await t.app.inject({ method: 'GET', url: tokenUrl('lina', TEST_DEMO_PASSWORD) })).statusCode).toBe(400);
    await signIn(t.app, 'lina', 'Spring-rain-2030');
    const [row] = await t.deps.db.select().from(users).where(eq(users.username, 'lina'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audit = await t.deps.db.query.auditLog.findMany({ where: (a, { eq: e }) => e(a.action, 'password-change') });
    expect(audit.some((a) => a.actorUsername === 'lina' && a.result === 'success')).toBe(true);
  });
});
