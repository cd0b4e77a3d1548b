import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { ACCOUNT_PATHS, AUTH_PATHS } from '../../contract/api';
import type { App } from '../app';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bearer, signIn } from '../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';

// Test-only routes: one business route in each AI-family prefix, one mis-declared, one duty route with a button.
const AI_PATHS = ['/knowledge/test-only/list', '/api/v1/test-only', '/api/apps/test-only', '/document/test-only'];
function registerTestRoutes(app: App) {
  const schema = { querystring: Type.Object({}), response: { 200: Type.Object({ ok: Type.Boolean() }) } };
  for (const url of AI_PATHS) app.get(url, { config: { access: 'business' }, schema }, async () => ({ ok: true }));
  // A route declared 'session' under an AI prefix: system accounts are still refused.
  app.get('/api/v1/test-only-session', { config: { access: 'session' }, schema }, async () => ({ ok: true }));
  app.get('/api/sysMgr/test-only/dept', { config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/deptMgr#add' }, schema }, async () => ({ ok: true }));
  app.get('/api/sysMgr/test-only/log', { config: { access: 'duty', duty: 'auditadmin', button: '/sysMgr/userMgr#add' }, schema }, async () => ({ ok: true }));
  app.get('/api/sysMgr/test-only/undeclared', { schema }, async () => ({ ok: true }));
}

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ register: registerTestRoutes });
  for (const u of ['sysadmin', 'secadmin', 'auditadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  for (const u of ['demo', 'staff']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('confinement of the system accounts (ids -1..-3)', () => {
  it.each(['sysadmin', 'secadmin', 'auditadmin'])('%s gets 403 on every AI-family route', async (username) => {
    for (const url of [...AI_PATHS, '/api/v1/test-only-session']) {
      const res = await get(url, tokens[username]);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, err_code: '10011041', err_msg: '没有权限执行此操作', data: null });
    }
  });

  it('ordinary users reach the business routes', async () => {
    for (const url of AI_PATHS) expect((await get(url, tokens.demo)).json()).toEqual({ ok: true });
  });

  it('an unauthenticated call to a business route gets 401 in the AI envelope', async () => {
    const res = await get(AI_PATHS[0]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, err_code: '10011039', err_msg: '登录信息无效，请重新登录', data: null });
  });
});

describe('duty routes', () => {
  it('ordinary users get 403 on duty routes (unlock-user, management)', async () => {
    for (const token of [tokens.demo, tokens.staff]) {
      expect((await t.app.inject({ method: 'PUT', url: `${ACCOUNT_PATHS.unlockUser}?username=demo`, headers: bearer(token) })).statusCode).toBe(403);
      const res = await get('/api/sysMgr/test-only/dept', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 10011041, message: '没有权限执行此操作', results: null });
    }
  });

  it('only the account of the duty passes, and only with the button grant', async () => {
    expect((await get('/api/sysMgr/test-only/dept', tokens.sysadmin)).statusCode).toBe(200);
    expect((await get('/api/sysMgr/test-only/dept', tokens.secadmin)).statusCode).toBe(403);
    expect((await get('/api/sysMgr/test-only/dept', tokens.auditadmin)).statusCode).toBe(403);
    // auditadmin holds the duty but not the button /sysMgr/userMgr#add.
    expect((await get('/api/sysMgr/test-only/log', tokens.auditadmin)).statusCode).toBe(403);
  });

  it('a route without config.access is refused for everyone (fails closed)', async () => {
    expect((await get('/api/sysMgr/test-only/undeclared', tokens.sysadmin)).statusCode).toBe(403);
    expect((await get('/api/sysMgr/test-only/undeclared', tokens.demo)).statusCode).toBe(403);
  });

  it('system accounts may use the session calls of the platform family', async () => {
    expect((await get(AUTH_PATHS.profile, tokens.auditadmin)).statusCode).toBe(200);
    expect((await get(AUTH_PATHS.license, tokens.sysadmin)).statusCode).toBe(200);
  });
});
