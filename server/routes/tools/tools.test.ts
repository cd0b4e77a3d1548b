// Tools base against a real MCP server and a real OpenAPI-described HTTP service on loopback (issue 15): who may
// add sets and who may use them (roles, departments), calls refused where they happen (not granted, switched off,
// unconfirmed 写入 / 对外发送, bad arguments), credentials never in an answer, a log line or plain text at rest,
// the outbound host rule, timeouts and result caps, and every call in the audit log without argument values.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_LIMITS, TOOL_PATHS, type ToolItem, type ToolSet } from '../../../contract/api';
import { auditLog, departments, roles, toolSets, users } from '../../db/schema';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { runTool } from '../../tools/call';
import { startTestMcp, MCP_TOKEN, type TestMcp } from '../../../tests/support/mcp-server';
import { API_KEY, startTestOpenApi, type TestOpenApi } from '../../../tests/support/openapi-service';
import { viewerOf } from '../../knowledge/visibility';
import { formatDateTime } from '../../http/date-time';

let t: TestApp;
let mcp: TestMcp;
let api: TestOpenApi;
const tokens: Record<string, string> = {};
const logLines: string[] = [];
let leaderRole = 0;
let testDept = 0;

beforeAll(async () => {
  [mcp, api] = await Promise.all([startTestMcp(), startTestOpenApi()]);
  t = await createTestApp({
    config: { outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, logLevel: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  for (const u of ['demo', 'staff', 'zhangwei', 'wangfang', 'lina']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  [{ id: leaderRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '部门负责人'));
  [{ id: testDept }] = await t.deps.db.select({ id: departments.id }).from(departments).where(eq(departments.name, '测试部'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mcp?.close();
  await api?.close();
});

function post(url: string, user: string, body: unknown = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body as object });
}
const mcpSet = (extra: Record<string, unknown> = {}) => ({
  name: '工单与订单', kind: 'mcp', url: mcp.url, credential: MCP_TOKEN, secrecy: 'internal', description: '订单查询、工单、邮件', ...extra,
});
async function setNamed(name: string, user = 'zhangwei'): Promise<ToolSet | undefined> {
  const res = await post(TOOL_PATHS.setList, user, {});
  return (res.json().data as ToolSet[]).find((s) => s.name === name);
}
async function toolsOf(setId: number, user = 'zhangwei'): Promise<ToolItem[]> {
  const res = await post(TOOL_PATHS.list, user, { set_id: setId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ToolItem[];
}
const toolNamed = async (setId: number, name: string) => (await toolsOf(setId)).find((x) => x.name === name)!;
/** Switches every tool of a set on, as an administrator does for 写入 / 对外发送 tools (they start off, D89). */
async function enableAll(setId: number): Promise<void> {
  for (const tool of await toolsOf(setId)) {
    if (!tool.enabled) expect((await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: tool.id, enabled: true })).statusCode).toBe(200);
  }
}

describe('tool sets', () => {
  it('only holders of the 工具库 buttons add sets; the MCP server’s tools are read with their classes from annotations', async () => {
    expect((await post(TOOL_PATHS.setAdd, 'demo', mcpSet())).statusCode).toBe(403);
    expect((await post(TOOL_PATHS.setAdd, 'staff', mcpSet())).statusCode).toBe(403);
    expect((await post(TOOL_PATHS.setAdd, 'sysadmin', mcpSet())).statusCode).toBe(403);
    const added = await post(TOOL_PATHS.setAdd, 'zhangwei', mcpSet({ review_role: String(leaderRole), dept_ids: String(testDept) }));
    expect(added.statusCode, added.body).toBe(200);
    const set = added.json().data as ToolSet;
    // The 写入 and 对外发送 tools start switched off (D89).
    expect(set).toMatchObject({ kind: 'mcp', has_credential: true, tool_count: 5, enabled_count: 3, refresh_error: '', usable: true });
    const byName = Object.fromEntries((await toolsOf(set.id)).map((x) => [x.name, x.risk_name]));
    expect(byName).toEqual({ lookup_order: '只读', create_ticket: '写入', send_mail: '对外发送', slow_report: '只读', big_export: '只读' });
    await enableAll(set.id);
    // The same name again is refused in Chinese.
    const again = await post(TOOL_PATHS.setAdd, 'zhangwei', mcpSet());
    expect(again.statusCode).toBe(400);
    expect(again.json().err_msg ?? again.body).toContain('工具集名称已存在');
  });

  it('answers its date-times as YYYY-MM-DD HH:mm:ss in the server time zone, as documents do (spec §9)', async () => {
    const set = (await setNamed('工单与订单'))!;
    const [row] = await t.deps.db.select().from(toolSets).where(eq(toolSets.id, set.id));
    expect(set.gmt_created).toBe(formatDateTime(row.createdAt));
    expect(set.gmt_modified).toBe(formatDateTime(row.updatedAt));
    expect(set.refreshed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('never answers, logs or stores the credential in plain text', async () => {
    const list = await post(TOOL_PATHS.setList, 'zhangwei', {});
    expect(list.body).not.toContain(MCP_TOKEN);
    const [row] = await t.deps.db.select().from(toolSets).where(eq(toolSets.name, '工单与订单'));
    expect(row.credentialEnc).toBeTruthy();
    expect(row.credentialEnc).not.toContain(MCP_TOKEN);
    expect(logLines.join('\n')).not.toContain(MCP_TOKEN);
    const audits = await t.deps.db.select().from(auditLog).where(like(auditLog.action, 'toolset-%'));
    expect(JSON.stringify(audits)).not.toContain(MCP_TOKEN);
    // The server still sends it: the MCP server took the refresh.
    expect(mcp.calls.every((c) => c.authorization === `Bearer ${MCP_TOKEN}`)).toBe(true);
  });

  it('shows a set to whom it is granted (a role, or the department at or below a listed one), never to others', async () => {
    // zhangwei: 部门负责人; wangfang: 测试部; demo: neither (研发人员 in 软件研发部); lina, staff: neither.
    expect(await setNamed('工单与订单', 'wangfang')).toMatchObject({ usable: true });
    expect(await setNamed('工单与订单', 'demo')).toBeUndefined();
    // lina and staff hold no 工具库 at all: the page's calls are refused outright.
    expect((await post(TOOL_PATHS.setList, 'lina', {})).statusCode).toBe(403);
    const set = (await setNamed('工单与订单'))!;
    expect((await post(TOOL_PATHS.list, 'demo', { set_id: set.id })).statusCode).toBe(404);
  });

  it('refuses an MCP server on a loopback address unless OUTBOUND_ALLOW names it', async () => {
    const strict = await createTestApp({});
    try {
      const token = await signIn(strict.app, 'zhangwei', TEST_DEMO_PASSWORD);
      const res = await strict.app.inject({ method: 'POST', url: TOOL_PATHS.setAdd, headers: bearer(token), payload: mcpSet({ name: '本机服务' }) });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as ToolSet).refresh_error).toContain('OUTBOUND_ALLOW');
      expect((res.json().data as ToolSet).tool_count).toBe(0);
      const metadata = await strict.app.inject({
        method: 'POST', url: TOOL_PATHS.setAdd, headers: bearer(token), payload: mcpSet({ name: '元数据', url: 'http://169.254.169.254/latest/meta-data/' }),
      });
      expect((metadata.json().data as ToolSet).refresh_error).toContain('OUTBOUND_ALLOW');
    } finally {
      await strict.close();
    }
  });
});

describe('calling a tool', () => {
  it('runs a read tool for a granted user and records who, what and how long, without the argument values', async () => {
    const set = (await setNamed('工单与订单'))!;
    const lookup = await toolNamed(set.id, 'lookup_order');
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: lookup.id, arguments: { order_id: 'SO-778899' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ content: '订单 SO-778899：已发货，预计 2 天送达', is_error: false, truncated: false });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'tool-call')).orderBy(auditLog.id);
    expect(audit).toMatchObject({ actorUsername: 'wangfang', target: '工单与订单 / lookup_order' });
    expect(audit.detail).toContain('order_id');
    expect(audit.detail).not.toContain('SO-778899');
  });

  it('refuses a forged call to a tool of a set the user is not granted, before it reaches the tool', async () => {
    const set = (await setNamed('工单与订单'))!;
    const lookup = await toolNamed(set.id, 'lookup_order');
    const before = mcp.calls.length;
    const res = await post(TOOL_PATHS.call, 'demo', { tool_id: lookup.id, arguments: { order_id: 'SO-1' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().err_msg ?? res.body).toContain('工具不存在或您无权使用');
    for (const user of ['lina', 'staff']) {
      expect((await post(TOOL_PATHS.call, user, { tool_id: lookup.id, arguments: { order_id: 'SO-1' } })).statusCode).toBe(403);
    }
    expect((await post(TOOL_PATHS.call, 'sysadmin', { tool_id: lookup.id, arguments: { order_id: 'SO-1' } })).statusCode).toBe(403);
    expect(mcp.calls.length).toBe(before);
    const refused = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'tool-call'));
    expect(refused.filter((a) => a.result !== 'success' && a.actorUsername === 'demo').length).toBeGreaterThan(0);
  });

  it('asks for confirmation before a 写入 or 对外发送 tool runs, and runs it once confirmed', async () => {
    const set = (await setNamed('工单与订单'))!;
    const before = mcp.calls.length;
    for (const name of ['create_ticket', 'send_mail']) {
      const tool = await toolNamed(set.id, name);
      const args = name === 'create_ticket' ? { title: '打印机故障' } : { to: 'a@example.com', body: '你好' };
      const res = await post(TOOL_PATHS.call, 'zhangwei', { tool_id: tool.id, arguments: args });
      expect(res.statusCode).toBe(409);
      expect(res.json().err_msg ?? res.body).toContain('需要确认');
    }
    expect(mcp.calls.length).toBe(before);
    const ticket = await toolNamed(set.id, 'create_ticket');
    const ok = await post(TOOL_PATHS.call, 'zhangwei', { tool_id: ticket.id, arguments: { title: '打印机故障' }, confirm: true });
    expect(ok.json().data.content).toContain('T-1001');
  });

  it('checks arguments against the tool’s schema, in Chinese, before calling', async () => {
    const set = (await setNamed('工单与订单'))!;
    const ticket = await toolNamed(set.id, 'create_ticket');
    const before = mcp.calls.length;
    const missing = await post(TOOL_PATHS.call, 'zhangwei', { tool_id: ticket.id, arguments: {}, confirm: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().err_msg ?? missing.body).toContain('缺少参数：title');
    const wrong = await post(TOOL_PATHS.call, 'zhangwei', { tool_id: ticket.id, arguments: { title: 'x', priority: 'high' }, confirm: true });
    expect(wrong.json().err_msg ?? wrong.body).toContain('priority');
    expect(mcp.calls.length).toBe(before);
  });

  it('a tool switched off is refused when called; switching is a 工具库 button', async () => {
    const set = (await setNamed('工单与订单'))!;
    const lookup = await toolNamed(set.id, 'lookup_order');
    expect((await post(TOOL_PATHS.edit, 'wangfang', { tool_id: lookup.id, enabled: false })).statusCode).toBe(403);
    expect((await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: lookup.id, enabled: false })).json().data).toMatchObject({ enabled: false });
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: lookup.id, arguments: { order_id: 'SO-2' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().err_msg ?? res.body).toContain('该工具已停用');
    expect((await setNamed('工单与订单'))!.enabled_count).toBe(4);
    // A refresh keeps the switch and an administrator's class.
    const mail = await toolNamed(set.id, 'send_mail');
    await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: mail.id, risk: 'write' });
    expect((await post(TOOL_PATHS.setRefresh, 'zhangwei', { id: set.id })).statusCode).toBe(200);
    expect(await toolNamed(set.id, 'lookup_order')).toMatchObject({ enabled: false });
    expect(await toolNamed(set.id, 'send_mail')).toMatchObject({ risk: 'write', risk_overridden: true });
    await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: lookup.id, enabled: true });
  });

  it('ends a call at its timeout and stops reading an MCP answer over the cap (D88: refused, said in Chinese)', async () => {
    const set = (await setNamed('工单与订单'))!;
    const user = { ...(await viewerOf(t.deps, { id: (await t.deps.db.select().from(users).where(eq(users.username, 'zhangwei')))[0].id, clearance: 'confidential' } as never)), deptId: 0 };
    const slow = await toolNamed(set.id, 'slow_report');
    const started = Date.now();
    await expect(runTool(t.deps, user, slow.id, { ms: 5000 }, { confirmed: false, timeoutMs: 300 })).rejects.toThrow(/超时/);
    expect(Date.now() - started).toBeLessThan(3000);
    const big = await toolNamed(set.id, 'big_export');
    // A JSON-RPC answer cannot be used in part: over the cap (256 KB by default) it is not read further.
    const res = await post(TOOL_PATHS.call, 'zhangwei', { tool_id: big.id, arguments: {} });
    expect(res.statusCode).toBe(502);
    expect(res.json().err_msg).toContain(`工具服务的响应超过 ${TOOL_LIMITS.resultMaxBytes / 1024} KB`);
  });
});

describe('OpenAPI tool sets', () => {
  it('makes each operation a tool (GET reads, POST writes) and calls it with the key in its header', async () => {
    const added = await post(TOOL_PATHS.setAdd, 'zhangwei', {
      name: '资产接口', kind: 'openapi', spec: api.spec, credential: API_KEY, auth_header: 'X-API-Key', secrecy: 'public', dept_ids: String(testDept),
    });
    expect(added.statusCode, added.body).toBe(200);
    const set = added.json().data as ToolSet;
    expect(set).toMatchObject({ tool_count: 2, refresh_error: '' });
    const list = await toolsOf(set.id);
    expect(Object.fromEntries(list.map((x) => [x.name, x.risk]))).toEqual({ getAsset: 'read', createAsset: 'write' });
    await enableAll(set.id);
    const get = list.find((x) => x.name === 'getAsset')!;
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: get.id, arguments: { id: 'A/1', fields: 'name' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().data.content)).toMatchObject({ id: 'A/1', name: '笔记本电脑', fields: 'name' });
    expect(api.requests.at(-1)?.path).toBe('/assets/A%2F1?fields=name');
    const create = list.find((x) => x.name === 'createAsset')!;
    expect((await post(TOOL_PATHS.call, 'wangfang', { tool_id: create.id, arguments: { body: { owner: '李娜' } }, confirm: true })).json().err_msg).toContain('缺少参数：name');
    const made = await post(TOOL_PATHS.call, 'wangfang', { tool_id: create.id, arguments: { body: { name: '显示器' } }, confirm: true });
    expect(JSON.parse(made.json().data.content)).toMatchObject({ id: 'A-2', name: '显示器' });
  });

  it('refuses a document that is not OpenAPI 3, in Chinese', async () => {
    const res = await post(TOOL_PATHS.setAdd, 'zhangwei', { name: '坏文档', kind: 'openapi', spec: 'swagger: "2.0"\npaths: {}', url: api.url, secrecy: 'public' });
    expect(res.statusCode).toBe(400);
    expect(res.json().err_msg ?? res.body).toContain('只支持 OpenAPI 3');
  });
});
