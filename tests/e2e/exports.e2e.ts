// The exports of 错误日志 and 统计 in Chromium (issue 17): a chat file that cannot be processed fails its job; the
// system administrator exports the error log and finds it with the user who uploaded it; the audit administrator
// exports 统计 and the workbook holds the figures the server answers for the same range. Also 全屏 of the tab area.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHAT_PATHS, ERROR_LOG_PATHS, STATISTICS_PATHS } from '../../contract/api/runtime';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { expectText, signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

async function tokenOf(username: string, password: string): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'password', username, password });
  const res = await fetch(`${suite.server.url}/api/login/webapi/auth/open/oauth-token?${q}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Clicks 导出 on the active tab's page and reads the downloaded workbook. */
async function exported(page: Page): Promise<ExcelJS.Workbook> {
  const pane = page.locator('[data-testid="page-pane"][aria-hidden="false"]');
  const [file] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: /导\s*出/ }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  return book;
}
const rowsOf = (book: ExcelJS.Workbook, sheet: string) =>
  book.getWorksheet(sheet)!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));

describe('exports of 错误日志 and 统计', () => {
  it('the error log\'s xlsx names the user whose chat file failed', async () => {
    const token = await tokenOf('demo', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const dialogue = await (await fetch(`${suite.server.url}${CHAT_PATHS.dialogueNew}?chat_mode=chat_normal`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}',
    })).json() as { data: { conv_uid: string } };
    const form = new FormData();
    form.set('conv_id', dialogue.data.conv_uid);
    form.set('file', new Blob([Buffer.from('%PDF-1.4\n这不是一个真正的 PDF')], { type: 'application/pdf' }), '损坏的说明.pdf');
    const uploaded = await fetch(`${suite.server.url}${CHAT_PATHS.fileAdd}`, { method: 'POST', headers, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    // The job fails for good (a corrupt file is not retried) and is recorded.
    const admin = { authorization: `Bearer ${await tokenOf('sysadmin', ADMIN_PASSWORD)}` };
    await expect.poll(async () => {
      const res = await fetch(`${suite.server.url}${ERROR_LOG_PATHS.list}?kind=job`, { headers: admin });
      return JSON.stringify(await res.json());
    }, { timeout: 30_000 }).toContain('demo');

    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '错误日志' }).click();
    await waitForRoute(page, /^\/sysMgr\/errorLog$/);
    await expectText(page.getByRole('region', { name: '错误记录' }), '后台任务失败');
    const book = await exported(page);
    const [header, ...rows] = rowsOf(book, '错误日志');
    expect(header).toEqual(['时间（北京时间）', '类型', '错误编号', '接口', '状态码', '用户', '摘要', '详情']);
    const failed = rows.find((r) => r[1] === '后台任务失败');
    expect(failed?.[5]).toBe('demo');
    expect(String(failed?.[3])).toContain('chat-file-processing');
    expect(String(failed?.[7])).toContain('文件无法解析');
    await context.close();
  });

  it('the statistics xlsx holds the figures the page shows, every one a sheet', async () => {
    // Two questions: one in 普通对话, one in 知识库问答 on the demo space (answered without a model here).
    const headers = { authorization: `Bearer ${await tokenOf('demo', DEMO_PASSWORD)}`, 'content-type': 'application/json' };
    for (const [mode, param, question] of [['chat_normal', undefined, '报销需要哪些材料'], ['chat_knowledge', '示例知识库', '差旅住宿标准是多少']] as const) {
      const created = await (await fetch(`${suite.server.url}${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, { method: 'POST', headers, body: '{}' })).json() as {
        data: { conv_uid: string };
      };
      const res = await fetch(`${suite.server.url}${CHAT_PATHS.completions}`, {
        method: 'POST', headers, body: JSON.stringify({ conv_uid: created.data.conv_uid, user_input: question, chat_mode: mode, select_param: param }),
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '统计' }).click();
    await waitForRoute(page, /^\/sysMgr\/statistics$/);
    await page.locator('[aria-label="每日提问柱状图"] canvas').first().waitFor({ state: 'visible', timeout: 15_000 });
    // The page's range (the last 30 days in Beijing), as the server answers it.
    const [start, end] = await page.locator('.ant-picker-range input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const figures = await (await fetch(`${suite.server.url}${STATISTICS_PATHS.audit}?startDate=${start}&endDate=${end}`, {
      headers: { authorization: `Bearer ${await tokenOf('auditadmin', ADMIN_PASSWORD)}` },
    })).json() as { results: { days: { day: string; operations: number; activeUsers: number; logins: number; failures: number }[];
      processingFailures: { source: string; reason: string; count: number }[] } };
    const book = await exported(page);
    expect(book.worksheets.map((w) => w.name)).toEqual(['每日操作', '操作排行', '每日提问', '知识空间排行', '文档与分段', '处理失败', '模型耗时', '管理员操作']);
    // Sign-ins of this run happened today; the exported days are the server's (the last export's own entry may follow).
    const days = rowsOf(book, '每日操作').slice(1);
    expect(days.length).toBeGreaterThan(0);
    for (const d of figures.results.days.slice(0, -1)) expect(days).toContainEqual([d.day, d.operations, d.activeUsers, d.logins, d.failures]);
    expect(days.at(-1)?.[0]).toBe(end);
    expect(Number(days.at(-1)?.[3])).toBeGreaterThanOrEqual(1);
    expect(rowsOf(book, '处理失败').slice(1)).toEqual(figures.results.processingFailures.map((f) => [f.source, f.reason, f.count]));
    expect(rowsOf(book, '处理失败').slice(1)).toContainEqual(['对话文件', expect.stringContaining('文件无法解析'), 1]);
    expect(rowsOf(book, '每日提问').slice(1)).toEqual(expect.arrayContaining([[end, '普通对话', 1], [end, '知识库问答', 1]]));
    expect(rowsOf(book, '知识空间排行').slice(1)).toEqual([['示例知识库', 1]]);
    await screenshotBoth(page, 'statistics-all-figures');
    // The lower charts (the page scrolls in its pane).
    await page.locator('[data-testid="page-pane"][aria-hidden="false"] [aria-label="处理失败原因"]').scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'statistics-all-figures-lower');
    await context.close();
  });

  it('全屏 in the function area puts the tab area in fullscreen and back', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    const functions = page.getByTestId('tab-functions');
    await functions.getByRole('button', { name: '全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('[data-testid="tab-functions"]')) ?? false)).toBe(true);
    // The page fills the screen, its tab bar and function area with it; the button now leaves fullscreen.
    await functions.getByRole('button', { name: '退出全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await functions.getByRole('button', { name: '全屏' }).waitFor({ state: 'visible' });
    await context.close();
  });
});
