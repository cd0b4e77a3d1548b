import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, OAUTH_DENIED } from '../../../contract/api';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, tokenUrl, userDetailStatus } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { setUserDisabled } from '../../identity/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('oauth-token (password grant)', () => {
  it('answers an opaque bearer token for the right password', async () => {
    const res = await get(tokenUrl('demo', TEST_DEMO_PASSWORD));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 10 * 60 });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await userDetailStatus(t.app, body.access_token)).status).toBe(200);
  });

  it('signs in the system accounts with the operator-given password', async () => {
    for (const username of ['sysadmin', 'secadmin', 'auditadmin']) {
      expect((await get(tokenUrl(username, TEST_ADMIN_PASSWORD))).statusCode).toBe(200);
    }
  });

  it('answers 400 Access token denied for a wrong password, an unknown user and a disabled account alike', async () => {
    const wrong = await get(tokenUrl('staff', 'not-the-password'));
    const unknown = await get(tokenUrl('nobody-here', 'whatever-pass'));
    const [lina] = await t.deps.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, 'lina') });
    await setUserDisabled(t.deps, lina.id, true, { id: -1, username: 'sysadmin', ip: '', userAgent: '' });
    const disabled = await get(tokenUrl('lina', TEST_DEMO_PASSWORD));
    for (const res of [wrong, unknown, disabled]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(OAUTH_DENIED);
    }
  });

  it('is case-sensitive and never trims the password', async () => {
    expect((await get(tokenUrl('wangfang', ` ${TEST_DEMO_PASSWORD}`))).statusCode).toBe(400);
    expect((await get(tokenUrl('wangfang', TEST_DEMO_PASSWORD.toUpperCase()))).statusCode).toBe(400);
  });

  it.each([
    ['missing username', `${AUTH_PATHS.token}?grant_type=password&password=x`, '参数 username 不能为空'],
    ['missing password', `${AUTH_PATHS.token}?grant_type=password&username=demo`, '参数 password 不能为空'],
    ['empty username', `${AUTH_PATHS.token}?grant_type=password&username=&password=x`, '参数 username 不能为空'],
    ['missing grant_type', `${AUTH_PATHS.token}?username=demo&password=x`, '参数 grant_type 不能为空'],
    ['wrong grant_type', `${AUTH_PATHS.token}?grant_type=client_credentials&username=demo&password=x`, '参数 grant_type 取值不正确'],
    ['oversized username', tokenUrl('u'.repeat(65), 'x'), '参数 username 长度不能超过 64'],
    ['oversized password', tokenUrl('demo', 'p'.repeat(129)), '参数 password 长度不能超过 128'],
  ])('refuses %s with 400 naming the field', async (_name, url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('takes the session only from the Authorization header, never from a query string', async () => {
    const token = (await get(tokenUrl('zhangwei', TEST_DEMO_PASSWORD))).json().access_token as string;
    const viaQuery = await get(`${AUTH_PATHS.userDetail}?token=${token}&access_token=${token}`);
    expect(viaQuery.statusCode).toBe(401);
    expect(viaQuery.json()).toEqual({ code: 10011039, message: '登录信息无效，请重新登录', results: null });
    const viaHeader = await get(`${AUTH_PATHS.userDetail}?token=garbage&visitorId=abc`, bearer(token));
    expect(viaHeader.statusCode).toBe(200);
  });

  it('refuses a malformed or unknown bearer token with 401 10011039', async () => {
    for (const authorization of ['Bearer', 'Bearer not-a-token', 'Basic ZGVtbzp4', `Bearer ${'x'.repeat(300)}`]) {
      const res = await get(AUTH_PATHS.profile, { authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(10011039);
    }
  });

  it('writes a success and a failure record to the audit log', async () => {
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.action, 'login') });
    expect(rows.some((r) => r.result === 'success' && r.actorUsername === 'demo' && r.ip === '127.0.0.1')).toBe(true);
    expect(rows.some((r) => r.result === 'failure' && r.target === 'nobody-here')).toBe(true);
  });
});
