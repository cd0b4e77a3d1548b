import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshPage, launchBrowser, screenshotBoth } from './support/browser';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server';
import { expectText, signInThroughForm, waitForRoute } from './support/app';

// Polite sessions (D92): the idle warning with a short idle setting, and cancelling the first-login change.
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
});

const profileStatus = async (server: TestServer, token: string | null) =>
  (await fetch(`${server.url}/api/sysMgr/home-page/profile`, { headers: { authorization: `Bearer ${token}` } })).status;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Moves the page's idle clock back, as if the user had been away for `ms` (the browser's own clock keeps running). */
const awayFor = (page: Page, ms: number) => page.evaluate((t) => localStorage.setItem('lastClickTime', String(Date.now() - t)), ms);

describe('idle warning with a one-minute idle setting', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_IDLE_MINUTES: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('warns before the idle logout; 继续使用 keeps the session; unanswered, it signs out at the server too', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'staff', DEMO_PASSWORD);
    await waitForRoute(page, /^\/(Transit|profile)$/);
    // The server's setting reached the client with the token answer.
    expect(await page.evaluate(() => localStorage.getItem('idleLimitMs'))).toBe('60000');

    // 31 s away with a 60 s limit: the warning is due (half the limit before the end, for so short a limit).
    await awayFor(page, 31_000);
    await expectText(page, '即将因长时间未操作退出，继续使用？');
    await screenshotBoth(page, 'idle-warning');
    await page.getByRole('button', { name: /继续使用/ }).click();
    await expect.poll(() => page.getByText('即将因长时间未操作退出，继续使用？').isVisible()).toBe(false);
    const token = await storedToken(page);
    expect(await profileStatus(server, token)).toBe(200);

    // Away again, no answer: signed out at the end, and the token no longer works at the server.
    await awayFor(page, 50_000);
    await expectText(page, '即将因长时间未操作退出，继续使用？');
    await waitForRoute(page, /^\/login/, 20_000);
    await expectText(page, '超时了，已退出登录');
    await screenshotBoth(page, 'login-after-idle-logout');
    await expect.poll(() => profileStatus(server, token), { timeout: 10_000 }).toBe(401);
    await context.close();
  });
});

describe('cancelling the first-login password change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ INITIAL_ADMIN_PASSWORD: '', DEMO_PASSWORD: '' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('signs out cleanly: the half-open session ends at the server, and no 登录已过期 follows', async () => {
    const text = readFileSync(join(server.dataDir, 'first-run.txt'), 'utf8');
    const initial = text.split('\n').find((l) => l.startsWith('staff '))!.trim().split(/\s+/)[1];
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'staff', initial);
    await expectText(page, '修改初始密码');
    const token = await storedToken(page);
    expect(await profileStatus(server, token)).toBe(200);

    await page.getByRole('dialog').getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => profileStatus(server, token), { timeout: 10_000 }).toBe(401);
    expect(await storedToken(page)).toBeNull();
    // The next page the user opens is the sign-in page, without a stale 登录已过期.
    await page.goto(`${server.url}/#/`);
    await waitForRoute(page, /^\/login$/);
    await page.waitForTimeout(1500);
    expect(await page.getByText('登录已过期').count()).toBe(0);
    await page.getByPlaceholder('请输入用户名').waitFor();
    await context.close();
  });
});
