// /subLogin with another user's session open (issue 26 item 12, D89): demo is signed in; visiting
// /#/subLogin?token=<zhangwei's token> asks 是否切换为 张伟（zhangwei）？ before anything changes, cancelling keeps
// demo's session, and only 切换用户 switches. Also screenshots the connection and tool-set dialogs, whose texts say
// who may use a new connection or set (D89).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectText, signedInPage, waitForRoute } from './support/app';
import { SCREENSHOT_DIR, screenshotBoth } from './support/browser';
import { DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

const stored = (page: Page) => page.evaluate(() => ({
  token: localStorage.getItem('token'),
  username: (JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { username?: string } | null)?.username,
}));

describe('/subLogin with a session open', () => {
  it('asks before switching users; cancelling keeps the open session', async () => {
    const { browser, server } = suite;
    const other = await signedInPage(browser, server.url, 'zhangwei', DEMO_PASSWORD);
    const handed = (await stored(other.page)).token!;
    expect(handed).toBeTruthy();

    const { context, page } = await signedInPage(browser, server.url, 'demo', DEMO_PASSWORD);
    const before = await stored(page);
    await page.goto(`${server.url}/#/subLogin?token=${encodeURIComponent(handed)}`);
    await expectText(page, '是否切换为 张伟（zhangwei）？', 15_000);
    await expectText(page, '此浏览器当前已登录 演示用户（demo）');
    expect(await stored(page)).toEqual(before);
    await screenshotBoth(page, 'sub-login-ask');
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await waitForRoute(page, /^\/(Transit)?$/);
    expect(await stored(page)).toEqual(before);

    await page.goto(`${server.url}/#/subLogin?token=${encodeURIComponent(handed)}`);
    await page.getByRole('button', { name: '切换用户' }).click();
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { username?: string } | null)?.username === 'zhangwei');
    expect((await stored(page)).token).toBe(handed);
    await context.close();

    // The dialogs that say who may use a new connection or tool set (zhangwei holds both pages' buttons).
    await other.page.goto(`${server.url}/#/sqlBase`);
    await other.page.getByTestId('sqlbase-empty-add').click();
    const connection = other.page.getByRole('dialog');
    await expectText(connection, '未选择角色时只有创建者本人能看到并使用该连接');
    await expectText(connection, '向大模型发送示例数据');
    await screenshotBoth(other.page, 'sqlbase-connection-dialog');
    // The sample-rows switch and its explanation, below the fold of the dialog's body, at both sizes.
    for (const [label, size] of [['1440x900', { width: 1440, height: 900 }], ['1280x720', { width: 1280, height: 720 }]] as const) {
      await other.page.setViewportSize(size);
      await connection.getByText('这些数据会发送到大模型服务').scrollIntoViewIfNeeded();
      await other.page.screenshot({ path: `${SCREENSHOT_DIR}/sqlbase-connection-samples-${label}.png` });
    }
    await other.page.keyboard.press('Escape');
    await other.page.goto(`${server.url}/#/toolsBase`);
    await other.page.getByRole('button', { name: /新增工具集/ }).click();
    const set = other.page.getByRole('dialog');
    await expectText(set, '任何人都不能在对话中使用');
    await set.getByTestId('toolset-grant-hint').scrollIntoViewIfNeeded();
    await screenshotBoth(other.page, 'toolset-dialog');
    await other.context.close();
  });
});
