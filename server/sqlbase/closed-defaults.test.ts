// Closed defaults (issue 26 item 8, D89): a new connection or tool set with nothing granted is its owner's alone,
// a new set's 写入 / 对外发送 tools start switched off, and database chat sends sample rows only where the
// connection's switch (off by default) is on, with a prompt that says what they are.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DB_PATHS, TOOL_PATHS, type DbConnection, type ToolItem } from '../../contract/api';
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
let devRole = 0;
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
  for (const u of ['demo', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  [{ id: devRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '研发人员'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await mcp?.close();
  await pgDb?.drop();
});

const post = (url: string, user: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });
const listed = async (user: string): Promise<string[]> => ((await t.app.inject({ method: 'GET', url: DB_PATHS.list, headers: bearer(tokens[user]) })).json().data as DbConnection[])
  .map((c) => c.db_name);
const connection = (db: ExternalDb, extra: object = {}) => ({
  db_type: 'postgresql', db_name: db.database, db_host: db.host, db_port: db.port, db_user: db.user, db_pwd: db.password, secrecy: 'internal', ...extra,
});

async function askQa(user: string, dbName: string) {
  const conv = (await post(`${CHAT_PATHS.dialogueNew}?chat_mode=chat_with_db_qa`, user)).json().data.conv_uid;
  return readCompletion(await postCompletion(base, tokens[user], { conv_uid: conv, user_input: '订单表有哪些字段', chat_mode: 'chat_with_db_qa', select_param: dbName }));
}

describe('closed defaults', () => {
  it('a new connection with no role granted is its owner’s alone until a role is granted', async (ctx) => {
    if (!pgDb) return ctx.skip();
    expect((await post(DB_PATHS.add, 'zhangwei', connection(pgDb))).json()).toMatchObject({ success: true });
    expect(await listed('zhangwei')).toContain(pgDb.database);
    // demo holds 数据库 and a clearance above the grade: still not hers.
    expect(await listed('demo')).not.toContain(pgDb.database);
    const params = await post(`${CHAT_PATHS.modeParams}?chat_mode=chat_with_db_qa`, 'demo');
    expect(params.json().data.map((p: { param: string }) => p.param)).not.toContain(pgDb.database);
    expect((await askQa('demo', pgDb.database)).status).toBe(404);
    const [own] = ((await t.app.inject({ method: 'GET', url: DB_PATHS.list, headers: bearer(tokens.zhangwei) })).json().data as DbConnection[]);
    expect(own).toMatchObject({ open_to_all: false, sample_rows: false });

    expect((await post(DB_PATHS.edit, 'zhangwei', connection(pgDb, { db_pwd: '', review_role: String(devRole) }))).json()).toMatchObject({ success: true });
    expect(await listed('demo')).toContain(pgDb.database);
  });

  it('database chat sends sample rows only when the connection’s switch is on, and says what they are', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const systemOf = () => llm.stats.prompts.at(-1)!.find((m) => m.role === 'system')!.content as string;
    expect((await askQa('zhangwei', pgDb.database)).status).toBe(200);
    expect(systemOf()).not.toContain('示例数据');
    expect(systemOf()).toContain('不知道表中的具体数据');
    expect((await post(DB_PATHS.edit, 'zhangwei', connection(pgDb, { db_pwd: '', review_role: String(devRole), sample_rows: true }))).json()).toMatchObject({ success: true });
    expect((await askQa('zhangwei', pgDb.database)).status).toBe(200);
    expect(systemOf()).toContain('示例数据');
    expect(systemOf()).not.toContain('不知道表中的具体数据');
  });

  it('a new tool set with nothing granted is used by nobody until a role or department is granted; its 写入 / 对外发送 tools start off', async () => {
    const add = await post(TOOL_PATHS.setAdd, 'zhangwei', { name: '新工具集', kind: 'mcp', url: mcp.url, credential: MCP_TOKEN, secrecy: 'internal' });
    expect(add.statusCode, add.body).toBe(200);
    const set = add.json().data;
    expect(set.open_to_all).toBe(false);
    const toolsOf = async () => (await post(TOOL_PATHS.list, 'zhangwei', { set_id: set.id })).json().data as ToolItem[];
    const tools = await toolsOf();
    expect(tools.length).toBeGreaterThan(2);
    for (const tool of tools) expect({ name: tool.name, enabled: tool.enabled }).toEqual({ name: tool.name, enabled: tool.risk === 'read' });
    expect(tools.some((tool) => tool.risk !== 'read')).toBe(true);

    const agentParams = async (user: string) => ((await post(`${CHAT_PATHS.modeParams}?chat_mode=chat_agent`, user)).json().data as { param: string }[]).map((p) => p.param);
    // Its owner sees it in the tools base, unusable; demo (工具库, no manager) not at all; in chat, neither.
    const listedFor = async (user: string) => ((await post(TOOL_PATHS.setList, user)).json().data as { id: number; usable: boolean }[]).find((s) => s.id === set.id);
    expect(await listedFor('zhangwei')).toMatchObject({ usable: false });
    expect(await listedFor('demo')).toBeUndefined();
    expect(await agentParams('zhangwei')).not.toContain(String(set.id));
    expect(await agentParams('demo')).not.toContain(String(set.id));
    const edit = await post(TOOL_PATHS.setEdit, 'zhangwei', { id: set.id, name: '新工具集', kind: 'mcp', url: mcp.url, secrecy: 'internal', review_role: String(devRole) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await agentParams('demo')).toContain(String(set.id));
    expect(await agentParams('zhangwei')).toContain(String(set.id));
  });
});
