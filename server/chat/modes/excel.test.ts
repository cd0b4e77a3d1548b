// chat_excel end to end: an xlsx uploaded into a dialogue, questions through the completion route and the fake
// model, the query run read-only, the chart frame and the stored answer.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_PATHS, STREAM_DONE, type ChartView, type ChatMessage } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { chatDialogues, chatFiles } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { excelMode, excelPrompt, markdownTable, modelSql } from './excel';

let t: TestApp;
let llm: FakeLlm;
let base = '';
const tokens: Record<string, string> = {};
let conv = '';
let fileId = 0;

const SALES: [string, string, number][] = [
  ['2024-01-01', '苹果', 10], ['2024-01-02', '香蕉', 20], ['2024-01-03', '苹果', 30],
  ['2024-01-04', '橙子', 5], ['2024-01-05', '香蕉', 15], ['2024-01-06', '葡萄', 8],
];

async function salesXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('一月销售');
  sheet.addRow(['日期', ' 产品 ', '销量']);
  for (const [d, p, n] of SALES) sheet.addRow([new Date(`${d}T00:00:00Z`), p, n]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ config: { llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 4 }], llmTimeoutMs: 10_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'staff']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  conv = await newDialogue('demo');
  fileId = await uploadSheet('demo', conv, '一月销售.xlsx', await salesXlsx());
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function newDialogue(user: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=chat_excel`, headers: bearer(tokens[user]), payload: {} });
  return res.json().data.conv_uid;
}

async function uploadSheet(user: string, convUid: string, name: string, bytes: Buffer): Promise<number> {
  const body = multipartBody({ conv_id: convUid }, [{ field: 'file', name, bytes }]);
  const res = await t.app.inject({ method: 'POST', url: CHAT_PATHS.excelFileAdd, headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  const id: number = res.json().data.id;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await t.deps.db.select().from(chatFiles).where(eq(chatFiles.id, id));
    if (row.status === 'FINISHED') return id;
    if (row.status === 'FAILED' || Date.now() > deadline) throw new Error(`processing: ${row.status} ${row.result}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function ask(question: string, extra: Record<string, unknown> = {}, user = 'demo', convUid = conv) {
  return postCompletion(base, tokens[user], { conv_uid: convUid, user_input: question, chat_mode: 'chat_excel', select_param: '一月销售.xlsx', ...extra })
    .then((res) => readCompletion(res));
}

const chartOf = (frames: Frame[]) => (frames.find((f) => f !== STREAM_DONE && f.object === 'chat.chart') as { chart: ChartView } | undefined)?.chart;

async function lastView(): Promise<ChatMessage> {
  const res = await t.app.inject({ method: 'GET', url: `${CHAT_PATHS.history}?con_uid=${conv}`, headers: bearer(tokens.demo) });
  return res.json().data.filter((m: ChatMessage) => m.role === 'view').at(-1);
}

describe('chat_excel', () => {
  it('tells the model the table, its columns, types and samples, and answers with a chart of the query result', async () => {
    const res = await ask('各产品的销量汇总');
    expect(res.status).toBe(200);
    const system = llm.stats.prompts.at(-1)![0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('表名：excel_data（共 6 行）');
    expect(system.content).toContain('- "产品" VARCHAR');
    expect(system.content).toContain('- "日期" DATE');
    expect(system.content).toContain('前 5 行示例：\n| 日期 | 产品 | 销量 |\n| --- | --- | --- |\n| 2024-01-01 | 苹果 | 10 |\n| 2024-01-02 | 香蕉 | 20 |');
    const chart = chartOf(res.frames)!;
    const totals = new Map<string, number>();
    for (const [, p, n] of SALES) totals.set(p, (totals.get(p) ?? 0) + n);
    const expected = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([产品, 销量]) => ({ 产品, 销量 }));
    expect(chart).toMatchObject({ type: 'response_bar_chart', x: '产品', y: ['销量'], columns: ['产品', '销量'], truncated: false });
    expect(chart.data).toEqual(expected);
    expect(chart.sql).toContain('GROUP BY');
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    const view = await lastView();
    expect(view).toMatchObject({ status: 'complete', chart: { type: 'response_bar_chart', data: expected } });
  });

  it('accepts MySQL-style quoted names, and a very wide sheet is described within bounds', async () => {
    const wide = { table: 't', sheet: null, rowCount: 1, columns: Array.from({ length: 250 }, (_, i) => ({ name: `c${i}`, type: 'BIGINT' })), sample: [Array.from({ length: 250 }, (_, i) => i)] };
    const prompt = excelPrompt('w.csv', wide);
    expect(prompt).toContain('- "c199" BIGINT\n（另有 50 列未列出）');
    expect(prompt).toContain('前 1 行示例（前 30 列）：\n| c0 |');
    expect(prompt).not.toContain('| c30 |');
    expect(modelSql('```sql\nSELECT `产品`, \'a\' FROM t\n```')).toBe('SELECT "产品", \'a\' FROM t');
    expect(markdownTable(['a|b'], [['x\ny|z']])).toBe('| a\\|b |\n| --- |\n| x y\\|z |');
  });

  it('runs the SQL of DB-GPT’s JSON answer form as database chat does, instead of finding no query', () => {
    const json = '{"thoughts": "按产品汇总销量", "sql": "SELECT `产品`, sum(\\"销量\\") AS 销量 FROM excel_data GROUP BY 1", "display_type": "response_bar_chart"}';
    expect(modelSql(json)).toBe('SELECT "产品", sum("销量") AS 销量 FROM excel_data GROUP BY 1');
    expect(modelSql(`\`\`\`json\n${json}\n\`\`\``)).toBe('SELECT "产品", sum("销量") AS 销量 FROM excel_data GROUP BY 1');
  });

  it('selects the sheet by file id too, and shows a single count as a table', async () => {
    const res = await ask('一共有多少条记录', { select_param: String(fileId) });
    expect(chartOf(res.frames)).toMatchObject({ type: 'response_table', columns: ['total'], data: [{ total: 6 }] });
  });

  it('sends a failing query back to the model once and runs the corrected one', async () => {
    const before = llm.stats.requests;
    const res = await ask('[bad-sql] 看看数据');
    expect(llm.stats.requests - before).toBe(2);
    const correction = llm.stats.prompts.at(-1)!;
    expect(correction.at(-1)!.content).toMatch(/^这条 SQL 执行出错：.*不存在的列/);
    expect(correction.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('不存在的列') });
    expect(res.text).toContain('已自动修正为');
    const chart = chartOf(res.frames)!;
    expect(chart.data).toHaveLength(6);
    expect(chart.sql).toBe('SELECT * FROM excel_data LIMIT 10');
  });

  it('tells the user when the corrected query fails too, without a chart', async () => {
    const before = llm.stats.requests;
    const res = await ask('[bad-sql-always] 看看数据');
    expect(llm.stats.requests - before).toBe(2);
    expect(res.text).toMatch(/查询失败：.*不存在的列/);
    expect(chartOf(res.frames)).toBeUndefined();
    expect((await lastView()).status).toBe('complete');
    expect((await lastView()).chart).toBeUndefined();
  });

  it('refuses a query that would write, never running it, and asks no correction', async () => {
    const before = llm.stats.requests;
    const res = await ask('删除所有数据');
    expect(llm.stats.requests - before).toBe(1);
    expect(res.text).toContain('查询被拒绝：只允许只读查询（SELECT），该语句包含 DELETE，会修改数据。该查询未执行。');
    expect(chartOf(res.frames)).toBeUndefined();
    expect(chartOf((await ask('一共有多少条记录')).frames)?.data).toEqual([{ total: 6 }]);
  });

  it('refuses a missing, unknown, unfinished or foreign spreadsheet before answering', async () => {
    const empty = await newDialogue('demo');
    const none = await ask('各产品销量', {}, 'demo', empty);
    expect(none.status).toBe(400);
    expect(none.json?.err_msg).toBe('请先上传电子表格（csv 或 xlsx）');
    expect((await ask('各产品销量', { select_param: '别的表.xlsx' })).json?.err_msg).toBe('电子表格不存在：别的表.xlsx');
    // Another user's file id is not this dialogue's.
    const staffConv = await newDialogue('staff');
    const staffFile = await uploadSheet('staff', staffConv, 's.csv', Buffer.from('a,b\nx,1\n'));
    expect((await ask('各产品销量', { select_param: String(staffFile) })).json?.err_msg).toBe(`电子表格不存在：${staffFile}`);
    await t.deps.db.update(chatFiles).set({ status: 'RUNNING' }).where(eq(chatFiles.id, fileId));
    try {
      expect((await ask('各产品销量')).json?.err_msg).toBe('电子表格「一月销售.xlsx」正在处理，请稍后再提问');
    } finally {
      await t.deps.db.update(chatFiles).set({ status: 'FINISHED' }).where(eq(chatFiles.id, fileId));
    }
  });

  it('without a model, describes the sheet and says no model is configured', async () => {
    const [dialogue] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, conv));
    const signal = new AbortController().signal;
    const prepared = await excelMode.prepare({
      deps: t.deps, viewer: { id: dialogue.ownerId, system: false, grades: [], roleIds: [], deptChain: [] }, signal, history: [], question: '各产品销量',
      user: { id: dialogue.ownerId, username: 'demo', fullName: '', deptId: 1, clearance: 'public', mustChangePassword: false, system: false },
      dialogue: { id: dialogue.id, convUid: conv, ownerId: dialogue.ownerId, chatMode: 'chat_excel', selectParam: null },
      modelConfigured: false, complete: () => Promise.reject(new Error('no model')),
    });
    expect(prepared.fallback).toBe(`${CHAT_MESSAGES.noModel}\n\n电子表格「一月销售.xlsx」已载入为表 excel_data，共 6 行、3 列：日期（日期）、产品（文本）、销量（数值）。`);
  });
});
