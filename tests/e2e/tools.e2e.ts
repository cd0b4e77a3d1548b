// The tools base in Chromium against the built server and a real MCP server on loopback (issue 15): an administrator
// adds the MCP server as a tool set granted to a role; a user of that role sees it on /toolsBase, tries a 只读 tool
// and, after confirming, a 写入 tool, then in 工具对话 asks a question that makes the model call a 只读 tool and a 写入
// one, confirms the 写入 call in the answer and sees the answer with both calls; a user of another role sees neither
// the set nor a way to call its tools.
import { describe, expect, it } from 'vitest';
import { MCP_TOKEN, startTestMcp } from '../support/mcp-server';
import { expectText, signedInPage, waitForRoute } from './support/app';
import { screenshotBoth } from './support/browser';
import { DEMO_PASSWORD } from './support/server';
import { toolsSuite } from './support/suite';

const suite = toolsSuite(startTestMcp);
const SET = '工单与订单';

describe('the tools base in the browser', () => {
  it('zhangwei adds the MCP server as a set for 研发人员; wangfang tries a read tool and a confirmed write tool', async () => {
    const { browser, server, mcp } = suite;
    const admin = await signedInPage(browser, server.url, 'zhangwei', DEMO_PASSWORD);
    await admin.page.goto(`${server.url}/#/toolsBase`);
    await waitForRoute(admin.page, /^\/toolsBase$/);
    await admin.page.getByRole('button', { name: /新增工具集/ }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(SET);
    await dialog.getByLabel('MCP 服务地址').fill(mcp.url);
    await dialog.getByLabel('凭据', { exact: true }).fill(MCP_TOKEN);
    await dialog.getByLabel('授权角色').click();
    await admin.page.locator('.ant-select-dropdown').getByText('研发人员', { exact: true }).click();
    await admin.page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectText(admin.page, `已保存“${SET}”：5 个工具`, 15_000).catch(async (err: unknown) => {
      await admin.page.screenshot({ path: 'test-results/screenshots/tools-add-failure.png' });
      throw err;
    });
    // 写入 and 对外发送 tools start switched off (D89): the administrator switches create_ticket on.
    await expectText(admin.page.getByTestId(`toolset-${SET}`), '3 / 5 个工具');
    await admin.page.getByTestId(`toolset-${SET}`).getByRole('button', { name: /工具/ }).click();
    await waitForRoute(admin.page, /^\/toolsList/);
    await admin.page.getByRole('switch', { name: 'create_ticket 启用' }).click();
    await admin.page.waitForFunction(() => document.querySelector('[aria-label="create_ticket 启用"]')?.getAttribute('aria-checked') === 'true');
    await admin.context.close();

    const { context, page } = await signedInPage(browser, server.url, 'wangfang', DEMO_PASSWORD);
    await page.goto(`${server.url}/#/toolsBase`);
    const card = page.getByTestId(`toolset-${SET}`);
    await card.waitFor({ timeout: 15_000 });
    // wangfang holds no 工具库 button: no 编辑, 刷新 or 删除.
    expect(await card.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    await card.getByRole('button', { name: /工具/ }).click();
    await waitForRoute(page, /^\/toolsList/);
    await page.locator('tr', { hasText: 'lookup_order' }).getByRole('button', { name: '试用' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('order_id').fill('SO-778899');
    await drawer.getByTestId('tool-run').click();
    await expectText(drawer.getByTestId('tool-result'), '订单 SO-778899：已发货', 15_000);
    await screenshotBoth(page, 'tools-try-read');
    await page.keyboard.press('Escape');

    await page.locator('tr', { hasText: 'create_ticket' }).getByRole('button', { name: '试用' }).click();
    await page.getByRole('dialog').getByLabel('title').fill('打印机故障');
    const before = mcp.calls.length;
    await page.getByRole('dialog').getByTestId('tool-run').click();
    await expectText(page.getByRole('alertdialog'), '确认调用“create_ticket”？');
    expect(mcp.calls.length).toBe(before);
    await screenshotBoth(page, 'tools-try-confirm');
    await page.getByRole('button', { name: '确认调用' }).click();
    await expectText(page.getByTestId('tool-result'), '已创建工单「打印机故障」', 15_000);
    expect(mcp.calls.at(-1)).toMatchObject({ name: 'create_ticket', args: { title: '打印机故障' } });
    await page.keyboard.press('Escape');

    // 工具对话: the model calls the read tool at once and the write tool once wangfang confirms it in the answer.
    await page.goto(`${server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByLabel('对话模式').getByText('工具对话', { exact: true }).click();
    // The set is picked for the dialogue (the first usable one, shown in the picker).
    await expectText(page.getByRole('region', { name: '对话' }), SET);
    const calls = mcp.calls.length;
    await page.getByLabel('输入问题').fill('查订单 SO-1 并为它建工单 [tool:lookup_order {"order_id":"SO-1"}] [tool:create_ticket {"title":"SO-1 延迟"}]');
    await page.getByLabel('输入问题').press('Enter');
    const answer = page.getByTestId('chat-answer').last();
    await expectText(answer, '需要您确认：调用「工单与订单 / create_ticket」（写入）', 20_000);
    expect(mcp.calls.slice(calls).map((c) => c.name)).toEqual(['lookup_order']);
    await screenshotBoth(page, 'tools-chat-confirm');
    await answer.getByRole('button', { name: /确认执行/ }).click();
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').last().waitFor({ timeout: 20_000 });
    expect(mcp.calls.slice(calls).map((c) => c.name)).toEqual(['lookup_order', 'create_ticket']);
    await expectText(answer, '已创建工单「SO-1 延迟」');
    await expectText(answer.getByTestId('tool-calls').first(), '调用工具 工单与订单 / lookup_order');
    await answer.getByText('调用工具 工单与订单 / lookup_order').click();
    await expectText(answer, '订单 SO-1：已发货');
    await screenshotBoth(page, 'tools-chat-answer');
    await context.close();
  });

  it('lina (市场人员) has no 工具库 in her menu, and /toolsBase by address says 无权访问该页面', async () => {
    const { browser, server } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'lina', DEMO_PASSWORD);
    expect(await page.getByRole('link', { name: '工具库' }).count()).toBe(0);
    await page.goto(`${server.url}/#/toolsBase`);
    await expectText(page, '无权访问该页面');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });
});
