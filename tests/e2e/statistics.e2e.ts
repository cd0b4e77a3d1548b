// 统计 in Chromium (issue 17): the audit administrator sees the usage charts (Chart.js draws on a canvas, D77) for the
// default 30 days, with today's sign-in counted.
import { describe, expect, it } from 'vitest';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { drawnChart, expectText, signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

describe('统计', () => {
  it('shows the audit administrator\'s usage charts', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '统计' }).click();
    await waitForRoute(page, /^\/sysMgr\/statistics$/);
    // The charts are drawn: 30 days of operations and active users, today's with the sign-in; 登录 in the ranking.
    const trend = await drawnChart(page.locator('[aria-label="每日操作与活跃用户折线图"]'));
    expect(trend.labels).toHaveLength(30);
    expect(trend.series.map((s) => s.name)).toEqual(['操作次数', '活跃用户']);
    expect(trend.series[0].data.at(-1)).toBeGreaterThan(0);
    expect(trend.painted).toBeGreaterThan(1000);
    const actions = await drawnChart(page.locator('[aria-label="操作排行条形图"]'));
    expect(actions.labels).toContain('登录');
    expect(actions.painted).toBeGreaterThan(1000);
    await expectText(page, '日均活跃用户');
    // Signing in was audited today, so the figures are not all zero.
    await expect.poll(async () => page.locator('.ant-statistic-content-value').first().textContent()).not.toBe('0');
    await screenshotBoth(page, 'statistics');
    await context.close();
  });
});
