// A tool's images and long calls (issue 27 §6), in 试用 and in 工具对话, against a real MCP server that answers images
// and runs a long task: images are kept out of the model's input and shown to the user, stored with the call and
// served to the dialogue's owner only; SVG, mislabelled, oversized and surplus images are left out and said so;
// 取消 aborts the call at the MCP server (its handler sees the abort) in far less than the tool's time, the call is
// 已取消, the model is told and the answer goes on; stopping the answer aborts its running call too.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, STREAM_DONE, TOOL_PATHS, type ChatMessage, type ToolCallView, type ToolItem, type ToolSet } from '../../../contract/api';
import { chatToolImages, roles, tools } from '../../db/schema';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { bearer, signIn } from '../../test-support/http';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { CHART_PNG, startMediaMcp, type MediaMcp } from '../../../tests/support/media-mcp';

let t: TestApp;
let llm: FakeLlm;
let mcp: MediaMcp;
let base = '';
let setId = 0;
const tokens: Record<string, string> = {};
const toolIds: Record<string, number> = {};
const LONG_MS = 20_000;
const CHART_BASE64 = CHART_PNG.toString('base64');

beforeAll(async () => {
  [llm, mcp] = await Promise.all([startFakeLlm(), startMediaMcp()]);
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 5 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule,
      // The oversized image must reach the server to be left out there (the default answer cap would refuse it first).
      toolResponseMaxBytes: 8 * 1024 * 1024,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  const [{ id: devRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '研发人员'));
  const res = await inject('POST', TOOL_PATHS.setAdd, 'zhangwei', { name: '报表图表', kind: 'mcp', url: mcp.url, secrecy: 'confidential', review_role: String(devRole) });
  expect(res.statusCode, res.body).toBe(200);
  setId = (res.json().data as ToolSet).id;
  const list = await inject('POST', TOOL_PATHS.list, 'zhangwei', { set_id: setId });
  for (const tool of list.json().data as ToolItem[]) toolIds[tool.name] = tool.id;
  await t.deps.db.update(tools).set({ enabled: true }).where(eq(tools.setId, setId));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await mcp?.close();
});

const inject = (method: 'GET' | 'POST', url: string, user: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function newDialogue(user: string): Promise<string> {
  const res = await inject('POST', `${CHAT_PATHS.dialogueNew}?chat_mode=chat_agent`, user);
  return res.json().data.conv_uid as string;
}
const callsOf = (frames: Frame[]) =>
  frames.filter((f): f is Extract<Frame, { object: 'chat.tool_call' }> => f !== STREAM_DONE && f.object === 'chat.tool_call').map((f) => f.call);
function ask(conv: string, question: string, onFrame?: (f: Frame) => void, signal?: AbortSignal) {
  return postCompletion(base, tokens.demo, { conv_uid: conv, user_input: question, chat_mode: 'chat_agent', select_param: String(setId) }, signal)
    .then((res) => readCompletion(res, onFrame));
}
const imageUrl = (callId: string, index: number) => `${CHAT_PATHS.toolImage}?call_id=${callId}&index=${index}`;

describe('a tool’s images', () => {
  it('in 试用: answered apart from the text, which names them; SVG, mislabelled, oversized and surplus ones are left out', async () => {
    const chart = await inject('POST', TOOL_PATHS.call, 'demo', { tool_id: toolIds.render_chart, arguments: {} });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json().data).toMatchObject({ content: '本季度销售额如图：\n[图片 image/png]', images: [{ mime_type: 'image/png', data: CHART_BASE64 }] });

    const unsafe = (await inject('POST', TOOL_PATHS.call, 'demo', { tool_id: toolIds.render_unsafe, arguments: {} })).json().data;
    expect(unsafe.images).toEqual([]);
    expect(unsafe.content).toContain('[图片 image/svg+xml 未显示：只显示 PNG、JPEG、GIF、WebP 图片]');
    expect(unsafe.content).toContain('[图片 image/png 未显示：图片内容与类型不符]');
    expect(unsafe.content).toContain('[图片 image/png 未显示：超过单张 1 MB 的上限]');
    // No base64 of anything reaches the text.
    expect(unsafe.content).not.toContain('PHN2Zy');
    expect(unsafe.content.length).toBeLessThan(300);

    const many = (await inject('POST', TOOL_PATHS.call, 'demo', { tool_id: toolIds.render_many, arguments: {} })).json().data;
    expect(many.images).toHaveLength(4);
    expect(many.content.match(/一次调用最多显示 4 张图片/g)).toHaveLength(2);
  });

  it('in 工具对话: shown in the stream, kept out of the model’s input, stored with the call and served to its owner only', async () => {
    const conv = await newDialogue('demo');
    const res = await ask(conv, '画出销售图 [tool:render_chart]');
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    const done = callsOf(res.frames).find((c) => c.status === 'done')!;
    expect(done.images).toEqual([{ mime_type: 'image/png', size: CHART_PNG.byteLength, data: CHART_BASE64 }]);
    // The model read the text with the image named (the fake model answers what the tools gave it), never its data.
    expect(res.text).toContain('本季度销售额如图：\n[图片 image/png]');
    expect(res.raw.split(CHART_BASE64).length).toBe(2);

    const history = (await inject('GET', `${CHAT_PATHS.history}?con_uid=${conv}`, 'demo')).json().data as ChatMessage[];
    const stored = history.find((m) => m.role === 'view')!.tool_calls![0];
    expect(stored.images).toEqual([{ mime_type: 'image/png', size: CHART_PNG.byteLength }]);
    expect(await t.deps.db.select({ seq: chatToolImages.seq }).from(chatToolImages).where(eq(chatToolImages.callId, done.id))).toEqual([{ seq: 0 }]);

    const image = await inject('GET', imageUrl(done.id, 0), 'demo');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(CHART_PNG)).toBe(true);
    // Another user (who may chat too) and a system account: not theirs to read.
    expect((await inject('GET', imageUrl(done.id, 0), 'zhangwei')).statusCode).toBe(404);
    expect((await inject('GET', imageUrl(done.id, 0), 'sysadmin')).statusCode).toBe(403);
    expect((await inject('GET', imageUrl(done.id, 1), 'demo')).statusCode).toBe(404);
    // Regenerating the round replaces its calls: the old image goes with its call.
    const again = await postCompletion(base, tokens.demo, {
      conv_uid: conv, user_input: '画出销售图 [tool:render_chart]', chat_mode: 'chat_agent', select_param: String(setId), regenerate: true,
    }).then((r) => readCompletion(r));
    const redone = callsOf(again.frames).find((c) => c.status === 'done')!;
    expect((await inject('GET', imageUrl(done.id, 0), 'demo')).statusCode).toBe(404);
    expect((await inject('GET', imageUrl(redone.id, 0), 'demo')).statusCode).toBe(200);
  });
});

describe('a long call', () => {
  it('in 工具对话: 取消 aborts it at the MCP server in far less than its time; the model is told and the answer goes on', async () => {
    const conv = await newDialogue('demo');
    let running: ToolCallView | undefined;
    const answered = ask(conv, `统计全部地区 [tool:long_task {"ms":${LONG_MS}}]`, (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'running') running = f.call;
    });
    await until(() => running !== undefined && mcp.calls.some((c) => c.name === 'long_task' && !c.aborted && !c.finished));
    const call = mcp.calls.at(-1)!;
    // Another user cannot cancel it (the dialogue is not theirs).
    expect((await inject('POST', CHAT_PATHS.toolCancel, 'zhangwei', { conv_uid: conv, call_id: running!.id })).statusCode).toBe(400);
    const asked = performance.now();
    const cancel = await inject('POST', CHAT_PATHS.toolCancel, 'demo', { conv_uid: conv, call_id: running!.id });
    expect(cancel.json()).toMatchObject({ success: true, data: true });
    await until(() => call.aborted !== undefined, 3000);
    expect(call.aborted! - asked).toBeLessThan(2000);
    const res = await answered;
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    expect(callsOf(res.frames).at(-1)).toMatchObject({ id: running!.id, status: 'cancelled', result: '用户取消了这次调用', is_error: true });
    // The model was told, and answered: the dialogue goes on.
    expect(res.text).toContain('用户取消了这次调用');
    const view = ((await inject('GET', `${CHAT_PATHS.history}?con_uid=${conv}`, 'demo')).json().data as ChatMessage[]).find((m) => m.role === 'view')!;
    expect(view.status).toBe('complete');
    expect(view.tool_calls![0]).toMatchObject({ status: 'cancelled', result: '用户取消了这次调用' });
    expect(call.finished).toBeUndefined();
    // Cancelled already: a second 取消 says so.
    expect((await inject('POST', CHAT_PATHS.toolCancel, 'demo', { conv_uid: conv, call_id: running!.id })).json().err_msg).toBe('该工具调用已结束或不在调用中');
    const next = await ask(conv, '那就统计到这里 [tool:render_chart]');
    expect(callsOf(next.frames).at(-1)).toMatchObject({ status: 'done' });
  });

  it('in 工具对话: the tool’s progress notifications are shown while it runs', async () => {
    const conv = await newDialogue('demo');
    const res = await ask(conv, '统计 [tool:long_task {"ms":1500}]');
    const progress = callsOf(res.frames).filter((c) => c.status === 'running' && c.progress).map((c) => c.progress!);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ total: 10, message: expect.stringMatching(/^已统计 \d+ \/ 10 个地区$/) as unknown });
    expect(callsOf(res.frames).at(-1)).toMatchObject({ status: 'done', result: '统计完成：共 10 个地区' });
  });

  it('in 工具对话: stopping the answer aborts its running call, stored as 已取消', async () => {
    const conv = await newDialogue('demo');
    let running: ToolCallView | undefined;
    const answered = ask(conv, `统计 [tool:long_task {"ms":${LONG_MS}}]`, (f) => {
      if (f !== STREAM_DONE && f.object === 'chat.tool_call' && f.call.status === 'running') running = f.call;
    });
    await until(() => running !== undefined && mcp.calls.at(-1)?.name === 'long_task');
    const call = mcp.calls.at(-1)!;
    expect((await inject('POST', `${CHAT_PATHS.stop}?con_uid=${conv}`, 'demo')).json().data).toBe(true);
    await answered;
    await until(() => call.aborted !== undefined, 3000);
    const view = ((await inject('GET', `${CHAT_PATHS.history}?con_uid=${conv}`, 'demo')).json().data as ChatMessage[]).find((m) => m.role === 'view')!;
    expect(view.status).toBe('stopped');
    expect(view.tool_calls![0]).toMatchObject({ status: 'cancelled', result: '回答已停止，调用已中止' });
  });

  it('in 试用: 取消 by its caller aborts it at the MCP server and answers 调用已取消; nobody else can cancel it', async () => {
    const callId = 'try-long-1';
    const before = mcp.calls.length;
    const pending = inject('POST', TOOL_PATHS.call, 'demo', { tool_id: toolIds.long_task, arguments: { ms: LONG_MS }, call_id: callId });
    await until(() => mcp.calls.length > before);
    const call = mcp.calls.at(-1)!;
    // zhangwei naming the same id cancels nothing of demo's (on one PostgreSQL with several processes the answer
    // cannot know whether another process runs such a call of his, so only the outcome is asserted).
    expect((await inject('POST', TOOL_PATHS.callCancel, 'zhangwei', { call_id: callId })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(call.aborted).toBeUndefined();
    const asked = performance.now();
    expect((await inject('POST', TOOL_PATHS.callCancel, 'demo', { call_id: callId })).json().data).toBe(true);
    const res = await pending;
    expect(performance.now() - asked).toBeLessThan(2000);
    expect(res.statusCode).toBe(409);
    expect(res.json().err_msg).toBe('调用已取消');
    await until(() => call.aborted !== undefined, 3000);
    expect(call.finished).toBeUndefined();
  });
});
