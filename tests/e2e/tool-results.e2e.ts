// A tool's images and long calls in Chromium (issue 27 §6), against the built server and a real MCP server that
// answers a PNG chart and runs a long task with progress: 试用 and 工具对话 show the chart as an image (and again
// after a reload, read with the session), and a long call as running with its elapsed seconds, its progress and
// 取消, which aborts it at the MCP server; the answer then says it was cancelled and the dialogue goes on.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startMediaMcp } from '../support/media-mcp';
import { expectText, signedInPage, waitForRoute } from './support/app';
import { screenshotBoth } from './support/browser';
import { DEMO_PASSWORD } from './support/server';
import { toolsSuite } from './support/suite';
import { addMcpSetForOwnRoles } from './support/tools';

const suite = toolsSuite(startMediaMcp);
const SET = '报表图表';

/** Waits until the image has loaded and been decoded; answers its natural size. */
async function loadedImage(image: Locator): Promise<{ width: number; height: number }> {
  await image.waitFor({ state: 'visible', timeout: 20_000 });
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  return image.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
}

describe('a tool’s images and long calls in the browser', () => {
  it('试用 shows the chart as an image, and a long call running with 取消 that stops it at the server', async () => {
    const { browser, server, mcp } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'zhangwei', DEMO_PASSWORD);
    const setId = await addMcpSetForOwnRoles(page, { name: SET, url: mcp.url });

    await page.goto(`${server.url}/#/toolsList?set=${setId}`);
    await waitForRoute(page, /^\/toolsList/);
    await page.locator('tr', { hasText: 'render_chart' }).getByRole('button', { name: '试用' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('tool-run').click();
    const result = drawer.getByTestId('tool-result');
    await expectText(result, '[图片 image/png]', 15_000);
    expect(await loadedImage(result.getByRole('img', { name: 'render_chart 返回的图片 1' }))).toEqual({ width: 320, height: 180 });
    expect(await result.textContent()).not.toContain('iVBOR');
    await screenshotBoth(page, 'tools-try-image');
    await page.keyboard.press('Escape');

    await page.locator('tr', { hasText: 'long_task' }).getByRole('button', { name: '试用' }).click();
    await drawer.getByLabel('ms').fill('20000');
    const before = mcp.calls.length;
    await drawer.getByTestId('tool-run').click();
    const running = drawer.getByTestId('running-task');
    await expectText(running, '正在调用 long_task');
    await expectText(running, /已用 [1-9]\d* 秒/, 5000);
    await screenshotBoth(page, 'tools-try-running');
    await running.getByRole('button', { name: /取\s*消/ }).click();
    await expectText(drawer.getByTestId('tool-result'), '调用已取消', 5000);
    await expect.poll(() => mcp.calls.slice(before).find((c) => c.name === 'long_task')?.aborted, { timeout: 5000 }).toBeDefined();
    expect(mcp.calls.slice(before).find((c) => c.name === 'long_task')?.finished).toBeUndefined();
    await context.close();
  });

  it('工具对话 shows the chart in the answer and after a reload; 取消 stops a long call and the dialogue goes on', async () => {
    const { browser, server, mcp } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByLabel('对话模式').getByText('工具对话', { exact: true }).click();
    await expectText(page.getByRole('region', { name: '对话' }), SET);
    await page.getByLabel('输入问题').fill('画出本季度销售图表 [tool:render_chart]');
    await page.getByLabel('输入问题').press('Enter');
    const first = page.locator('[data-testid="chat-answer"][data-status="complete"]').last();
    await first.waitFor({ timeout: 20_000 });
    expect(await loadedImage(first.getByRole('img', { name: 'render_chart 返回的图片 1' }))).toEqual({ width: 320, height: 180 });
    expect(await first.textContent()).not.toContain('iVBOR');
    await screenshotBoth(page, 'tools-chat-image');

    // After a reload the stored image is read with the session.
    await page.reload();
    const stored = page.getByTestId('chat-answer').first();
    expect(await loadedImage(stored.getByRole('img', { name: 'render_chart 返回的图片 1' }))).toEqual({ width: 320, height: 180 });

    const before = mcp.calls.length;
    await page.getByLabel('输入问题').fill('统计全部地区的销售 [tool:long_task {"ms":20000}]');
    await page.getByLabel('输入问题').press('Enter');
    const answer = page.getByTestId('chat-answer').last();
    const running = answer.getByTestId('running-task');
    await expectText(running, '正在调用 报表图表 / long_task', 15_000);
    await expectText(running, '已统计 1 / 10 个地区', 8000);
    await screenshotBoth(page, 'tools-chat-running');
    await running.getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').nth(1).waitFor({ timeout: 10_000 });
    await expect.poll(() => mcp.calls.slice(before).find((c) => c.name === 'long_task')?.aborted, { timeout: 5000 }).toBeDefined();
    await expectText(answer, '已取消');
    await expectText(answer, '用户取消了这次调用');
    await answer.getByText('调用工具 报表图表 / long_task').click();
    await answer.getByText('用户取消了这次调用', { exact: true }).scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'tools-chat-cancelled');

    // The dialogue goes on.
    await page.getByLabel('输入问题').fill('那就先画图 [tool:render_chart]');
    await page.getByLabel('输入问题').press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').nth(2).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
