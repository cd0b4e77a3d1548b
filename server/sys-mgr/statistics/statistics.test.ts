// 统计's figures against seeded data (D64, D65): the audit rollup equals counting the entries themselves, and the
// chat, document and model figures come from real answers through the fake model and from stored rows.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { chatFiles, knowledgeDocuments, knowledgeSpaces } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { postCompletion, readCompletion } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { usageStatistics, type StatisticsQuery } from './statistics';

let t: TestApp;
let llm: FakeLlm;
let base = '';
const tokens: Record<string, string> = {};
const ids: Record<string, { id: number; dept: number }> = {};

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ config: { llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 1 }], llmTimeoutMs: 10_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'staff']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  const users = (await t.deps.db.execute(sql`SELECT id, username, dept_id FROM users WHERE username IN ('staff', 'demo', 'lina')`)) as unknown as {
    rows: { id: number; username: string; dept_id: number }[];
  };
  for (const r of users.rows) ids[r.username] = { id: r.id, dept: r.dept_id };
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

type Rows<T> = { rows: T[] };

/** The figures counted from the audit entries themselves (D57's query before the rollup). */
async function direct(q: StatisticsQuery) {
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(new Date(`${q.endDate}T00:00:00+08:00`).getTime() + 86_400_000);
  const scope = q.deptId === undefined ? sql`` : sql`AND a.actor_id IN (SELECT u.id FROM users u WHERE u.dept_id IN (
    WITH RECURSIVE sub AS (SELECT id FROM departments WHERE id = ${q.deptId} UNION ALL SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id)
    SELECT id FROM sub))`;
  const where = sql`a.at >= ${from.toISOString()}::timestamptz AND a.at < ${to.toISOString()}::timestamptz ${scope}`;
  const days = (await t.deps.db.execute(sql`
    SELECT to_char(a.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, count(*)::int AS operations,
      count(DISTINCT a.actor_id)::int AS "activeUsers",
      count(*) FILTER (WHERE a.action = 'login' AND a.result = 'success')::int AS logins,
      count(*) FILTER (WHERE a.result <> 'success')::int AS failures
    FROM audit_log a WHERE ${where} GROUP BY 1 ORDER BY 1`)) as unknown as Rows<{ day: string }>;
  const actions = (await t.deps.db.execute(sql`SELECT a.action, count(*)::int AS count FROM audit_log a WHERE ${where}
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`)) as unknown as Rows<{ action: string; count: number }>;
  return { days: days.rows, topActions: actions.rows };
}

describe('统计: the audit rollup (D64)', () => {
  it('gives exactly the figures of counting the entries, today and a department included', async () => {
    const now = t.clock.now();
    // 2,000 entries over the last 12 days up to now (today in Beijing included) in one statement, from three users and
    // the system (no actor), a fiftieth failed; then single inserts as the server writes them, today.
    const people = [ids.staff.id, ids.demo.id, ids.lina.id];
    await t.deps.db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_username, action, result)
      SELECT ${now.toISOString()}::timestamptz - (g * 523) * interval '1 second',
        CASE WHEN g % 11 = 0 THEN NULL ELSE (${sql.param(people)}::int[])[1 + g % 3] END, 'x',
        (ARRAY['login', 'logout', 'doc-upload', 'space-update'])[1 + (g / 3) % 4], CASE WHEN g % 50 = 0 THEN 'failure' ELSE 'success' END
      FROM generate_series(0, 1999) g`);
    for (const [who, action, result] of [['staff', 'login', 'success'], ['lina', 'login', 'failure'], ['demo', 'doc-upload', 'success']] as const) {
      await t.deps.db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_username, action, result)
        VALUES (${now.toISOString()}::timestamptz, ${ids[who].id}, ${who}, ${action}, ${result})`);
    }
    const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const start = new Date(now.getTime() + 8 * 3_600_000 - 11 * 86_400_000).toISOString().slice(0, 10);
    for (const q of [
      { startDate: start, endDate: today }, { startDate: today, endDate: today }, { startDate: start, endDate: today, deptId: ids.staff.dept },
      { startDate: start, endDate: today, deptId: -2 },
    ] satisfies StatisticsQuery[]) {
      const rolled = await usageStatistics(t.deps, q);
      const counted = await direct(q);
      expect(rolled.days, JSON.stringify(q)).toEqual(counted.days);
      expect(rolled.topActions, JSON.stringify(q)).toEqual(counted.topActions);
      expect(rolled.days.length).toBeGreaterThan(0);
    }
    const todays = (await usageStatistics(t.deps, { startDate: today, endDate: today })).days;
    expect(todays).toHaveLength(1);
    expect(todays[0].failures).toBeGreaterThanOrEqual(1);
    // The department narrows: the whole range's operations with a department are fewer than without.
    const all = (await usageStatistics(t.deps, { startDate: start, endDate: today })).days.reduce((n, d) => n + d.operations, 0);
    const dept = (await usageStatistics(t.deps, { startDate: start, endDate: today, deptId: ids.staff.dept })).days.reduce((n, d) => n + d.operations, 0);
    expect(dept).toBeLessThan(all);
    expect(dept).toBeGreaterThan(0);
  });
});

async function dialogue(user: string, mode: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, headers: bearer(tokens[user]), payload: {} });
  return res.json().data.conv_uid;
}
const ask = async (user: string, conv: string, question: string, mode: string, selectParam?: string) =>
  readCompletion(await postCompletion(base, tokens[user], { conv_uid: conv, user_input: question, chat_mode: mode, select_param: selectParam }));

describe('统计: questions, spaces, documents, failures and models (D65)', () => {
  it('counts answers per day and mode, times the model and its queue, ranks the spaces asked', async () => {
    const [a, b] = [await dialogue('demo', 'chat_normal'), await dialogue('staff', 'chat_normal')];
    // The model takes one answer at a time: the second waits in its queue while the first streams slowly.
    const first = ask('demo', a, '[slow:30] 介绍一下差旅制度', 'chat_normal');
    await new Promise((r) => setTimeout(r, 60));
    const second = ask('staff', b, '你好', 'chat_normal');
    expect((await first).text.length).toBeGreaterThan(0);
    expect((await second).text.length).toBeGreaterThan(0);
    await t.deps.db.insert(knowledgeSpaces).values({ name: '制度库', ownerId: ids.demo.id, createdAt: t.clock.now(), updatedAt: t.clock.now() });
    const k = await dialogue('demo', 'chat_knowledge');
    await ask('demo', k, '报销标准是什么', 'chat_knowledge', '制度库');
    await ask('demo', k, '出差补贴多少', 'chat_knowledge', '制度库');

    // Each answer's row is written just after its stream has ended.
    await expect.poll(async () => ((await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM chat_answer_stats`)) as unknown as Rows<{ n: number }>).rows[0].n)
      .toBe(4);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const stats = await usageStatistics(t.deps, { startDate: today, endDate: today });
    expect(stats.questions).toEqual([
      { day: today, mode: '知识库问答', questions: 2 },
      { day: today, mode: '普通对话', questions: 2 },
    ]);
    expect(stats.topSpaces).toEqual([{ space: '制度库', questions: 2 }]);
    // Knowledge chat without passages answers without the model: only the two normal answers are timed.
    const [model] = stats.models;
    expect(model.model).toBe('fake-chat');
    expect(model.firstTokenMs).not.toBeNull();
    expect(model.tokensPerSecond).toBeGreaterThan(0);
    expect(model.queueWaitMaxMs).toBeGreaterThanOrEqual(30);
    expect(model.firstTokenP90Ms).toBeGreaterThanOrEqual(model.firstTokenMs!);
    // The time to the first text includes the wait in the queue (as the user waits it).
    const timed = (await t.deps.db.execute(sql`SELECT queue_wait_ms AS queued, first_token_ms AS first FROM chat_answer_stats
      WHERE first_token_ms IS NOT NULL ORDER BY queue_wait_ms`)) as unknown as Rows<{ queued: number; first: number }>;
    expect(timed.rows).toHaveLength(2);
    expect(timed.rows[1].queued).toBe(model.queueWaitMaxMs);
    expect(timed.rows[1].first).toBeGreaterThanOrEqual(timed.rows[1].queued);

    // A department: only its users' questions.
    const staffOnly = await usageStatistics(t.deps, { startDate: today, endDate: today, deptId: ids.staff.dept });
    const staffQuestions = staffOnly.questions.reduce((n, d) => n + d.questions, 0);
    expect(staffQuestions).toBe(ids.staff.dept === ids.demo.dept ? 4 : 1);
  });

  it('counts documents and chunks per space and grade, and processing failures by reason', async () => {
    const now = t.clock.now();
    const [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '产品手册', ownerId: ids.demo.id, createdAt: now, updatedAt: now }).returning();
    const doc = (name: string, secrecy: string, chunks: number, status = 'FINISHED', result = '', createdAt = now) => ({
      spaceId: space.id, docName: name, contentType: 'text/plain', filePath: `x/${name}`, size: 1, sha256: name, secrecy,
      ownerId: ids.demo.id, status, result, chunkCount: chunks, createdAt, updatedAt: createdAt,
    });
    await t.deps.db.insert(knowledgeDocuments).values([
      doc('a.txt', 'public', 10), doc('b.txt', 'public', 5), doc('c.txt', 'secret', 7),
      doc('d.pdf', 'internal', 0, 'FAILED', '文件已损坏，无法解析'), doc('e.pdf', 'internal', 0, 'FAILED', '文件已损坏，无法解析'),
      doc('old.txt', 'public', 99, 'FINISHED', '', new Date(now.getTime() - 40 * 86_400_000)),
    ]);
    const conv = await dialogue('staff', 'chat_normal');
    const found = (await t.deps.db.execute(sql`SELECT id FROM chat_dialogues WHERE conv_uid = ${conv}`)) as unknown as Rows<{ id: number }>;
    const dialogueId = found.rows[0].id;
    await t.deps.db.insert(chatFiles).values({
      dialogueId, ownerId: ids.staff.id, kind: 'document', fileName: 'f.docx', storedPath: 'x/f', size: 1, status: 'FAILED', result: '不支持的文件格式',
      createdAt: now, updatedAt: now,
    });
    const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const stats = await usageStatistics(t.deps, { startDate: today, endDate: today });
    expect(stats.documents.filter((d) => d.space === '产品手册')).toEqual([
      { space: '产品手册', grade: '公开', documents: 2, chunks: 15 },
      { space: '产品手册', grade: '内部', documents: 2, chunks: 0 },
      { space: '产品手册', grade: '秘密', documents: 1, chunks: 7 },
    ]);
    expect(stats.processingFailures).toEqual([
      { source: '知识库文档', reason: '文件已损坏，无法解析', count: 2 },
      { source: '对话文件', reason: '不支持的文件格式', count: 1 },
    ]);
    if (ids.staff.dept !== ids.demo.dept) {
      const staffOnly = await usageStatistics(t.deps, { startDate: today, endDate: today, deptId: ids.staff.dept });
      expect(staffOnly.processingFailures).toEqual([{ source: '对话文件', reason: '不支持的文件格式', count: 1 }]);
      expect(staffOnly.documents.filter((d) => d.space === '产品手册')).toEqual([]);
    }
  });
});
