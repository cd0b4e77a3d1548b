// Screens touched by issue 27 item 8 (D90), looked at in Chromium at 1440×900 and 1280×720: 错误日志 and 用例生成
// opening at 25 rows, 数据库 and the dialogue list with seconds, the web build served from the site root.
import { describe, expect, it } from 'vitest';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

describe('issue 27 item 8 screens', () => {
  it('错误日志 asks for 25 rows from the root-served build', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    // Assets come from the site root (base '/'), not relative to the page.
    const scripts = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''));
    expect(scripts.filter((s) => s.includes('/assets/')).every((s) => s.startsWith('/assets/'))).toBe(true);
    const asked = page.waitForRequest((r) => r.url().includes('/api/sysMgr/error-log/list'));
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '错误日志' }).click();
    await waitForRoute(page, /^\/sysMgr\/errorLog$/);
    expect(new URL((await asked).url()).searchParams.get('pageSize')).toBe('25');
    await screenshotBoth(page, 'd90-error-log');
    await context.close();
  });

  it('a fullscreen dialog body is the window height minus 98 with a footer (spec §5)', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '人员管理' }).click();
    await waitForRoute(page, /^\/sysMgr\/userMgr/);
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: /新\s*增/ }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: '全屏' }).click();
      await expect.poll(async () => (await dialog.locator('.ant-modal-body').boundingBox())?.height).toBe(size.height - 98);
      await screenshotBoth(page, 'd90-fullscreen-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
  });

  it('the tab bar 刷新 tooltip does not cover the user menu at 1440×900', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'demo', DEMO_PASSWORD);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${suite.server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByRole('button', { name: '重新载入当前页' }).hover();
    const tip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)', { hasText: '刷新当前页' });
    await tip.waitFor({ state: 'visible' });
    const a = (await tip.boundingBox())!;
    const b = (await page.getByTestId('user-menu').boundingBox())!;
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    await screenshotBoth(page, 'd90-refresh-tooltip');
    await context.close();
  });

  it('用例生成, 数据库 and 智能问答 for the demo user', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'demo', DEMO_PASSWORD);
    for (const [route, name] of [['/testCase', 'd90-testcase'], ['/sqlBase', 'd90-sqlbase'], ['/chatWindow', 'd90-chat']] as const) {
      await page.goto(`${suite.server.url}/#${route}`);
      await waitForRoute(page, new RegExp(`^${route}`));
      await page.waitForLoadState('networkidle');
      await screenshotBoth(page, name);
    }
    await context.close();
  });
});
