// Knowledge spaces and documents in Chromium against the real server (issue 4): demo (秘密) creates a space,
// uploads a 内部 .txt and a 秘密 .md, watches both reach 已完成 through the page's own polling and finds a chunk
// with the recall test, mends a chunk, and sees a PDF's passage with its page and chapter (issue 29); staff (内部)
// opens the same space and sees only the 内部 documents.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectText, signedInPage, waitForRoute } from './support/app';
import { launchBrowser, screenshotBoth } from './support/browser';
import { manualPdf } from './support/documents';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let fileDir: string;

const SPACE = `制度文档${Date.now() % 100000}`;
const INTERNAL_DOC = '差旅报销制度.txt';
const SECRET_DOC = '研发路线图.md';
const MANUAL_PDF = '设备安装手册.pdf';

beforeAll(async () => {
  fileDir = mkdtempSync(join(tmpdir(), 'kb-e2e-files-'));
  writeFileSync(join(fileDir, INTERNAL_DOC), [
    '差旅报销制度',
    '',
    '员工出差住宿标准为每晚不超过五百元，超出部分由个人承担。',
    '报销须在出差结束后十个工作日内提交，并附发票原件。',
  ].join('\n'));
  writeFileSync(join(fileDir, SECRET_DOC), [
    '# 研发路线图',
    '',
    '下一代产品代号为青鸾，计划于明年第三季度发布。',
    '',
    '## 里程碑',
    '',
    '- 原型验证：一季度',
    '- 小批量试产：二季度',
  ].join('\n'));
  writeFileSync(join(fileDir, MANUAL_PDF), manualPdf());
  server = await startServer();
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
});

const signedIn = (username: string) => signedInPage(browser, server.url, username, DEMO_PASSWORD);

/** Picks a value in the antd select labelled `label` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  const item = scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) });
  await item.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Uploads one file through the upload dialog: the platform's web picker opens a file chooser. */
async function upload(page: Page, fileName: string, grade: string): Promise<void> {
  await page.getByRole('button', { name: /上传文档/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('选择文件').waitFor();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: /选择文件/ }).click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(join(fileDir, fileName));
  await dialog.getByText(fileName).waitFor();
  await pick(page, dialog, '密级', grade);
  if (fileName === INTERNAL_DOC) await screenshotBoth(page, 'knowledge-upload-dialog');
  await dialog.getByRole('button', { name: /^上\s*传$/ }).click();
  await expectText(page, /已上传 1 个文档，开始处理/);
  await dialog.waitFor({ state: 'detached' });
}

/** Opens the recall test, asks `question` and answers the dialog (its hits load after). */
async function recallTest(page: Page, question: string) {
  await page.getByRole('button', { name: /召回测试/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('问题').fill(question);
  await dialog.getByRole('button', { name: /测\s*试/ }).click();
  return dialog;
}

/** Closes a dialog with Escape and waits until it is gone. */
async function closeDialog(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** The table row of a document. */
const row = (page: Page, name: string) => page.locator('.ant-table-row').filter({ hasText: name });

describe('knowledge spaces and documents end to end', () => {
  it('demo creates a space, uploads two grades, sees them finish by polling and recalls a chunk', async () => {
    const { context, page } = await signedIn('demo');
    await page.goto(`${server.url}/#/knowledgeBase`);
    await expectText(page, '知识空间收录文档');

    await page.getByRole('button', { name: /新增空间/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('空间名称').fill('含 空格');
    await expectText(page, '知识空间名称只能包含中文、字母、数字、下划线（_）和中划线（-）');
    await dialog.getByLabel('空间名称').fill(SPACE);
    await dialog.getByLabel('描述').fill('公司制度与研发规划，端到端测试创建');
    await dialog.getByRole('tab', { name: '参数设置' }).click();
    await expect.poll(() => dialog.getByLabel('分块大小（chunk_size）').inputValue()).toBe('500');
    await screenshotBoth(page, 'knowledge-space-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectText(page, `已新增知识空间「${SPACE}」`);
    await page.getByTestId(`space-${SPACE}`).waitFor();
    await screenshotBoth(page, 'knowledge-base');

    await page.getByTestId(`space-${SPACE}`).getByText(SPACE).click();
    await waitForRoute(page, new RegExp(`^/knowledgeList\\?space=${SPACE}$`));
    await page.getByRole('button', { name: /上传文档/ }).waitFor();

    await upload(page, INTERNAL_DOC, '内部');
    await upload(page, SECRET_DOC, '秘密');
    await row(page, INTERNAL_DOC).waitFor();
    await row(page, SECRET_DOC).waitFor();
    expect(await row(page, INTERNAL_DOC).textContent()).toContain('内部');
    expect(await row(page, SECRET_DOC).textContent()).toContain('秘密');
    expect(await row(page, SECRET_DOC).textContent()).toContain('对所有人可见');

    // No clicks from here: the list reloads itself every 5 s while a document waits or runs.
    for (const name of [INTERNAL_DOC, SECRET_DOC]) {
      await row(page, name).locator('[data-status="FINISHED"]').waitFor({ timeout: 60_000 });
      expect(await row(page, name).textContent()).toContain('已完成');
    }
    await expect.poll(() => page.getByText('有文档正在处理，每 5 秒自动刷新').count(), { timeout: 10_000 }).toBe(0);
    await screenshotBoth(page, 'knowledge-list');

    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await expectText(page, '刷新成功');

    await row(page, INTERNAL_DOC).getByRole('button', { name: '分段' }).click();
    await expectText(page, '每晚不超过五百元');
    await screenshotBoth(page, 'knowledge-chunks');
    await page.keyboard.press('Escape');

    const recall = await recallTest(page, '出差住宿标准是多少');
    await page.getByTestId('recall-hit').first().waitFor();
    expect(await page.getByTestId('recall-hit').first().textContent()).toContain('五百元');
    await screenshotBoth(page, 'knowledge-recall');
    await closeDialog(page, recall);

    // Issue 29 §7: the owner checks a chunk's headings and mends its text; the edit is marked and recalled.
    await row(page, SECRET_DOC).getByRole('button', { name: '分段' }).click();
    const milestones = page.getByTestId('chunk-item').filter({ hasText: '原型验证' });
    await milestones.getByText('研发路线图 › 里程碑').waitFor();
    await milestones.getByRole('button', { name: /编\s*辑/ }).click();
    const editor = page.getByRole('dialog', { name: /编辑分块/ });
    await editor.getByLabel('分块内容').fill('- 原型验证：一季度\n- 小批量试产：二季度\n- 首批交付：四季度');
    await screenshotBoth(page, 'knowledge-chunk-edit');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expectText(page, /第 \d+ 段已保存/);
    await editor.waitFor({ state: 'detached' });
    await milestones.getByText('已编辑').waitFor();
    expect(await milestones.textContent()).toContain('首批交付：四季度');
    await screenshotBoth(page, 'knowledge-chunks-edited');
    await page.keyboard.press('Escape');
    await recallTest(page, '首批交付');
    await expect.poll(async () => page.getByTestId('recall-hit').first().textContent(), { timeout: 10_000 }).toContain('首批交付');
    await closeDialog(page, recall);

    // Issue 29 §5: a PDF's passages know their page and chapter; the recall test and the chunk list say where they sit.
    await upload(page, MANUAL_PDF, '内部');
    await row(page, MANUAL_PDF).locator('[data-status="FINISHED"]').waitFor({ timeout: 60_000 });
    await recallTest(page, '阀门壳体压力试验的试验压力是多少');
    const tested = page.getByTestId('recall-hit').filter({ hasText: '壳体压力试验' }).first();
    await tested.getByText(/第 2 页 · 第二章 阀门安装/).waitFor();
    await screenshotBoth(page, 'knowledge-recall-pdf');
    await closeDialog(page, recall);
    await row(page, MANUAL_PDF).getByRole('button', { name: '分段' }).click();
    const onPage2 = page.getByTestId('chunk-item').filter({ hasText: '壳体压力试验' });
    await onPage2.getByText('第 2 页').waitFor();
    await onPage2.getByText(/第二章 阀门安装/).waitFor();
    await screenshotBoth(page, 'knowledge-chunks-pdf');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('staff (内部) opens the same space and sees only the 内部 documents', async () => {
    const { context, page } = await signedIn('staff');
    await page.goto(`${server.url}/#/knowledgeBase`);
    await page.getByTestId(`space-${SPACE}`).waitFor();
    expect(await page.getByTestId(`space-${SPACE}`).textContent()).toContain('2 个文档'); // the .txt and the PDF
    // Not the owner: no 编辑 / 删除 on the card.
    expect(await page.getByTestId(`space-${SPACE}`).getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    await page.getByTestId(`space-${SPACE}`).getByText(SPACE).click();
    await waitForRoute(page, /^\/knowledgeList\?space=/);
    await row(page, INTERNAL_DOC).waitFor();
    await row(page, MANUAL_PDF).waitFor();
    expect(await row(page, SECRET_DOC).count()).toBe(0);
    expect(await page.getByText(SECRET_DOC).count()).toBe(0);
    // staff holds upload and refresh but not edit/delete, and the document is not theirs.
    expect(await row(page, INTERNAL_DOC).getByRole('button', { name: /删\s*除|编\s*辑/ }).count()).toBe(0);
    await screenshotBoth(page, 'knowledge-list-staff');
    await context.close();
  });
});
