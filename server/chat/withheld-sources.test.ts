// Stored results are withheld once the right to read them is gone (issue 26 item 7, D89, as D23 for knowledge
// answers): a database-chat answer after its connection is regraded above the user's clearance or limited to roles
// the user lacks (history without its text, table or chart, and left out of what the model is sent), and a
// test-case generation made from a knowledge document after the document is regraded above the owner's clearance.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DB_PATHS, STREAM_DONE, TESTCASE_PATHS, type ChatMessage } from '../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { knowledgeDocuments, knowledgeSpaces, roles, users } from '../db/schema';
import { absolute, documentFilePath } from '../knowledge/storage';
import { parseOutboundAllow, type OutboundRule } from '../config-outbound';
import { createPgDatabase, externalOrSkip, type ExternalDb } from '../test-support/external-dbs';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { postCompletion, readCompletion } from '../test-support/sse';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { WITHHELD_DB_ANSWER } from './withheld';

let t: TestApp;
let llm: FakeLlm;
let pgDb: ExternalDb | null = null;
let base = '';
const roleIds: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [llm, pgDb] = await Promise.all([startFakeLlm(), externalOrSkip(createPgDatabase, 'PostgreSQL')]);
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 4 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, dbChatTimeoutMs: 3000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // wangfang: 研发人员, clearance 内部. zhangwei: 研发人员 and 部门负责人, clearance 机密.
  for (const u of ['wangfang', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  for (const r of await t.deps.db.select().from(roles)) roleIds[r.name] = r.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await pgDb?.drop();
});

const post = (url: string, user: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });
const history = async (conv: string): Promise<ChatMessage[]> =>
  (await t.app.inject({ method: 'GET', url: `${CHAT_PATHS.history}?con_uid=${conv}`, headers: bearer(tokens.wangfang) })).json().data;

describe('stored results outlive no right to read them', () => {
  it('a database-chat answer is withheld after its connection is limited to other roles or regraded above the user', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const db = pgDb;
    const grant = async (extra: object) => {
      const res = await post(DB_PATHS.edit, 'zhangwei', {
        db_type: 'postgresql', db_name: db.database, db_host: db.host, db_port: db.port, db_user: db.user, secrecy: 'internal',
        allowed_tables: 'orders,customers', review_role: String(roleIds['研发人员']), ...extra,
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
    };
    const added = await post(DB_PATHS.add, 'zhangwei', {
      db_type: 'postgresql', db_name: db.database, db_host: db.host, db_port: db.port, db_user: db.user, db_pwd: db.password, secrecy: 'internal',
      allowed_tables: 'orders,customers', review_role: String(roleIds['研发人员']),
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
    const conv = (await post(`${CHAT_PATHS.dialogueNew}?chat_mode=chat_with_db_execute`, 'wangfang')).json().data.conv_uid;
    const read = await readCompletion(await postCompletion(base, tokens.wangfang, {
      conv_uid: conv, user_input: '各地区的订单金额是多少？', chat_mode: 'chat_with_db_execute', select_param: db.database,
    }));
    expect(read.frames.some((f) => f !== STREAM_DONE && f.object === 'chat.chart')).toBe(true);
    const shown = (await history(conv)).find((m) => m.role === 'view')!;
    expect(shown.chart?.data?.length).toBe(4);

    for (const change of [{ review_role: String(roleIds['部门负责人']) }, { secrecy: 'confidential' }]) {
      await grant(change);
      const answer = (await history(conv)).find((m) => m.role === 'view')!;
      expect(answer.context).toBe(WITHHELD_DB_ANSWER);
      expect(answer.chart).toBeUndefined();
      expect((await history(conv)).find((m) => m.role === 'human')?.context).toBe('各地区的订单金额是多少？');
      // Nor is it sent to the model again with the next question.
      const next = await readCompletion(await postCompletion(base, tokens.wangfang, { conv_uid: conv, user_input: '总结一下', chat_mode: 'chat_normal' }));
      expect(next.status).toBe(200);
      const sent = JSON.stringify(llm.stats.prompts.at(-1));
      expect(sent).not.toMatch(/SUM\(amount\)/i);
      await grant({});
      expect((await history(conv)).find((m) => m.role === 'view')!.chart?.data?.length).toBe(4);
    }
  });

  it('a test-case generation from a knowledge document is withheld after the document is regraded above its owner', async () => {
    const [owner] = await t.deps.db.select().from(users).where(eq(users.username, 'zhangwei'));
    const now = t.clock.now();
    const [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '需求空间', ownerId: owner.id, createdAt: now, updatedAt: now }).returning();
    const text = '账号需求\n第一条 用户名由字母开头，长度为 4 至 20 个字符。\n第二条 管理员可以停用账号。';
    const [doc] = await t.deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: '账号需求.txt', contentType: 'text/plain', filePath: 'files/pending.txt', size: Buffer.byteLength(text), sha256: 'x',
      secrecy: 'internal', ownerId: owner.id, status: 'FINISHED', result: '', chunkCount: 1, createdAt: now, updatedAt: now,
    }).returning();
    const filePath = documentFilePath(space.id, doc.id, 'txt');
    fs.mkdirSync(path.dirname(absolute(t.deps.config, filePath)), { recursive: true });
    fs.writeFileSync(absolute(t.deps.config, filePath), text);
    await t.deps.db.update(knowledgeDocuments).set({ filePath }).where(eq(knowledgeDocuments.id, doc.id));

    const body = multipartBody({ doc_id: String(doc.id), start: 'false' }, []);
    const made = await t.app.inject({ method: 'POST', url: TESTCASE_PATHS.generate, headers: { ...bearer(tokens.wangfang), ...body.headers }, payload: body.payload });
    expect(made.statusCode, made.body).toBe(200);
    const uid = made.json().data.generation_id as string;
    const listed = async () => ((await post(TESTCASE_PATHS.list, 'wangfang', {})).json().data.data as { generation_id: string }[]).map((g) => g.generation_id);
    const detail = () => post(TESTCASE_PATHS.detail, 'wangfang', { generation_id: uid });
    expect(await listed()).toContain(uid);
    expect((await detail()).body).toContain('用户名由字母开头');

    await t.deps.db.update(knowledgeDocuments).set({ secrecy: 'confidential' }).where(eq(knowledgeDocuments.id, doc.id));
    expect(await listed()).not.toContain(uid);
    const hidden = await detail();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('用户名由字母开头');
    const file = await post(TESTCASE_PATHS.export, 'wangfang', { generation_id: uid, format: 'xlsx' });
    expect(file.statusCode).toBe(404);
    // Readable again, shown again: nothing was deleted.
    await t.deps.db.update(knowledgeDocuments).set({ secrecy: 'internal' }).where(eq(knowledgeDocuments.id, doc.id));
    expect((await detail()).body).toContain('用户名由字母开头');
  });
});
