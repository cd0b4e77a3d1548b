// AI chat in Chromium against the real server and the fake OpenAI-compatible model (issue 5): a new dialogue
// streams an answer that survives a reload; knowledge chat cites a document of the demo space (never the 机密 one
// to the 秘密 user) and opens a cited PDF passage at its page and chapter; a small xlsx answers a question with a table; stop during streaming keeps the partial answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, waitForRoute } from './support/app';
import { demoToken, spaceProcessed, uploadDocument } from './support/api';
import { SCREENSHOT_DIR, screenshotBoth } from './support/browser';
import { manualPdf } from './support/documents';
import { signedInWithLlm } from './support/suite';

let fileDir: string;
const SHEET = '部门人数.xlsx';

// Registered before the suite: the sheet is removed after the server has stopped.
beforeAll(async () => {
  fileDir = mkdtempSync(join(tmpdir(), 'kb-e2e-chat-'));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('人员');
  sheet.addRow(['部门', '姓名', '人数']);
  for (const [dept, name, n] of [['研发部', '张伟', 12], ['市场部', '王芳', 5], ['研发部', '李娜', 8], ['财务部', '赵敏', 3]] as const) {
    sheet.addRow([dept, name, n]);
  }
  await book.xlsx.writeFile(join(fileDir, SHEET));
});
afterAll(() => {
  if (fileDir) rmSync(fileDir, { recursive: true, force: true });
});
const suite = signedInWithLlm('demo');
beforeAll(async () => {
  await spaceProcessed(suite.server.url, await demoToken(suite.server.url), '示例知识库');
});

const lastAnswer = () => suite.page.getByTestId('chat-answer').last();

async function newDialogue(): Promise<void> {
  const { server, page } = suite;
  await page.goto(`${server.url}/#/chatWindow`);
  await waitForRoute(page, /^\/chatWindow/);
  await page.getByRole('complementary', { name: '对话列表' }).getByRole('button', { name: /新建对话/ }).click();
  await page.getByLabel('输入问题').waitFor();
}

async function chooseMode(label: string): Promise<void> {
  const { page } = suite;
  await page.getByLabel('对话模式').getByText(label, { exact: true }).click();
}

async function ask(question: string): Promise<void> {
  const { page } = suite;
  await page.mouse.move(0, 0); // no tooltip left open over the toolbar in screenshots
  await page.getByLabel('输入问题').fill(question);
  await page.getByLabel('输入问题').press('Enter');
}

async function answerEnds(status: 'complete' | 'stopped' = 'complete'): Promise<string> {
  const { server, page } = suite;
  try {
    await page.locator(`[data-testid="chat-answer"][data-status="${status}"]`).last().waitFor({ timeout: 30_000 });
  } catch (err) {
    await page.screenshot({ path: join(SCREENSHOT_DIR, `chat-failure-${Date.now()}.png`) });
    console.error(server.output().slice(-4000));
    throw err;
  }
  return lastAnswer().innerText();
}

describe('chat in the browser', () => {
  it('streams an answer into a new dialogue and shows it again after a reload', async () => {
    const { page } = suite;
    await newDialogue();
    await ask('公司的考勤制度是怎样的？');
    const text = await answerEnds();
    expect(text).toContain('您的问题是「公司的考勤制度是怎样的？」');
    expect(text).toContain('以上是模拟模型的回答');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/id=/);
    await page.getByRole('complementary', { name: '对话列表' }).getByText('公司的考勤制度是怎样的？').first().waitFor();
    await screenshotBoth(page, 'chat-normal-answer');

    await page.reload();
    await waitForRoute(page, /^\/chatWindow/);
    await expectText(page.getByTestId('chat-round').first(), '公司的考勤制度是怎样的？', 15_000);
    expect(await answerEnds()).toContain('以上是模拟模型的回答');
  });

  it('cites a document of the knowledge space and never one above the clearance', async () => {
    const { llm, page } = suite;
    await newDialogue();
    await chooseMode('知识库问答');
    await expectText(page.locator('.ant-select').filter({ has: page.getByLabel('知识空间') }), '示例知识库');
    await ask('出差住宿标准是多少？');
    await answerEnds();
    const sources = lastAnswer().getByLabel('引用来源');
    await sources.getByText(/差旅报销制度\.txt/).first().waitFor();
    await screenshotBoth(page, 'chat-knowledge-citations');
    await sources.getByText(/差旅报销制度\.txt/).first().click();
    const drawer = page.getByRole('dialog');
    await expectText(drawer, '引用段落');
    await expectText(drawer, /住宿标准/);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // demo holds 秘密: the 机密 document's passages must not be retrieved, cited or sent to the model.
    const before = llm.stats.prompts.length;
    await ask('核心算法的权限过滤在哪个阶段完成？');
    const text = await answerEnds();
    expect(text).not.toContain('召回阶段完成');
    expect(await lastAnswer().innerText()).not.toContain('核心算法说明');
    for (const prompt of llm.stats.prompts.slice(before)) {
      expect(JSON.stringify(prompt)).not.toContain('召回阶段完成');
    }
  });

  it('opens a cited PDF passage at its page and chapter (issue 29)', async () => {
    const { server, page } = suite;
    const token = await demoToken(server.url);
    await uploadDocument(server.url, token, '示例知识库', { name: '设备安装手册.pdf', bytes: manualPdf(), secrecy: 'internal' });
    await spaceProcessed(server.url, token, '示例知识库');
    await newDialogue();
    await chooseMode('知识库问答');
    await ask('阀门壳体压力试验的试验压力是多少？');
    await answerEnds();
    await lastAnswer().getByLabel('引用来源').getByText(/设备安装手册\.pdf/).first().click();
    const drawer = page.getByRole('dialog');
    await expectText(drawer, '壳体压力试验');
    await expectText(drawer, '第 2 页');
    await expectText(drawer, /第二章 阀门安装/);
    await screenshotBoth(page, 'chat-citation-pdf');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('answers a question about an uploaded xlsx with a table', async () => {
    const { page } = suite;
    await newDialogue();
    await chooseMode('表格问答');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /上传表格/ }).click()]);
    await chooser.setFiles(join(fileDir, SHEET));
    // The sheet becomes the dialogue's data table once processed.
    await expectText(page.locator('.ant-select').filter({ has: page.getByLabel('数据表') }), SHEET, 30_000);
    await ask('按部门统计人数');
    await answerEnds();
    const answer = lastAnswer();
    await answer.getByRole('tab', { name: '数据' }).click();
    const table = answer.locator('.ant-table').first();
    await expectText(table, '研发部');
    await expectText(table, '20');
    await expectText(table, '财务部');
    await screenshotBoth(page, 'chat-excel-table');
    await answer.getByRole('tab', { name: 'SQL' }).click();
    await expectText(answer, /GROUP BY/);
  });

  it('stop during streaming keeps the partial answer, also after a reload', async () => {
    const { llm, page } = suite;
    await newDialogue();
    await chooseMode('普通对话');
    await ask('[slow:60] 请详细介绍员工手册的内容');
    const answer = page.locator('[data-testid="chat-answer"][data-status="streaming"]').last();
    await expectText(answer, '您的问题是', 15_000).catch(async (err: unknown) => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `chat-failure-${Date.now()}.png`) });
      throw err;
    });
    await page.getByRole('button', { name: /停\s*止/ }).click();
    const partial = await answerEnds('stopped');
    expect(partial).toContain('您的问题是');
    expect(partial).not.toContain('以上是模拟模型的回答');
    await expectText(lastAnswer(), '已停止');
    // The model stopped generating too, not only the display.
    await expect.poll(() => llm.stats.aborted, { timeout: 5_000 }).toBeGreaterThan(0);
    await screenshotBoth(page, 'chat-stopped');

    await page.reload();
    await waitForRoute(page, /^\/chatWindow/);
    const stored = await answerEnds('stopped');
    expect(stored).toContain('您的问题是');
    await expectText(lastAnswer(), '已停止');
  });
  it('deleting another dialogue from the list removes only that one and keeps the open one open (issue 12)', async () => {
    const { page } = suite;
    await newDialogue();
    await chooseMode('普通对话');
    await ask('请介绍一下年假怎么休？');
    await answerEnds();
    const openHash = new URL(page.url()).hash;
    expect(openHash).toMatch(/id=/);
    const list = page.getByRole('complementary', { name: '对话列表' });
    const other = '公司的考勤制度是怎样的？';
    const bin = list.getByRole('button', { name: `删除对话 ${other}` }).first();
    await list.getByText(other).first().hover();
    await bin.click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => list.getByText(other).count()).toBe(0);
    // Only the list changed: the dialogue being read is still open, and nothing says it is missing.
    expect(new URL(page.url()).hash).toBe(openHash);
    await expectText(page.getByTestId('chat-round').last(), '请介绍一下年假怎么休？');
    expect(await page.getByText('对话不存在').count()).toBe(0);
  });
});
