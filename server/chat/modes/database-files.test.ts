// Database chat on SQLite and DuckDB files: the answer's SQL runs through the gates on the file (table and chart),
// writes and hidden tables are refused with every file unchanged, and for a schema too large to send whole the
// embedding model's nearest tables reach the prompt alongside full-text recall.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DB_PATHS, STREAM_DONE, type ChartView } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { roles } from '../../db/schema';
import { SECRET_MARK } from '../../test-support/external-dbs';
import { createDuckDbFile, createSqliteFile, dirChecksum } from '../../test-support/file-dbs';
import { bearer, signIn } from '../../test-support/http';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let base = '';
const tokens: Record<string, string> = {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-chat-files-'));

/** A SQLite file of 300 tables with Chinese comments in their names' columns, and one table only vectors find. */
function largeSchema(file: string) {
  const db = new Database(file);
  const words = ['订单', '客户', '库存', '仓库', '供应商', '发票', '合同', '员工', '部门', '项目'];
  const statements: string[] = [];
  for (let i = 0; i < 300; i++) statements.push(`create table t_${i} (id integer, ${words[i % 10]}名称${i} text, ${words[i % 10]}状态${i} text);`);
  statements.push('create table crm_contact (id integer, customeraddress_line text, zipcode text);');
  db.exec(statements.join('\n'));
  db.close();
}

beforeAll(async () => {
  createSqliteFile(dir);
  await createDuckDbFile(dir);
  largeSchema(path.join(dir, 'wide.sqlite'));
  llm = await startFakeLlm();
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 4 }], embeddingModel: { name: 'fake-embedding', limit: 4 },
      llmTimeoutMs: 10_000, dbChatTimeoutMs: 3000, dbFileDir: dir,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  const [{ id: devRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '研发人员'));
  for (const [type, name, file, allowed] of [['sqlite', 'shop_sqlite', 'shop.sqlite', 'orders,customers'], ['duckdb', 'shop_duck', 'shop.duckdb', 'orders,customers'],
    ['sqlite', 'wide', 'wide.sqlite', '']]) {
    const res = await t.app.inject({
      method: 'POST', url: DB_PATHS.add, headers: bearer(tokens.zhangwei),
      // Granted to 研发人员 (demo): with no role a connection is its owner's alone (D89).
      payload: { db_type: type, db_name: name, db_path: file, secrecy: 'internal', allowed_tables: allowed, review_role: String(devRole) },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function ask(dbName: string, question: string, mode = 'chat_with_db_execute') {
  const conv = (await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, headers: bearer(tokens.demo), payload: {} })).json().data.conv_uid;
  const res = await postCompletion(base, tokens.demo, { conv_uid: conv, user_input: question, chat_mode: mode, select_param: dbName });
  return (await readCompletion(res)).frames;
}
const chartOf = (frames: Frame[]) => (frames.findLast((f) => f !== STREAM_DONE && f.object === 'chat.chart') as { chart: ChartView } | undefined)?.chart;
const textOf = (frames: Frame[]) => frames.map((f) => (f !== STREAM_DONE && f.object === 'chat.completion.chunk' ? f.choices[0].delta.content ?? '' : '')).join('');

describe('database chat on files', () => {
  for (const name of ['shop_sqlite', 'shop_duck']) {
    it(`answers from the file with a table and chart; refuses writes and hidden tables (${name})`, async () => {
      const before = dirChecksum(dir);
      const frames = await ask(name, '各地区的订单金额是多少？');
      const system = llm.stats.prompts.at(-1)![0].content;
      expect(system).toContain(name.endsWith('duck') ? 'DuckDB' : 'SQLite');
      expect(system).toContain('orders');
      expect(system).not.toContain('salaries');
      const chart = chartOf(frames);
      expect(chart, textOf(frames)).toMatchObject({ db_name: name, columns: ['region', 'amount'] });
      expect(chart!.data.map((r) => r.region)).toEqual(['华东', '华北', '华南', '西部']);
      expect(textOf(await ask(name, '删除所有订单'))).toMatch(/查询被拒绝：只允许只读查询/);
      const hidden = await ask(name, '张三的工资是多少');
      expect(textOf(hidden)).toContain('查询被拒绝：不能访问表 salaries');
      expect(JSON.stringify(hidden)).not.toContain(SECRET_MARK);
      expect(dirChecksum(dir)).toBe(before);
    });
  }

  it('puts the embedding model\'s nearest tables into the prompt of a schema too large to send whole', async () => {
    await ask('wide', 'customeraddressline zip', 'chat_with_db_qa');
    const system = llm.stats.prompts.at(-1)![0].content;
    expect(system).toContain('表 crm_contact');
    expect(system).not.toContain('表 t_299');
  });
});
