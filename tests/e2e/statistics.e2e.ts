// 统计 in Chromium (issue 17): the audit administrator sees the usage charts (ECharts draws on a canvas) for the
// default 30 days, with today's sign-in counted.
import { describe, expect, it } from 'vitest';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { expectText, signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

describe('统计', () => {
  it('shows the audit administrator\'s usage charts', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '统计' }).click();
    await waitForRoute(page, /^\/sysMgr\/statistics$/);
    await page.locator('[aria-label="每日操作与活跃用户折线图"] canvas').first().waitFor({ state: 'visible', timeout: 15_000 });
    await expectText(page, '日均活跃用户');
    // Signing in was audited today, so the figures are not all zero.
    await expect.poll(async () => page.locator('.ant-statistic-content-value').first().textContent()).not.toBe('0');
    await screenshotBoth(page, 'statistics');
    await context.close();
  });
});
