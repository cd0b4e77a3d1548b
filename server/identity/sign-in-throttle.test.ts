import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { tokenUrl } from '../test-support/http';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';

// The production limits: 20 failures per address in 5 minutes, 5 per address and name in a minute (D24).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginIpMaxFailures: 20, loginIpUserMaxFailures: 5 } });
});
afterAll(() => t.close());

const from = (ip: string, username: string, password = 'wrong-password-x') =>
  t.app.inject({ method: 'GET', url: tokenUrl(username, password), remoteAddress: ip });
const auditCount = async () => (await t.deps.db.query.auditLog.findMany()).length;

describe('sign-in throttling per address (D24)', () => {
  it('answers 429 with Retry-After and a Chinese message once an address has failed 20 times, without touching the database', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await from('10.7.0.1', `guess-${i}`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(400));
    const before = await auditCount();
    const refused = [];
    for (let i = 20; i < 40; i++) refused.push(await from('10.7.0.1', `guess-${i}`));
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
      expect(res.json()).toEqual({ code: 429, message: expect.stringMatching(/^登录尝试过于频繁，请 \d+ (分钟|秒)后再试$/), results: null });
    }
    // Refused before any lock read, hash or audit write: a flood costs the database nothing.
    expect(await auditCount()).toBe(before);
  });

  it('refuses even the right password from that address while it waits, but not other addresses', async () => {
    expect((await from('10.7.0.1', 'demo', TEST_DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await from('10.7.0.2', 'demo', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('writes one audit entry when an address is throttled, naming it', async () => {
    const rows = await t.deps.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.action, 'login-throttle') });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '10.7.0.1', result: 'failure', detail: expect.stringContaining('来源 10.7.0.1 在 300 秒内登录失败 20 次') });
  });

  it('answers 429 after 5 failures for one name from one address within a minute; a success there resets it', async () => {
    for (let i = 0; i < 4; i++) expect((await from('10.7.1.1', 'staff')).statusCode).toBe(400);
    expect((await from('10.7.1.1', 'staff', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await from('10.7.1.1', 'staff')).statusCode).toBe(400);
    const res = await from('10.7.1.1', 'staff', TEST_DEMO_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Other names from that address are still tried.
    expect((await from('10.7.1.1', 'wangfang', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
