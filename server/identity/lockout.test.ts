import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, OAUTH_DENIED } from '../../contract/api';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bearer, signIn, tokenUrl, userDetailStatus } from '../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { forgetFailures, lockAccount } from './lockout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (username: string, password: string) => t.app.inject({ method: 'GET', url: tokenUrl(username, password) });
const fail = async (username: string, times: number) => {
  for (let i = 0; i < times; i++) await attempt(username, 'wrong-password-x');
};
const unlock = (token: string, query: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url: `${ACCOUNT_PATHS.unlockUser}${query}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('lockout after consecutive failures (5 for 30 minutes)', () => {
  it('locks at the 5th failure, then refuses even the right password with Account locked', async () => {
    await fail('demo', 4);
    const fifth = await attempt('demo', 'wrong-password-x');
    expect(fifth.statusCode).toBe(400);
    const lockedUntil = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    expect(fifth.json()).toEqual({ error: 'invalid_grant', error_description: 'Account locked', lockedUntil });
    const right = await attempt('demo', TEST_DEMO_PASSWORD);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: 'invalid_grant', error_description: 'Account locked', lockedUntil });
  });

  it('lifts the lock when the time has passed (fake clock) and starts a fresh count', async () => {
    t.clock.advance(29 * 60_000);
    expect((await attempt('demo', TEST_DEMO_PASSWORD)).json().error_description).toBe('Account locked');
    t.clock.advance(60_000);
    expect((await attempt('demo', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    await fail('demo', 4);
    expect((await attempt('demo', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a success resets the count', async () => {
    await fail('wangfang', 4);
    await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    await fail('wangfang', 4);
    expect((await attempt('wangfang', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts unknown usernames too, so answers never reveal whether an account exists', async () => {
    const first = await attempt('ghost-user', 'wrong-password-x');
    expect(first.json()).toEqual(OAUTH_DENIED);
    await fail('ghost-user', 4);
    expect((await attempt('ghost-user', 'x-x-x-x-x')).json().error_description).toBe('Account locked');
  });

  it('warns near the lock how many tries remain, the same for known and unknown names', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      known.push((await attempt('lina', 'wrong-password-x')).json());
      unknown.push((await attempt('ghost-warned', 'wrong-password-x')).json());
    }
    expect(known).toEqual(unknown);
    expect(known[0]).toEqual(OAUTH_DENIED);
    expect(known[3]).toEqual({ ...OAUTH_DENIED, triesLeft: 1, message: '用户名或密码错误，还可尝试 1 次，之后账号将被锁定' });
    expect((known[3] as { message: string }).message).toContain('还可尝试 1 次');
    await forgetFailures(t.deps, 'lina');
  });

  it('ends the sessions of an account when it is locked', async () => {
    const token = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    await lockAccount(t.deps, 'zhangwei', { id: -2, username: 'secadmin', ip: '', userAgent: '' });
    expect(await userDetailStatus(t.app, token)).toEqual({ status: 401, code: 10011039 });
  });

  it('is audited: failures, the lock', async () => {
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.target, 'demo') });
    expect(rows.filter((r) => r.action === 'login' && r.result === 'failure').length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.action === 'lock')).toBe(true);
  });
});

describe('unlock-user', () => {
  it('lets the security administrator unlock by username (query) and by userId (body)', async () => {
    const secadmin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
    await fail('staff', 5);
    expect((await attempt('staff', TEST_DEMO_PASSWORD)).statusCode).toBe(400);
    const res = await unlock(secadmin, '?username=staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: '成功', results: null });
    expect((await attempt('staff', TEST_DEMO_PASSWORD)).statusCode).toBe(200);

    await fail('staff', 5);
    const [staff] = await t.deps.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, 'staff') });
    expect((await unlock(secadmin, '', { userId: staff.id })).statusCode).toBe(200);
    expect((await attempt('staff', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    const audit = await t.deps.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.action, 'unlock') });
    expect(audit.filter((a) => a.actorUsername === 'secadmin' && a.target === 'staff')).toHaveLength(2);
  });

  it('refuses the other system accounts and ordinary users with 403', async () => {
    for (const [username, password] of [['sysadmin', TEST_ADMIN_PASSWORD], ['auditadmin', TEST_ADMIN_PASSWORD], ['lina', TEST_DEMO_PASSWORD]]) {
      const token = await signIn(t.app, username, password);
      const res = await unlock(token, '?username=staff');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 10011041, results: null });
    }
  });

  it('asks for a target and answers 404 for an unknown one', async () => {
    const secadmin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
    const none = await unlock(secadmin, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('参数 userId 或 username 不能为空');
    expect((await unlock(secadmin, '?username=nobody')).statusCode).toBe(404);
    const bad = await unlock(secadmin, '?userId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('参数 userId 类型错误，应为整数');
    const extra = await unlock(secadmin, '', { username: 'staff', locked: false });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('不支持的参数 locked');
  });
});

describe('locks cannot be turned against users (D24)', () => {
  const from = (ip: string, username: string, password: string) =>
    t.app.inject({ method: 'GET', url: tokenUrl(username, password), remoteAddress: ip });
  const failFrom = async (ip: string, username: string, times: number) => {
    for (let i = 0; i < times; i++) await from(ip, username, 'wrong-password-x');
  };

  it('never ends the sessions that are open: failures by someone else only stop new sign-ins', async () => {
    const token = await signIn(t.app, 'lina', TEST_DEMO_PASSWORD);
    await failFrom('10.9.0.1', 'lina', 12);
    expect(await userDetailStatus(t.app, token)).toEqual({ status: 200, code: 200 });
  });

  it('locks a name for the address that failed, not for the user at another machine', async () => {
    await failFrom('10.9.0.2', 'wangfang', 5);
    expect((await from('10.9.0.2', 'wangfang', TEST_DEMO_PASSWORD)).json().error_description).toBe('Account locked');
    expect((await from('10.9.0.3', 'wangfang', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks the account everywhere after 20 failures from many addresses within 15 minutes, for 15 minutes', async () => {
    await forgetFailures(t.deps, 'zhangwei'); // locked by hand above
    for (let i = 0; i < 10; i++) await failFrom(`10.9.1.${i}`, 'zhangwei', 2);
    const fresh = await from('10.9.2.1', 'zhangwei', TEST_DEMO_PASSWORD);
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error_description).toBe('Account locked');
    expect(fresh.json().lockedUntil).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    const locks = await t.deps.db.query.auditLog.findMany({ where: (a, { and, eq }) => and(eq(a.target, 'zhangwei'), eq(a.action, 'lock')) });
    expect(locks.map((l) => l.detail)).toContainEqual(expect.stringMatching(/^15 分钟内登录失败 20 次，账号锁定至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）$/));
    t.clock.advance(15 * 60_000);
    expect((await from('10.9.2.1', 'zhangwei', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets account-wide failures older than the window', async () => {
    for (let i = 0; i < 19; i++) await from(`10.9.3.${i}`, 'staff', 'wrong-password-x');
    t.clock.advance(16 * 60_000);
    await from('10.9.3.100', 'staff', 'wrong-password-x');
    expect((await from('10.9.3.101', 'staff', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('writes no password into the audit log', async () => {
    await from('10.9.4.1', 'demo', 'Secret-guess-Q7');
    const rows = await t.deps.db.query.auditLog.findMany();
    expect(JSON.stringify(rows)).not.toContain('Secret-guess-Q7');
  });
});

describe('every system account can be recovered (D24)', () => {
  const lockByFailures = (username: string) => fail(username, 5);

  it('lets the system administrator unlock the security administrator, and nobody else', async () => {
    await lockByFailures('secadmin');
    expect((await attempt('secadmin', TEST_ADMIN_PASSWORD)).json().error_description).toBe('Account locked');
    const sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
    expect((await unlock(sysadmin, '?username=secadmin')).statusCode).toBe(200);
    expect((await attempt('secadmin', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);

    await fail('staff', 5);
    const refused = await unlock(sysadmin, '?username=staff');
    expect(refused.statusCode).toBe(403);
    expect((await attempt('staff', TEST_DEMO_PASSWORD)).json().error_description).toBe('Account locked');
  });

  it('lets the security administrator unlock the other two system accounts', async () => {
    const secadmin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
    for (const name of ['sysadmin', 'auditadmin']) {
      await lockByFailures(name);
      expect((await attempt(name, TEST_ADMIN_PASSWORD)).statusCode).toBe(400);
      expect((await unlock(secadmin, `?username=${name}`)).statusCode).toBe(200);
      expect((await attempt(name, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('shows the auditor every unlock, the refused one included', async () => {
    const auditadmin = await signIn(t.app, 'auditadmin', TEST_ADMIN_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: '/api/sysMgr/logs?page=1&limit=200&action=unlock', headers: bearer(auditadmin) });
    expect(res.statusCode).toBe(200);
    const list = (res.json().results.list as { actorUsername: string; target: string; result: string; detail: string }[]);
    expect(list).toEqual(expect.arrayContaining([
      expect.objectContaining({ actorUsername: 'sysadmin', target: 'secadmin', result: 'success' }),
      expect.objectContaining({ actorUsername: 'sysadmin', target: 'staff', result: 'failure', detail: expect.stringContaining('系统管理员只能解锁安全保密管理员') }),
      expect.objectContaining({ actorUsername: 'secadmin', target: 'sysadmin', result: 'success' }),
      expect.objectContaining({ actorUsername: 'secadmin', target: 'auditadmin', result: 'success' }),
    ]));
  });
});
