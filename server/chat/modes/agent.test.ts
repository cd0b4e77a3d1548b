// Chat with tools (chat_agent, issue 15) against the real MCP test server and the fake model driving tool calls:
// multi-step calls, confirmation of 写入 / 对外发送 calls (no call without it), calls refused where they happen
// (a tool not offered, not granted, switched off, a set not granted), the ceiling rule after a 秘密 passage was
// shown, stopping while a call waits, and every call in the audit log without argument values.
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, TOOL_MESSAGES, TOOL_PATHS, type ChatMessage, type ModeParam, type ToolCallView, type ToolSet,
} from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { MCP_TOKEN, startTestMcp, type TestMcp } from '../../../tests/support/mcp-server';
import { AGENT_LIMITS } from '../../../contract/api';
import { auditLog, chatToolCalls, knowledgeDocuments, roles, toolSets, tools } from '../../db/schema';
import { estimateTokens } from '../history';
import { modelToolOf, toolboxFor } from '../agent';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let mcp: TestMcp;
let base = '';
const tokens: Record<string, string> = {};
/** Set ids: open to 研发人员 (ceiling 机密), open to 研发人员 with ceiling 内部, and one for 部门负责人 only. */
const sets = { open: 0, low: 0, leaders: 0 };

beforeAll(async () => {
  [llm, mcp] = await Promise.all([startFakeLlm(), startTestMcp()]);
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 5 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'zhangwei', 'staff']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  const [{ id: leaderRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '部门负责人'));
  const add = async (name: string, extra: Record<string, unknown>) => {
    const res = await inject('POST', TOOL_PATHS.setAdd, 'zhangwei', { name, kind: 'mcp', url: mcp.url, credential: MCP_TOKEN, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as ToolSet).id;
    // New 写入 / 对外发送 tools start switched off (D89): the administrator switches them on.
    await t.deps.db.update(tools).set({ enabled: true }).where(eq(tools.setId, id));
    return id;
  };
  // Nothing granted is the owner's alone (D89): the open sets are granted to 研发人员 (demo, zhangwei).
  const [{ id: devRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '研发人员'));
  sets.open = await add('订单工单', { secrecy: 'confidential', review_role: String(devRole) });
  sets.low = await add('外部协作', { secrecy: 'internal', review_role: String(devRole) });
  sets.leaders = await add('负责人工具', { secrecy: 'confidential', review_role: String(leaderRole) });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await mcp?.close();
});

const inject = (method: 'GET' | 'POST', url: string, user: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });

async function newDialogue(user: string): Promise<string> {
  const res = await inject('POST', `${CHAT_PATHS.dialogueNew}?chat_mode=chat_agent`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.conv_uid;
}

const callsOf = (frames: Frame[]) =>
  frames.filter((f): f is Extract<Frame, { object: 'chat.tool_call' }> => f !== STREAM_DONE && f.object === 'chat.tool_call').map((f) => f.call);

function ask(user: string, conv: string, question: string, setIds: number[], onFrame?: (f: Frame) => boolean | void, signal?: AbortSignal) {
  return postCompletion(base, tokens[user], { conv_uid: conv, user_input: question, chat_mode: 'chat_agent', select_param: setIds.join(',') }, signal)
    .then((res) => readCompletion(res, onFrame));
}

async function history(user: string, conv: string): Promise<ChatMessage[]> {
  return (await inject('GET', `${CHAT_PATHS.history}?con_uid=${conv}`, user)).json().data;
}

const confirm = (user: string, conv: string, callId: string, approve: boolean) =>
  inject('POST', CHAT_PATHS.toolConfirm, user, { conv_uid: conv, call_id: callId, approve });

describe('chat with tools', () => {
  it('offers the picked sets’ tools, runs read-only calls at once over several steps, shows and stores every call', async () => {
    const conv = await newDialogue('demo');
    const before = mcp.calls.length;
    const res = await ask('demo', conv, '查一下两个订单 [tool:lookup_order {"order_id":"A-1001"}] [tool:lookup_order {"order_id":"B-2002"}]', [sets.open]);
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    // The model was offered the set's tools (not the other sets'), and asked three times: two calls, then the answer.
    const offered = llm.stats.tools.slice(-3);
    expect(offered[0].sort()).toEqual(['big_export', 'create_ticket', 'lookup_order', 'send_mail', 'slow_report']);
    expect(mcp.calls.slice(before).map((c) => c.args)).toEqual([{ order_id: 'A-1001' }, { order_id: 'B-2002' }]);
    expect(res.text).toContain('订单 A-1001：已发货');
    expect(res.text).toContain('订单 B-2002：已发货');
    // Each call is shown running, then done with its result and duration.
    const frames = callsOf(res.frames);
    expect(frames.map((c) => c.status)).toEqual(['running', 'done', 'running', 'done']);
    const done = frames.filter((c) => c.status === 'done');
    expect(done[0]).toMatchObject({ set_name: '订单工单', tool_name: 'lookup_order', risk: 'read', arguments: '{"order_id":"A-1001"}', is_error: false });
    expect(done[0].duration_ms).toBeGreaterThanOrEqual(0);
    // Stored with the answer (history after a reload).
    const view = (await history('demo', conv)).find((m) => m.role === 'view')!;
    expect(view.tool_calls?.map((c) => [c.tool_name, c.status, c.result])).toEqual(done.map((c) => [c.tool_name, 'done', c.result]));
    // Audited with argument names and sizes, never their values.
    const audits = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'tool-call'), like(auditLog.detail, '对话中调用%')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.at(-1)).toMatchObject({ actorUsername: 'demo', target: '订单工单 / lookup_order', result: 'success' });
    expect(JSON.stringify(audits)).not.toContain('B-2002');
  });

  it('runs a 写入 call only after the user confirms it in the chat, and never after a no', async () => {
    const conv = await newDialogue('demo');
    const before = mcp.calls.length;
    let pending: ToolCallView | undefined;
    const answered = ask('demo', conv, '建个工单 [tool:create_ticket {"title":"打印机卡纸","priority":2}]', [sets.open], (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'pending') pending = f.call;
    });
    await until(() => pending !== undefined);
    // Waiting: nothing reached the tool; another user cannot decide for the owner; a forged id is refused.
    await new Promise((r) => setTimeout(r, 200));
    expect(mcp.calls.length).toBe(before);
    expect((await confirm('staff', conv, pending!.id, true)).json().err_msg).toBe('对话不存在');
    expect((await confirm('demo', conv, 'no-such-call', true)).statusCode).toBe(400);
    expect((await confirm('demo', conv, pending!.id, true)).json()).toMatchObject({ success: true, data: true });
    const res = await answered;
    expect(mcp.calls.slice(before).map((c) => c.name)).toEqual(['create_ticket']);
    expect(callsOf(res.frames).map((c) => c.status)).toEqual(['pending', 'running', 'done']);
    expect(res.text).toContain('工单');
    // A second decision on a settled call is refused.
    expect((await confirm('demo', conv, pending!.id, false)).statusCode).toBe(400);

    // A no: the tool is never called, the model is told, the call says so.
    const conv2 = await newDialogue('demo');
    pending = undefined;
    const refused = ask('demo', conv2, '发邮件 [tool:send_mail {"to":"a@example.com","body":"你好"}]', [sets.open], (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'pending') pending = f.call;
    });
    await until(() => pending !== undefined);
    expect(pending).toMatchObject({ tool_name: 'send_mail', risk: 'send' });
    expect((await confirm('demo', conv2, pending!.id, false)).statusCode).toBe(200);
    const no = await refused;
    expect(mcp.calls.slice(before).map((c) => c.name)).toEqual(['create_ticket']);
    expect(callsOf(no.frames).at(-1)).toMatchObject({ status: 'rejected', result: '用户拒绝了这次调用' });
    expect(no.text).toContain('用户拒绝了这次调用');
    const [row] = await t.deps.db.select().from(chatToolCalls).where(eq(chatToolCalls.id, pending!.id));
    expect(row.status).toBe('rejected');
  });

  it('stopping while a call waits cancels it: a later yes runs nothing', async () => {
    const conv = await newDialogue('demo');
    const before = mcp.calls.length;
    let pending: ToolCallView | undefined;
    const controller = new AbortController();
    const answered = ask('demo', conv, '建工单 [tool:create_ticket {"title":"x"}]', [sets.open], (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'pending') pending = f.call;
    }, controller.signal).catch(() => undefined);
    await until(() => pending !== undefined);
    expect((await inject('POST', `${CHAT_PATHS.stop}?con_uid=${conv}`, 'demo')).json().data).toBe(true);
    await answered;
    await until(async () => (await t.deps.db.select().from(chatToolCalls).where(eq(chatToolCalls.id, pending!.id)))[0].status === 'cancelled');
    expect((await confirm('demo', conv, pending!.id, true)).statusCode).toBe(400);
    expect(mcp.calls.length).toBe(before);
  });

  it('refuses, where the call happens, a tool not offered, switched off, or of a set the user may not use', async () => {
    // A set the user is not granted cannot be picked (a forged select_param).
    const conv = await newDialogue('demo');
    const forged = await ask('demo', conv, '你好', [sets.leaders]);
    expect(forged.json?.err_msg).toBe(TOOL_MESSAGES.setNotFound);
    expect((await ask('demo', conv, '你好', [])).json?.err_msg).toBe('请先选择工具集');

    // A switched-off tool is not offered; the model asking for it anyway (or for a name it invented) is refused.
    await t.deps.db.update(tools).set({ enabled: false }).where(and(eq(tools.setId, sets.open), eq(tools.name, 'big_export')));
    try {
      const before = mcp.calls.length;
      const res = await ask('demo', conv, '导出 [tool:big_export] [tool:drop_everything {"all":true}]', [sets.open]);
      expect(llm.stats.tools.at(-1)).not.toContain('big_export');
      expect(mcp.calls.length).toBe(before);
      const refused = callsOf(res.frames);
      expect(refused.map((c) => [c.tool_name, c.status, c.result])).toEqual([
        ['big_export', 'refused', TOOL_MESSAGES.toolNotFound],
        ['drop_everything', 'refused', TOOL_MESSAGES.toolNotFound],
      ]);
      const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'tool-call'), like(auditLog.target, '%drop_everything%')));
      expect(audit).toMatchObject({ result: 'failure', actorUsername: 'demo' });
    } finally {
      await t.deps.db.update(tools).set({ enabled: true }).where(and(eq(tools.setId, sets.open), eq(tools.name, 'big_export')));
    }

    // The grant taken away between the question and the call: the call is refused.
    const before = mcp.calls.length;
    const [{ id: marketRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '市场人员'));
    let pending: ToolCallView | undefined;
    const conv2 = await newDialogue('zhangwei');
    const answered = ask('zhangwei', conv2, '建工单 [tool:create_ticket {"title":"y"}]', [sets.leaders], (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'pending') pending = f.call;
    });
    await until(() => pending !== undefined);
    const edit = await inject('POST', TOOL_PATHS.setEdit, 'zhangwei', {
      id: sets.leaders, name: '负责人工具', kind: 'mcp', url: mcp.url, secrecy: 'confidential', review_role: String(marketRole),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await confirm('zhangwei', conv2, pending!.id, true);
    const res = await answered;
    expect(mcp.calls.length).toBe(before);
    expect(callsOf(res.frames).at(-1)).toMatchObject({ tool_name: 'create_ticket', status: 'refused', result: TOOL_MESSAGES.toolNotFound });
  });

  it('checks the grant for each call: taken away after the first call of an answer, the second is refused', async () => {
    const [{ id: leaderRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '部门负责人'));
    const [{ id: marketRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '市场人员'));
    const grant = (role: number) => inject('POST', TOOL_PATHS.setEdit, 'zhangwei', {
      id: sets.leaders, name: '负责人工具', kind: 'mcp', url: mcp.url, secrecy: 'confidential', review_role: String(role),
    });
    expect((await grant(leaderRole)).statusCode).toBe(200);
    try {
      const before = mcp.calls.length;
      let revoked: Promise<unknown> | undefined;
      // The model writes each piece of a call 150 ms apart: the grant goes while it writes the second call.
      const res = await ask('zhangwei', await newDialogue('zhangwei'), '查两个订单 [slow:150] [tool:lookup_order {"order_id":"A-1"}] [tool:lookup_order {"order_id":"A-2"}]', [sets.leaders], (f) => {
        if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'done') revoked ??= grant(marketRole);
      });
      expect(((await revoked) as { statusCode: number }).statusCode).toBe(200);
      expect(mcp.calls.slice(before).map((c) => c.args.order_id)).toEqual(['A-1']);
      expect(callsOf(res.frames).filter((c) => c.status !== 'running').map((c) => [c.status, c.result.slice(0, 20)])).toEqual([
        ['done', '订单 A-1：已发货，预计 2 天送达'],
        ['refused', TOOL_MESSAGES.toolNotFound],
      ]);
    } finally {
      expect((await grant(leaderRole)).statusCode).toBe(200);
    }
  });

  it('offers the tools most relevant to the question that fit the token budget, never every tool of every set', async () => {
    const [set] = await t.deps.db.insert(toolSets).values({ name: '大工具集', kind: 'openapi', secrecy: 'internal' }).returning();
    const padding = '这是一个用于测试预算的很长的参数说明。'.repeat(20);
    await t.deps.db.insert(tools).values(Array.from({ length: 60 }, (_, i) => ({
      setId: set.id, name: i === 41 ? 'query_invoice' : `tool_${i}`, description: i === 41 ? '按发票号查询发票状态' : `第 ${i} 个工具`, risk: 'read',
      parameters: { type: 'object', properties: { q: { type: 'string', description: padding } } },
    })));
    const grade = { code: 'internal', text: '内部', rank: 20 };
    const box = await toolboxFor(t.deps, [{ set, ceiling: grade }], null, '帮我查一下这张发票的状态');
    expect(box.offered.length).toBeLessThanOrEqual(AGENT_LIMITS.toolsOffered);
    expect(box.offered.length).toBeGreaterThan(0);
    expect(box.leftOut).toBe(60 - box.offered.length);
    const tokens = box.offered.reduce((sum, o) => sum + estimateTokens(JSON.stringify(modelToolOf({ ...o, fn: o.tool.name }))), 0);
    expect(tokens).toBeLessThanOrEqual(AGENT_LIMITS.toolTokenBudget);
    // The one the question is about comes first.
    expect(box.offered[0].tool.name).toBe('query_invoice');
  });

  it('keeps tools whose ceiling is below what the dialogue has shown out of it, and says why', async () => {
    // zhangwei (机密) asks the knowledge base and is shown a 秘密 passage.
    const headers = bearer(tokens.zhangwei);
    expect((await inject('POST', KNOWLEDGE_PATHS.spaceAdd, 'zhangwei', { name: '项目资料' })).statusCode).toBe(200);
    const body = multipartBody({ secrecy: 'secret', doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name: '北极星项目.txt', bytes: Buffer.from('北极星项目的预算为三百万元，负责人是张伟。', 'utf8') }]);
    const up = await t.app.inject({
      method: 'POST', url: KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent('项目资料')), headers: { ...headers, ...body.headers }, payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const docId = up.json().data[0] as number;
    expect((await inject('POST', KNOWLEDGE_PATHS.taskCreate, 'zhangwei', { doc_ids: [docId] })).statusCode).toBe(200);
    await until(async () => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, docId)))[0].status === 'FINISHED', 20_000);

    const conv = await newDialogue('zhangwei');
    const params = async () => (await inject('POST', `${CHAT_PATHS.modeParams}?chat_mode=chat_agent&conv_uid=${conv}`, 'zhangwei')).json().data as ModeParam[];
    // Before: both sets may be used in the dialogue.
    expect((await params()).find((p) => p.param === String(sets.low))?.disabled_reason).toBeUndefined();
    const knowledge = await postCompletion(base, tokens.zhangwei, { conv_uid: conv, user_input: '北极星项目的预算', chat_mode: 'chat_knowledge', select_param: '项目资料' })
      .then((r) => readCompletion(r));
    expect(knowledge.text).toContain('三百万元');

    // After: the 内部 set is kept out (not offered, the answer says why, the picker says why); the 机密 one stays.
    const reason = '本对话已展示「秘密」级内容，高于工具集「外部协作」的密级上限「内部」，该工具集在本对话中不再提供';
    expect((await params()).find((p) => p.param === String(sets.low))?.disabled_reason).toBe(reason);
    const before = mcp.calls.length;
    const res = await ask('zhangwei', conv, '把预算发出去 [tool:send_mail {"to":"x@example.com","body":"三百万"}]', [sets.low]);
    expect(res.text).toContain(reason);
    expect(llm.stats.tools.at(-1)).toEqual([]);
    expect(mcp.calls.length).toBe(before);
    expect(callsOf(res.frames)).toEqual([]);
    const both = await ask('zhangwei', conv, '查订单 [tool:lookup_order {"order_id":"C-3"}]', [sets.low, sets.open]);
    expect(both.text).toContain(reason);
    expect(both.text).toContain('订单 C-3：已发货');
    expect(llm.stats.tools.at(-2)).toContain('lookup_order');
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
