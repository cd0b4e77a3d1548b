// Test-case generation in Chromium against the built server and the fake model (issue 14): upload a requirements
// file through the page, confirm the items, watch the tasks complete, edit a case (still there after a reload),
// export xlsx and XMind and read both files back.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectText, waitForRoute } from './support/app';
import { screenshotBoth } from './support/browser';
import { signedInWithLlm } from './support/suite';

const suite = signedInWithLlm('demo');

const REQUIREMENTS = `# 账号管理
## 注册
用户名长度为 4 至 20 个字符，只能包含字母和数字。
## 登录
密码连续输错 5 次锁定账号 30 分钟。
## 注销
用户可以注销自己的账号。`;

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });
  await item.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The files of a zip archive (stored or deflated). */
function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const nameLen = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + buf.readUInt32LE(at + 20));
    files.set(buf.subarray(at + 46, at + 46 + nameLen).toString('utf8'), buf.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return files;
}

async function download(page: Page, button: RegExp): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFileSync((await file.path())!);
}

/** The page's first card stands at least 12 px clear of the side menu and of the tab bar (issue 27 §6). */
async function expectClearOfShell(page: Page): Promise<void> {
  const menu = (await page.getByTestId('side-menu').boundingBox())!;
  const content = (await page.getByTestId('testcase-page').locator('.ant-card, button').first().boundingBox())!;
  const tabs = (await page.getByRole('tablist').first().boundingBox())!;
  expect(content.x - (menu.x + menu.width)).toBeGreaterThanOrEqual(12);
  expect(content.y - (tabs.y + tabs.height)).toBeGreaterThanOrEqual(12);
}

describe('test-case generation in the browser', () => {
  it('uploads requirements, confirms the items, watches the tasks finish, edits a case and exports xlsx and XMind', async () => {
    const { server, page } = suite;
    await page.goto(`${server.url}/#/testCase`);
    await waitForRoute(page, /^\/testCase/);
    await expectText(page, '还没有用例生成');
    await expectClearOfShell(page);
    await screenshotBoth(page, 'testcase-list-empty');

    await page.getByRole('button', { name: /新建生成/ }).click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog, '新建用例生成');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: /选择文件/ }).click()]);
    await chooser.setFiles({ name: '账号需求.md', mimeType: 'text/markdown', buffer: Buffer.from(REQUIREMENTS) });
    await dialog.getByText('账号需求.md').waitFor();
    await pick(page, dialog, '密级', '内部');
    await screenshotBoth(page, 'testcase-new-dialog');
    await dialog.getByRole('radio', { name: '选择知识库文档' }).check();
    await screenshotBoth(page, 'testcase-new-dialog-document');
    await dialog.getByRole('radio', { name: '上传文件' }).check();
    // Switching back asks for the file again (the choice is per source).
    const [again] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: /选择文件/ }).click()]);
    await again.setFiles({ name: '账号需求.md', mimeType: 'text/markdown', buffer: Buffer.from(REQUIREMENTS) });
    await dialog.getByText('账号需求.md').waitFor();
    await dialog.getByRole('button', { name: /拆分需求/ }).click();
    await dialog.waitFor({ state: 'detached' });

    // The items as split, to confirm before generating.
    await expectText(page, '开始生成（3 条）');
    await expectText(page, '请检查拆分出的需求条目');
    await screenshotBoth(page, 'testcase-confirm-items');
    await page.getByRole('button', { name: /编\s*辑/ }).first().click();
    const itemDialog = page.getByRole('dialog');
    await expectText(itemDialog, '编辑需求条目');
    await screenshotBoth(page, 'testcase-item-dialog');
    await itemDialog.getByRole('button', { name: /取\s*消/ }).click();
    await itemDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /开始生成（3 条）/ }).click();
    await expectText(page, '3/3 条完成', 30_000);
    await expectText(page, /测试用例（[1-9]\d*）/);
    await expectClearOfShell(page);
    await screenshotBoth(page, 'testcase-generated');

    // Edit a case: saved as the tester types, still there after a reload.
    const cases = page.locator('.ant-card').filter({ hasText: '测试用例（' });
    await cases.getByRole('button', { name: /编\s*辑/ }).first().click();
    const caseDialog = page.getByRole('dialog');
    await expectText(caseDialog, '编辑用例');
    const saved = page.waitForResponse((r) => r.url().endsWith('/v2/case/edit') && r.ok());
    await caseDialog.getByLabel('用例名称').fill('用户名 3 个字符被拒绝');
    await expectText(caseDialog.getByRole('status'), '编辑中…');
    await saved;
    await expectText(caseDialog.getByRole('status'), '已保存');
    await screenshotBoth(page, 'testcase-case-dialog');
    await page.reload();
    await expectText(page, '用户名 3 个字符被拒绝', 15_000);

    // A case added by hand and one deleted (issue 27 §6); the export below has what the page shows.
    const casesNow = page.locator('.ant-card').filter({ hasText: '测试用例（' });
    const countOf = async () => Number(/测试用例（(\d+)）/.exec((await casesNow.textContent()) ?? '')![1]);
    const before = await countOf();
    await casesNow.getByRole('button', { name: /新增用例/ }).click();
    const addDialog = page.getByRole('dialog');
    await expectText(addDialog, '新增用例');
    await addDialog.getByLabel('用例名称').fill('注销后旧令牌失效');
    await addDialog.getByRole('textbox', { name: '步骤 1' }).fill('注销后用旧令牌访问个人中心');
    await addDialog.getByRole('textbox', { name: '预期结果 1' }).fill('提示登录信息无效');
    await screenshotBoth(page, 'testcase-add-dialog');
    await addDialog.getByRole('button', { name: /保\s*存/ }).click();
    await addDialog.waitFor({ state: 'detached' });
    await expectText(casesNow, '注销后旧令牌失效');
    expect(await countOf()).toBe(before + 1);
    const addedRow = casesNow.getByRole('row').filter({ hasText: '注销后旧令牌失效' });
    await addedRow.getByRole('button', { name: /删\s*除/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /删\s*除/ }).click();
    await addedRow.waitFor({ state: 'detached' });
    expect(await countOf()).toBe(before);

    const xlsx = await download(page, /导出 Excel/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const rows = book.getWorksheet('用例')!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['ID', '用例名称', '所属模块', '标签', '前置条件', '备注', '步骤描述', '预期结果', '编辑模式', '用例等级']);
    expect(rows.slice(1).map((r) => r[1])).toContain('用户名 3 个字符被拒绝');
    expect(rows.slice(1).every((r) => r[8] === 'STEP' && /^\[1\]/.test(String(r[6])))).toBe(true);

    const xmind = unzip(await download(page, /导出 XMind/));
    const content = xmind.get('content.json')!.toString('utf8');
    expect(content).toContain('case-');
    expect(content).toContain('用户名 3 个字符被拒绝');
    expect(JSON.parse(content)[0].rootTopic.title).toBe('账号需求');

    // A newer version changes one item and adds one: 已过期 and 待更新, then 最新 once generated.
    await page.getByRole('button', { name: /更新需求文档/ }).click();
    const replace = page.getByRole('dialog');
    await expectText(replace, '当前文档：账号需求.md');
    const v2 = REQUIREMENTS.replace('30 分钟', '60 分钟') + '\n## 头像\n头像文件不超过 2 MB。';
    const [newer] = await Promise.all([page.waitForEvent('filechooser'), replace.getByRole('button', { name: /选择文件/ }).click()]);
    await newer.setFiles({ name: '账号需求-v2.md', mimeType: 'text/markdown', buffer: Buffer.from(v2) });
    await pick(page, replace, '密级', '内部');
    await screenshotBoth(page, 'testcase-replace-dialog');
    await replace.getByRole('button', { name: /比较并更新/ }).click();
    await expectText(page, /1 条变更、1 条新增、0 条删除、2 条未变/);
    await replace.waitFor({ state: 'detached' });
    await expectText(page, '生成待更新条目（2 条）');
    await screenshotBoth(page, 'testcase-pending-update');
    await page.getByRole('button', { name: /生成待更新条目/ }).click();
    await expectText(page, '4/4 条完成', 30_000);
    expect(await page.locator('.ant-tag').filter({ hasText: /^最新$/ }).count()).toBe(2);
    await screenshotBoth(page, 'testcase-latest');

    await page.getByRole('button', { name: /归\s*档/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /归\s*档/ }).click();
    await expectText(page.locator('.ant-card-head'), '已归档');
    expect(await page.getByRole('button', { name: /更新需求文档/ }).count()).toBe(0);
    await page.getByRole('button', { name: /返回列表/ }).click();
    await expectText(page, '还没有用例生成');
    await page.locator('.ant-segmented-item-label').filter({ hasText: '已归档' }).click();
    await expectText(page, '账号需求-v2.md');
    await screenshotBoth(page, 'testcase-list-archived');
  }, 180_000);
});
