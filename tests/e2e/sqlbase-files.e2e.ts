// Database chat on a DuckDB file in Chromium (issue 13, D45/D46): the dialog asks a file type for its path (no host,
// account or password), 测试连接 says it is opened read-only, a question in 数据库对话 gives a table and chart, and an
// edited SQL runs again with its rows streamed into the table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuckDbFile } from '../../server/test-support/file-dbs';
import { expectText, waitForRoute } from './support/app';
import { screenshotBoth } from './support/browser';
import { signedInWithLlm } from './support/suite';

const dir = mkdtempSync(join(tmpdir(), 'kb-e2e-dbfiles-'));
// Registered before the suite: the file is there when the server starts, and removed after it has stopped.
beforeAll(() => createDuckDbFile(dir, 'sales.duckdb'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const suite = signedInWithLlm('zhangwei', { DB_FILE_DIR: dir });

describe('database chat on a DuckDB file in the browser', () => {
  it('adds the file by its path, tests it, asks a question, and re-runs an edited SQL', async () => {
    const { server, page } = suite;
    await page.goto(`${server.url}/#/sqlBase`);
    await waitForRoute(page, /^\/sqlBase/);
    await page.getByTestId('sqlbase-empty-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('数据库类型').click();
    await page.getByTitle('DuckDB（数据库文件）').click();
    await dialog.getByLabel('数据库文件').waitFor();
    expect(await dialog.getByLabel('主机').count()).toBe(0);
    expect(await dialog.getByLabel('密码').count()).toBe(0);
    await dialog.getByLabel('数据库名称').fill('sales');
    await dialog.getByLabel('数据库文件').fill('sales.duckdb');
    await dialog.getByLabel('可访问的表').fill('orders,customers');
    await screenshotBoth(page, 'sqlbase-file-dialog-form');
    await dialog.getByTestId('db-test').click();
    await expectText(dialog.getByTestId('db-test-result'), /连接成功，可访问 2 张表；数据库文件以只读方式打开/, 15_000);
    await screenshotBoth(page, 'sqlbase-file-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page.getByTestId('sqlbase-page'), '文件：sales.duckdb');
    await screenshotBoth(page, 'sqlbase-file-list');

    await page.goto(`${server.url}/#/chatWindow`);
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByRole('complementary', { name: '对话列表' }).getByRole('button', { name: /新建对话/ }).click();
    await page.getByLabel('输入问题').waitFor();
    await page.getByLabel('对话模式').getByText('数据库对话', { exact: true }).click();
    await expectText(page.locator('.ant-select').filter({ has: page.getByLabel('数据库') }), 'sales', 15_000);
    await page.mouse.move(0, 0);
    await page.getByLabel('输入问题').fill('各地区的订单金额是多少？');
    await page.getByLabel('输入问题').press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').last().waitFor({ timeout: 30_000 });
    const answer = page.getByTestId('chat-answer').last();
    await answer.getByRole('tab', { name: '图表' }).click();
    await answer.getByRole('img').first().waitFor();
    await answer.getByRole('tab', { name: 'SQL' }).click();
    await answer.getByTestId('sql-editor').fill('SELECT id, region, amount FROM orders ORDER BY id');
    await answer.getByTestId('sql-run').click();
    await expectText(answer, /查询结果共 1000 行（已截断）/, 15_000);
    // A re-run opens on its chart when it has one (D94); its rows are in 数据.
    await answer.getByRole('tab', { name: '数据' }).click();
    await expectText(answer.locator('.ant-table').first(), '华北');
    await screenshotBoth(page, 'sqlbase-file-rerun');
    await answer.getByRole('tab', { name: 'SQL' }).click();
    await answer.getByTestId('sql-editor').fill("SELECT * FROM read_text('/etc/passwd')");
    await answer.getByTestId('sql-run').click();
    await expectText(answer.getByTestId('sql-error'), /查询被拒绝/);
  }, 120_000);
});
