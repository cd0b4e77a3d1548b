// 统计 in Chromium (issue 17; issue 27 §6): each system account sees the charts of its own duty for the default 30
// days — the audit administrator the usage from the audit log, the system administrator how the system runs, the
// security administrator sign-ins, refusals and grades — and none of the other two's.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROLE_PATHS } from '../../contract/api/runtime';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { drawnChart, expectText, signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

async function openStatistics(username: string) {
  const opened = await signedInPage(suite.browser, suite.server.url, username, ADMIN_PASSWORD, /^\/sysMgr\/index$/);
  await opened.page.getByTestId('side-menu').getByRole('menuitem', { name: '统计' }).click();
  await waitForRoute(opened.page, /^\/sysMgr\/statistics$/);
  return opened;
}
/** The lower charts (the page scrolls in its pane). */
async function lower(page: Page, section: string, name: string) {
  await page.locator(`[data-testid="page-pane"][aria-hidden="false"] [aria-label="${section}"]`).scrollIntoViewIfNeeded();
  await screenshotBoth(page, name);
}
const AUDIT_CHARTS = ['每日操作与活跃用户折线图', '操作排行条形图', '管理员操作条形图'];

describe('统计', () => {
  it('shows the audit administrator\'s usage charts', async () => {
    const { context, page } = await openStatistics('auditadmin');
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
    await expectText(page, '安全审计统计');
    // Signing in was audited today, so the figures are not all zero.
    await expect.poll(async () => page.locator('.ant-statistic-content-value').first().textContent()).not.toBe('0');
    await screenshotBoth(page, 'statistics');
    await context.close();
  });

  it('shows the system administrator 系统运行 and nothing of the audit trail', async () => {
    const { context, page } = await openStatistics('sysadmin');
    await expectText(page, '系统运行统计');
    const activity = await drawnChart(page.locator('[aria-label="每日活跃用户与错误图"]'));
    expect(activity.labels).toHaveLength(30);
    expect(activity.series.map((s) => s.name)).toEqual(['活跃用户', '错误次数']);
    expect(activity.painted).toBeGreaterThan(1000);
    for (const label of AUDIT_CHARTS) expect(await page.locator(`[aria-label="${label}"]`).count(), label).toBe(0);
    expect(await page.locator('[aria-label="账号与权限变更"]').count()).toBe(0);
    await screenshotBoth(page, 'statistics-sysadmin');
    await lower(page, '处理失败原因', 'statistics-sysadmin-lower');
    await context.close();
  });

  it('shows the security administrator 安全保密: today\'s sign-ins and a refused call', async () => {
    // The system administrator tries the security administrator's role creation: refused (403) and audited.
    const q = new URLSearchParams({ grant_type: 'password', username: 'sysadmin', password: ADMIN_PASSWORD });
    const { access_token: token } = await (await fetch(`${suite.server.url}/api/login/webapi/auth/open/oauth-token?${q}`)).json() as { access_token: string };
    const refused = await fetch(`${suite.server.url}${ROLE_PATHS.create}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: '越权角色' }),
    });
    expect(refused.status).toBe(403);
    const { context, page } = await openStatistics('secadmin');
    await expectText(page, '安全保密统计');
    const signIns = await drawnChart(page.locator('[aria-label="每日登录柱状图"]'));
    expect(signIns.series.map((s) => s.name)).toEqual(['登录成功', '登录失败']);
    expect(signIns.series[0].data.at(-1)).toBeGreaterThan(0);
    const guards = await drawnChart(page.locator('[aria-label="每日锁定与越权柱状图"]'));
    expect(guards.series.find((s) => s.name === '越权拒绝')?.data.at(-1)).toBeGreaterThanOrEqual(1);
    const grades = await drawnChart(page.locator('[aria-label="人员密级饼图"]'));
    expect(grades.painted).toBeGreaterThan(1000);
    for (const label of [...AUDIT_CHARTS, '每日提问柱状图', '模型耗时柱状图']) expect(await page.locator(`[aria-label="${label}"]`).count(), label).toBe(0);
    await screenshotBoth(page, 'statistics-secadmin');
    await lower(page, '新增文档（按密级）', 'statistics-secadmin-lower');
    await context.close();
  });
});
