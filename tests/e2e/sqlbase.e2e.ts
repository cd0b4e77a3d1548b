// Database chat in Chromium against the built server, the fake model and the machine's MariaDB (issue 13): add a
// connection on /sqlBase, test it, ask a question in 数据库对话, see the SQL, a table and a chart; edit the SQL
// and run it again.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMyDatabase, externalOrSkip, type ExternalDb } from '../../server/test-support/external-dbs';
import { drawnChart, expectText, waitForRoute } from './support/app';
import { SCREENSHOT_DIR, screenshotBoth } from './support/browser';
import { signedInWithLlm } from './support/suite';

let db: ExternalDb | null = null;
// Registered before the suite: the database is dropped after the server has stopped.
beforeAll(async () => {
  db = await externalOrSkip(createMyDatabase, 'MariaDB');
});
afterAll(async () => {
  await db?.drop();
});
// zhangwei holds every /sqlBase button (部门负责人) and the 机密 clearance.
const suite = signedInWithLlm('zhangwei', { OUTBOUND_ALLOW: '127.0.0.1' });

describe('database chat in the browser', () => {
  it('adds and tests a MariaDB connection, asks a question, sees SQL, table and chart, edits the SQL and runs it again', async (ctx) => {
    const { server, page } = suite;
    if (!db) return ctx.skip();
    await page.goto(`${server.url}/#/sqlBase`);
    await waitForRoute(page, /^\/sqlBase/);
    await expectText(page.getByTestId('sqlbase-page'), '还没有可用的数据库连接');
    await screenshotBoth(page, 'sqlbase-empty');

    await page.getByTestId('sqlbase-empty-add').click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog, '新增数据库连接');
    await dialog.getByLabel('数据库类型').click();
    await page.getByTitle(/^MySQL/).click();
    await dialog.getByLabel('数据库名称').fill(db.database);
    await dialog.getByLabel('主机').fill(db.host);
    await dialog.getByLabel('端口').fill(String(db.port));
    await dialog.getByLabel('用户名').fill(db.user);
    await dialog.getByLabel('密码').fill(db.password);
    await dialog.getByLabel('可访问的表').fill('orders,customers');
    await dialog.getByTestId('db-test').click();
    try {
      await expectText(dialog.getByTestId('db-test-result'), /连接成功，可访问 2 张表/, 15_000);
    } catch (err) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `sqlbase-failure-${Date.now()}.png`) });
      console.error(await dialog.innerText(), server.output().slice(-3000));
      throw err;
    }
    await screenshotBoth(page, 'sqlbase-dialog-tested');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page.getByTestId('sqlbase-page'), db.database);
    expect(await page.getByTestId('sqlbase-page').innerText()).not.toContain(db.password);
    await screenshotBoth(page, 'sqlbase-list');

    await page.goto(`${server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByRole('complementary', { name: '对话列表' }).getByRole('button', { name: /新建对话/ }).click();
    await page.getByLabel('输入问题').waitFor();
    await page.getByLabel('对话模式').getByText('数据库对话', { exact: true }).click();
    await expectText(page.locator('.ant-select').filter({ has: page.getByLabel('数据库') }), db.database, 15_000);
    await page.mouse.move(0, 0);
    await page.getByLabel('输入问题').fill('各地区的订单金额是多少？');
    await page.getByLabel('输入问题').press('Enter');
    const answer = page.getByTestId('chat-answer').last();
    try {
      await page.locator('[data-testid="chat-answer"][data-status="complete"]').last().waitFor({ timeout: 30_000 });
    } catch (err) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `sqlbase-failure-${Date.now()}.png`) });
      console.error(server.output().slice(-4000));
      throw err;
    }
    await answer.getByRole('tab', { name: '图表' }).click();
    // The chart is drawn by Chart.js (loaded now, with the first chart shown) on a canvas: one bar per region.
    const drawn = await drawnChart(answer.locator('[role="img"]:has(canvas)').first());
    expect(drawn.labels).toContain('华东');
    expect(drawn.series).toHaveLength(1);
    expect(drawn.series[0].data.every((v) => typeof v === 'number')).toBe(true);
    expect(drawn.painted).toBeGreaterThan(1000);
    await screenshotBoth(page, 'sqlbase-chat-chart');
    await answer.getByRole('tab', { name: '数据' }).click();
    await expectText(answer.locator('.ant-table').first(), '华东');
    await answer.getByRole('tab', { name: 'SQL' }).click();
    const editor = answer.getByTestId('sql-editor');
    expect(await editor.inputValue()).toMatch(/GROUP BY region/);
    await editor.fill('SELECT region, COUNT(*) AS 订单数 FROM orders GROUP BY region ORDER BY region');
    await answer.getByTestId('sql-run').click();
    // The re-run keeps a chart (issue 27 §6), says the answer's text was about the first query, and its rows are there.
    await expectText(answer.getByTestId('rerun-note'), '修改后的 SQL', 15_000);
    await expect.poll(async () => (await drawnChart(answer.locator('[role="img"]:has(canvas)').first())).series[0]?.name, { timeout: 15_000 }).toBe('订单数');
    // The reader switches the chart to a pie.
    await answer.getByLabel('图表类型').getByText('饼图').click();
    await expect.poll(async () => (await drawnChart(answer.locator('[role="img"]:has(canvas)').first())).labels).toContain('华东');
    await screenshotBoth(page, 'sqlbase-chat-rerun');
    await answer.getByRole('tab', { name: '数据' }).click();
    await expectText(answer.locator('.ant-table').first(), '订单数', 15_000);
    await expectText(answer.locator('.ant-table').first(), '750');

    // An edited write goes through the same gates: refused, shown in Chinese.
    await answer.getByRole('tab', { name: 'SQL' }).click();
    await answer.getByTestId('sql-editor').fill('DELETE FROM orders');
    await answer.getByTestId('sql-run').click();
    await expectText(answer.getByTestId('sql-error'), /查询被拒绝：只允许只读查询/);

    // A question whose query the gates refuse: the refusal and the refused SQL, editable, to be fixed and run again.
    await page.getByLabel('输入问题').fill('删除所有订单');
    await page.getByLabel('输入问题').press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').nth(1).waitFor({ timeout: 30_000 });
    const refused = page.getByTestId('chat-answer').last();
    await expectText(refused, /查询被拒绝：只允许只读查询/);
    expect(await refused.getByTestId('sql-editor').inputValue()).toMatch(/DELETE FROM orders/i);
    await screenshotBoth(page, 'sqlbase-chat-refused');
    await refused.getByTestId('sql-editor').fill('SELECT COUNT(*) AS 订单数 FROM orders');
    await refused.getByTestId('sql-run').click();
    await refused.getByRole('tab', { name: '数据' }).click();
    await expectText(refused.locator('.ant-table').first(), '订单数', 15_000);
  }, 120_000);
});
