// Database chat end to end against the machine's PostgreSQL and MariaDB: the mode parameter list, the schema in
// the prompt (hidden tables never), the model's JSON answer run through the gates as a table and chart, one
// correction round, refusals in Chinese with the tables unchanged, every statement in the audit log, and
// chat_with_db_qa answering from the schema without running anything.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DB_PATHS, STREAM_DONE, type ChartView } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { auditLog, roles } from '../../db/schema';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { createMyDatabase, createPgDatabase, externalOrSkip, SECRET_MARK, type ExternalDb } from '../../test-support/external-dbs';
import { bearer, signIn } from '../../test-support/http';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let base = '';
let pgDb: ExternalDb | null = null;
let myDb: ExternalDb | null = null;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [pgDb, myDb] = await Promise.all([externalOrSkip(createPgDatabase, 'PostgreSQL'), externalOrSkip(createMyDatabase, 'MariaDB')]);
  llm = await startFakeLlm();
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 4 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, dbChatTimeoutMs: 3000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'zhangwei', 'lina']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  // Granted to 研发人员 (demo): with no role a connection is its owner's alone (D89).
  const [{ id: devRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '研发人员'));
  for (const db of [pgDb, myDb]) {
    if (!db) continue;
    const res = await t.app.inject({
      method: 'POST', url: DB_PATHS.add, headers: bearer(tokens.zhangwei),
      payload: { db_type: db.kind, db_name: db.database, db_host: db.host, db_port: db.port, db_user: db.user, db_pwd: db.password, secrecy: 'internal', allowed_tables: 'orders,customers', review_role: String(devRole) },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await pgDb?.drop();
  await myDb?.drop();
});

async function newDialogue(user: string, mode: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, headers: bearer(tokens[user]), payload: {} });
  return res.json().data.conv_uid;
}

async function ask(db: ExternalDb, question: string, mode = 'chat_with_db_execute', user = 'demo') {
  const conv = await newDialogue(user, mode);
  const res = await postCompletion(base, tokens[user], { conv_uid: conv, user_input: question, chat_mode: mode, select_param: db.database });
  return (await readCompletion(res)).frames;
}

const chartOf = (frames: Frame[]) => (frames.findLast((f) => f !== STREAM_DONE && f.object === 'chat.chart') as { chart: ChartView } | undefined)?.chart;
const textOf = (frames: Frame[]) => frames.map((f) => (f !== STREAM_DONE && f.object === 'chat.completion.chunk' ? f.choices[0].delta.content ?? '' : '')).join('');

describe('database chat', () => {
  it('lists the connections the user may use as mode parameters', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    for (const mode of ['chat_with_db_execute', 'chat_with_db_qa']) {
      const res = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.modeParams}?chat_mode=${mode}`, headers: bearer(tokens.demo), payload: {} });
      expect(res.json().data).toEqual(expect.arrayContaining([{ param: pgDb.database, type: 'postgresql' }, { param: myDb.database, type: 'mysql' }]));
      // lina holds no 数据库: the mode is refused outright (D89).
      const lina = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.modeParams}?chat_mode=${mode}`, headers: bearer(tokens.lina), payload: {} });
      expect(lina.statusCode).toBe(403);
    }
  });

  for (const kind of ['postgresql', 'mysql'] as const) {
    it(`answers with the query's result as a table and chart (${kind}); hidden tables never reach the model`, async (ctx) => {
      const db = kind === 'postgresql' ? pgDb : myDb;
      if (!db) return ctx.skip();
      const frames = await ask(db, '各地区的订单金额是多少？');
      // The rows come first as they are read, then the final chart replaces them.
      const charts = frames.filter((f) => f !== STREAM_DONE && f.object === 'chat.chart') as { chart: ChartView }[];
      expect(charts.length).toBeGreaterThanOrEqual(2);
      expect(charts[0].chart).toMatchObject({ type: 'response_table', description: expect.stringContaining('正在读取查询结果') });
      const chart = charts.at(-1)!.chart;
      expect(chart, JSON.stringify(frames).slice(0, 500)).toMatchObject({ type: 'response_bar_chart', x: 'region', y: ['amount'], db_name: db.database });
      expect(chart!.data).toHaveLength(4);
      const system = llm.stats.prompts.at(-1)![0].content;
      expect(system).toContain('表 orders（订单）');
      expect(system).toContain('销售地区');
      expect(system).not.toContain('salaries');
      expect(system).not.toContain(SECRET_MARK);
      const audited = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'db-query'), eq(auditLog.target, db.database)));
      expect(audited.at(-1)).toMatchObject({ result: 'success', actorUsername: 'demo' });
      expect(audited.at(-1)!.detail).toContain('SUM(amount)');
    });
  }

  it('gives a failing query back to the model once, then shows the corrected result', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const before = llm.stats.requests;
    const frames = await ask(pgDb, '列出订单 [bad-sql]');
    expect(llm.stats.requests - before).toBe(2);
    expect(textOf(frames)).toContain('已自动修正为');
    expect(chartOf(frames)?.data.length).toBeGreaterThan(0);
  });

  it('holds no database session while the model writes its correction (the user\'s limit stays free, D87)', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const saved = { perUser: t.config.dbChatMaxPerUser, wait: t.config.dbChatQueueMs };
    t.config.dbChatMaxPerUser = 1;
    t.config.dbChatQueueMs = 200;
    try {
      const before = llm.stats.requests;
      // The correction request (not streamed) waits 2 s at the model.
      const chat = ask(pgDb, '列出订单 [bad-sql] [delay:2000]', 'chat_with_db_execute', 'zhangwei');
      while (llm.stats.requests - before < 2) await new Promise((r) => setTimeout(r, 20));
      const editor = await t.app.inject({
        method: 'POST', url: DB_PATHS.sqlRun, headers: bearer(tokens.zhangwei), payload: { db_name: pgDb.database, sql: 'SELECT count(*) AS n FROM orders' },
      });
      expect(editor.json(), editor.body).toMatchObject({ success: true });
      expect(textOf(await chat)).toContain('已自动修正为');
    } finally {
      t.config.dbChatMaxPerUser = saved.perUser;
      t.config.dbChatQueueMs = saved.wait;
    }
  });

  it('refuses writes and hidden tables in Chinese; the tables do not change', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    for (const db of [pgDb, myDb]) {
      const sum = await db.checksum();
      const del = await ask(db, '删除所有订单');
      expect(textOf(del)).toMatch(/查询被拒绝：只允许只读查询/);
      // The refused SQL is shown, editable, without rows (issue 27 §6).
      expect(chartOf(del)).toMatchObject({ sql: expect.stringMatching(/DELETE FROM orders/i), columns: [], data: [], db_name: db.database });
      const hidden = await ask(db, '张三的工资是多少');
      expect(textOf(hidden)).toContain('查询被拒绝：不能访问表 salaries');
      expect(JSON.stringify(hidden)).not.toContain(SECRET_MARK);
      expect(await db.checksum()).toBe(sum);
    }
    const refusals = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'db-query'), eq(auditLog.result, 'failure')));
    expect(refusals.some((r) => r.detail.includes('已拒绝') && r.detail.includes('DELETE FROM orders'))).toBe(true);
  });

  it('chat_with_db_qa answers about the schema without running a query', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const before = (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'db-query'))).length;
    const frames = await ask(pgDb, '订单表有哪些字段？', 'chat_with_db_qa');
    expect(textOf(frames)).toContain('表 orders（订单）');
    expect(chartOf(frames)).toBeUndefined();
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'db-query'))).length).toBe(before);
  });

  it('refuses a connection the user may not use, before anything is stored', async (ctx) => {
    if (!pgDb) return ctx.skip();
    // A connection of zhangwei's granted to no role: his alone (D89), though demo holds 数据库 and the clearance.
    const own = `${pgDb.database}_own`;
    const added = await t.app.inject({
      method: 'POST', url: DB_PATHS.add, headers: bearer(tokens.zhangwei),
      payload: { db_type: 'postgresql', db_name: own, db_host: pgDb.host, db_port: pgDb.port, db_user: pgDb.user, db_pwd: pgDb.password, secrecy: 'internal' },
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
    const conv = await newDialogue('demo', 'chat_with_db_execute');
    const res = await postCompletion(base, tokens.demo, { conv_uid: conv, user_input: '订单数', chat_mode: 'chat_with_db_execute', select_param: own });
    const read = await readCompletion(res);
    expect(read.status).toBe(404);
    expect(read.json?.err_msg).toBe('数据库连接不存在或您无权使用');
  });
});
