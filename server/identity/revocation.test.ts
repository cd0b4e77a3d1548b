import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../db/schema';
import type { Actor } from '../deps';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { signIn, userDetailStatus } from '../test-support/http';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { setUserClearance, setUserDisabled, setUserRoles } from './users';

const admin: Actor = { id: -1, username: 'sysadmin', ip: '127.0.0.1', userAgent: 'test' };
const INVALID = { status: 401, code: 10011039 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userId(username: string): Promise<number> {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

describe('revocation takes effect on the next request', () => {
  it('disabling a user ends all of its sessions', async () => {
    const a = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const b = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const other = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    await setUserDisabled(t.deps, await userId('wangfang'), true, admin);
    expect(await userDetailStatus(t.app, a)).toEqual(INVALID);
    expect(await userDetailStatus(t.app, b)).toEqual(INVALID);
    expect((await userDetailStatus(t.app, other)).status).toBe(200);
    await setUserDisabled(t.deps, await userId('wangfang'), false, admin);
    expect(await userDetailStatus(t.app, a)).toEqual(INVALID);
  });

  it('changing roles ends the sessions', async () => {
    const token = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const [role] = await t.deps.db.select().from(roles).where(eq(roles.name, '研发人员'));
    await setUserRoles(t.deps, await userId('staff'), [role.id], admin);
    expect(await userDetailStatus(t.app, token)).toEqual(INVALID);
  });

  it('changing the clearance ends the sessions', async () => {
    const token = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    await setUserClearance(t.deps, await userId('zhangwei'), 'internal', admin);
    expect(await userDetailStatus(t.app, token)).toEqual(INVALID);
    const fresh = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    const detail = await t.app.inject({ method: 'GET', url: '/api/sysMgr/home-page/user-detail', headers: { authorization: `Bearer ${fresh}` } });
    expect(detail.json().results.clearance.code).toBe('internal');
  });

  it('writes every change to the audit log', async () => {
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq: e }) => e(a.actorUsername, 'sysadmin') });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['user-disable', 'user-roles', 'user-clearance']));
  });
});

describe('session expiry (fake clock)', () => {
  it('ends a session after the one idle setting (10 minutes by default), and keeps it while used', async () => {
    expect(t.config.sessionIdleMinutes).toBe(10);
    const token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    t.clock.advance(9 * 60_000);
    expect((await userDetailStatus(t.app, token)).status).toBe(200);
    t.clock.advance(9 * 60_000);
    expect((await userDetailStatus(t.app, token)).status).toBe(200);
    // 11 minutes: past the limit and the minute the stored last use may lag behind (TOUCH_AFTER_MS).
    t.clock.advance(11 * 60_000);
    expect(await userDetailStatus(t.app, token)).toEqual(INVALID);
  });

  it('ends a session at the absolute limit of 12 hours even when used', async () => {
    const token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    // 79 × 9 min = 11 h 51 min, used every 9 minutes.
    for (let i = 0; i < 79; i++) {
      t.clock.advance(9 * 60_000);
      expect((await userDetailStatus(t.app, token)).status).toBe(200);
    }
    // 9 more minutes: within the idle limit, past the absolute one.
    t.clock.advance(9 * 60_000);
    expect(await userDetailStatus(t.app, token)).toEqual(INVALID);
  });
});
