import { describe, expect, it } from 'vitest';
import { freshPage, screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { expectText, hashRoute, signInThroughForm, waitForRoute } from './support/app';

const suite = serverAndBrowser();

/** A fresh page whose runtime config sets the idle logout to `ms` (config.js is served by the test). */
async function pageWithIdleLimit(ms: number) {
  const fresh = await freshPage(suite.browser);
  await fresh.page.route('**/config.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.__APP_CONFIG__ = { projectName: '企业知识库', timeDifference: ${ms}, serverUrl: '' };`,
    }),
  );
  return fresh;
}

describe('sign-in end to end', () => {
  it('sends a deep link without a token to /login with the redirect, then back after signing in as demo', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/profile`);
    await waitForRoute(page, /^\/login\?redirect=\/profile$/);
    await expectText(page, '登录信息无效，请重新登录');
    await page.getByPlaceholder('请输入用户名').waitFor();
    await screenshotBoth(page, 'login');

    await signInThroughForm(page, 'demo', DEMO_PASSWORD);
    await waitForRoute(page, /^\/profile$/);
    await expectText(page, '秘密');
    await screenshotBoth(page, 'profile-layout');

    await page.goto(`${server.url}/#/`);
    await waitForRoute(page, /^\/Transit$/);
    await expectText(page, /演示|demo/);
    await screenshotBoth(page, 'transit');
    await context.close();
  });

  it('shows 用户名或密码错误，请重新输入 for a wrong password and stays on /login', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'demo', 'not-the-password');
    await expectText(page, '用户名或密码错误，请重新输入');
    expect(hashRoute(page)).toMatch(/^\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
    await context.close();
  });

  it('lands sysadmin on /sysMgr/index and keeps it inside /sysMgr', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'sysadmin', ADMIN_PASSWORD);
    await waitForRoute(page, /^\/sysMgr\/index$/);
    await expectText(page, '系统管理员');
    await screenshotBoth(page, 'sysmgr-index');

    for (const target of ['/Transit', '/profile', '/chatWindow', '/']) {
      await page.goto(`${server.url}/#${target}`);
      await waitForRoute(page, /^\/sysMgr/);
    }
    await page.goto(`${server.url}/#/login`);
    await waitForRoute(page, /^\/sysMgr/);
    await context.close();
  });

  it('logs out after the idle time of the runtime timeDifference and revokes the session', async () => {
    const { server } = suite;
    const { context, page } = await pageWithIdleLimit(3000);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'staff', DEMO_PASSWORD);
    await waitForRoute(page, /^\/(Transit|profile)$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await waitForRoute(page, /^\/login/, 10_000);
    await expectText(page, '超时了，已退出登录');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
    const res = await fetch(`${server.url}/api/sysMgr/home-page/user-detail`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    await context.close();
  });
  it('typing counts as activity, and the question being typed is back after the idle logout and a new sign-in (issue 12)', async () => {
    const { server } = suite;
    const { context, page } = await pageWithIdleLimit(3000);
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'staff', DEMO_PASSWORD);
    await waitForRoute(page, /^\/(Transit|profile)$/);
    await page.goto(`${server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    // Without a model, 知识库问答 still answers with passages, so its question box takes text.
    await page.getByLabel('对话模式').getByText('知识库问答', { exact: true }).click();
    const box = page.getByRole('textbox', { name: '输入问题' });
    await box.click();
    // Six seconds of typing with the mouse untouched: twice the idle time, and still signed in.
    for (const ch of '差旅住宿标准是多少呢') {
      await page.keyboard.type(ch);
      await page.waitForTimeout(600);
    }
    expect(hashRoute(page)).toMatch(/^\/chatWindow/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Hands off the keyboard: the idle logout comes, and the draft survives it.
    await waitForRoute(page, /^\/login/, 10_000);
    await signInThroughForm(page, 'staff', DEMO_PASSWORD);
    await waitForRoute(page, /^\/(chatWindow|Transit|profile)/);
    if (!hashRoute(page).startsWith('/chatWindow')) await page.goto(`${server.url}/#/chatWindow`);
    await expect.poll(() => page.getByRole('textbox', { name: '输入问题' }).inputValue(), { timeout: 10_000 }).toBe('差旅住宿标准是多少呢');
    await context.close();
  });
});
