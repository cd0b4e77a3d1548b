// The chat modes that read another page's data need that page's function on the server (issue 26 item 8, D89): a
// user without 数据库 cannot list, open or ask database chat, one without 工具库 cannot list, ask or confirm chat
// with tools, even for a connection or a tool set granted to one of the user's roles.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DB_PATHS, TOOL_PATHS } from '../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { MCP_TOKEN, startTestMcp, type TestMcp } from '../../tests/support/mcp-server';
import { roles } from '../db/schema';
import { parseOutboundAllow, type OutboundRule } from '../config-outbound';
import { createPgDatabase, externalOrSkip, type ExternalDb } from '../test-support/external-dbs';
import { bearer, signIn } from '../test-support/http';
import { postCompletion, readCompletion } from '../test-support/sse';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let mcp: TestMcp;
let pgDb: ExternalDb | null = null;
let base = '';
let setId = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [llm, mcp, pgDb] = await Promise.all([startFakeLlm(), startTestMcp(), externalOrSkip(createPgDatabase, 'PostgreSQL')]);
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 4 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, dbChatTimeoutMs: 3000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'zhangwei', 'lina']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  // Granted to 市场人员, lina's role, at 公开: lina lacks only the page functions (数据库, 工具库).
  const [{ id: market }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '市场人员'));
  if (pgDb) {
    const res = await post(DB_PATHS.add, 'zhangwei', {
      db_type: 'postgresql', db_name: pgDb.database, db_host: pgDb.host, db_port: pgDb.port, db_user: pgDb.user, db_pwd: pgDb.password,
      secrecy: 'public', review_role: String(market),
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
  }
  const set = await post(TOOL_PATHS.setAdd, 'zhangwei', { name: '市场工具', kind: 'mcp', url: mcp.url, credential: MCP_TOKEN, secrecy: 'public', review_role: String(market) });
  expect(set.statusCode, set.body).toBe(200);
  setId = set.json().data.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await mcp?.close();
  await pgDb?.drop();
});

function post(url: string, user: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });
}

async function normalDialogue(user: string): Promise<string> {
  return (await post(`${CHAT_PATHS.dialogueNew}?chat_mode=chat_normal`, user)).json().data.conv_uid;
}

describe('chat modes need their page function', () => {
  it('database chat is refused to a user without 数据库, for a connection granted to her role', async (ctx) => {
    if (!pgDb) return ctx.skip();
    for (const mode of ['chat_with_db_execute', 'chat_with_db_qa']) {
      const params = await post(`${CHAT_PATHS.modeParams}?chat_mode=${mode}`, 'lina');
      expect(params.statusCode, params.body).toBe(403);
      expect(params.json().err_msg).toMatch(/功能权限/);
      expect((await post(`${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, 'lina')).statusCode).toBe(403);
      const read = await readCompletion(await postCompletion(base, tokens.lina, {
        conv_uid: await normalDialogue('lina'), user_input: '有哪些表', chat_mode: mode, select_param: pgDb.database,
      }));
      expect(read.status).toBe(403);
      expect(read.json?.err_msg).toContain('数据库');
      expect(read.raw).not.toContain('orders');
    }
    // demo holds 数据库: the same calls answer.
    const demo = await post(`${CHAT_PATHS.modeParams}?chat_mode=chat_with_db_qa`, 'demo');
    expect(demo.statusCode).toBe(200);
  });

  it('chat with tools is refused to a user without 工具库: no listing, no answer, no confirmation', async () => {
    const params = await post(`${CHAT_PATHS.modeParams}?chat_mode=chat_agent`, 'lina');
    expect(params.statusCode, params.body).toBe(403);
    expect(params.json().err_msg).toContain('工具对话');
    const conv = await normalDialogue('lina');
    const read = await readCompletion(await postCompletion(base, tokens.lina, {
      conv_uid: conv, user_input: '查询订单', chat_mode: 'chat_agent', select_param: String(setId),
    }));
    expect(read.status).toBe(403);
    expect(read.json?.err_msg).toContain('工具对话');
    const confirm = await post(CHAT_PATHS.toolConfirm, 'lina', { conv_uid: conv, call_id: 'x', approve: true });
    expect(confirm.statusCode).toBe(403);
    const demo = await post(`${CHAT_PATHS.modeParams}?chat_mode=chat_agent`, 'demo');
    expect(demo.statusCode).toBe(200);
  });
});
