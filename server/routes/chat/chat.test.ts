import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, CHAT_MESSAGES, CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, USER_PATHS, type ChatMessage, type Citation } from '../../../contract/api';
import { answerFor, startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { auditLog, chatDialogues, chatFileChunks, chatFiles, chatMessages, knowledgeDocuments, users } from '../../db/schema';
import { WITHHELD_ANSWER } from '../../chat/withheld';
import { indexTerms } from '../../knowledge/segment';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion, type Frame } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let base = '';
const tokens: Record<string, string> = {};
const SPACE = '产品知识';
/** Planted in a 机密 document: must never reach a 内部 user in any form. */
const CANARY = '金丝雀密语七号：凤凰计划的底价为九百万元';

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'test-key',
      llmModels: [{ name: 'fake-chat', limit: 5 }, { name: 'fake-one', limit: 1 }],
      embeddingModel: { name: 'fake-embedding', limit: 3 },
      llmTimeoutMs: 10_000, llmContextTokens: 400,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'staff', 'wangfang', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const inject = (method: 'GET' | 'POST', url: string, user: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]), ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

async function newDialogue(user: string, query: Record<string, string> = {}): Promise<string> {
  const res = await inject('POST', q(CHAT_PATHS.dialogueNew, query), user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.conv_uid;
}

function ask(user: string, body: Record<string, unknown>, onFrame?: (frame: Frame, text: string) => boolean | void, signal?: AbortSignal) {
  return postCompletion(base, tokens[user], body, signal).then((res) => readCompletion(res, onFrame));
}

async function history(user: string, convUid: string): Promise<ChatMessage[]> {
  const res = await inject('GET', q(CHAT_PATHS.history, { con_uid: convUid }), user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A processed document in the dialogue (what file chat stores once an upload is processed). */
async function addChatFile(convUid: string, fileName: string, passages: string[]): Promise<void> {
  const [d] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, convUid));
  const [file] = await t.deps.db.insert(chatFiles).values({
    dialogueId: d.id, ownerId: d.ownerId, kind: 'document', fileName, storedPath: `chat/${d.id}/x.txt`, size: 10, status: 'FINISHED',
  }).returning();
  await t.deps.db.insert(chatFileChunks).values(passages.map((content, seq) => ({ fileId: file.id, seq, content, terms: indexTerms(content) })));
}

const viewOf = (messages: ChatMessage[], order: number) => messages.find((m) => m.role === 'view' && m.order === order)!;

describe('dialogues', () => {
  it('creates, lists (own only, newest first, by keyword), and deletes a dialogue', async () => {
    const first = await newDialogue('wangfang');
    const res = await inject('POST', q(CHAT_PATHS.dialogueNew, { chat_mode: 'chat_knowledge' }), 'wangfang');
    expect(res.json().data).toMatchObject({ chat_mode: 'chat_knowledge', user_input: '', user_name: 'wangfang', model_name: 'fake-chat', select_param: null });
    const second = res.json().data.conv_uid;
    t.clock.advance(1000);
    expect((await ask('wangfang', { conv_uid: first, user_input: '第一个问题：年假' })).text).toContain('年假');
    const list = (await inject('GET', CHAT_PATHS.dialogueList, 'wangfang')).json().data;
    expect(list.map((d: { conv_uid: string }) => d.conv_uid)).toEqual([first, second]);
    expect(list[0]).toMatchObject({ user_input: '第一个问题：年假', chat_mode: 'chat_normal' });
    const found = (await inject('GET', q(CHAT_PATHS.dialogueList, { keyword: '年假' }), 'wangfang')).json().data;
    expect(found.map((d: { conv_uid: string }) => d.conv_uid)).toEqual([first]);
    expect((await inject('GET', q(CHAT_PATHS.dialogueList, { keyword: '%' }), 'wangfang')).json().data).toEqual([]);
    expect((await inject('GET', CHAT_PATHS.dialogueList, 'staff')).json().data.some((d: { conv_uid: string }) => d.conv_uid === first)).toBe(false);

    const del = await inject('POST', q(CHAT_PATHS.dialogueDelete, { con_uid: first }), 'wangfang');
    expect(del.json()).toMatchObject({ success: true, data: null });
    expect(await t.deps.db.select().from(chatMessages).innerJoin(chatDialogues, eq(chatDialogues.id, chatMessages.dialogueId))
      .where(eq(chatDialogues.convUid, first))).toEqual([]);
    const [entry] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'dialogue-delete'), eq(auditLog.target, first)));
    expect(entry).toMatchObject({ actorUsername: 'wangfang', result: 'success', detail: '第一个问题：年假' });
    expect((await inject('POST', q(CHAT_PATHS.dialogueDelete, { con_uid: first }), 'wangfang')).json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
  });

  it('refuses bad input with Chinese messages', async () => {
    expect((await inject('POST', q(CHAT_PATHS.dialogueNew, { chat_mode: 'chat_nothing' }), 'demo')).statusCode).toBe(400);
    const unknown = await inject('POST', q(CHAT_PATHS.dialogueNew, { model_name: 'gpt-x' }), 'demo');
    expect(unknown.json().err_msg).toBe(`${CHAT_MESSAGES.unknownModel}：gpt-x`);
    expect((await inject('GET', CHAT_PATHS.history, 'demo')).statusCode).toBe(400);
    expect((await inject('GET', q(CHAT_PATHS.history, { con_uid: 'no-such' }), 'demo')).json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
    expect((await inject('GET', q(CHAT_PATHS.dialogueList, { page_size: '0' }), 'demo')).statusCode).toBe(400);
    expect((await inject('POST', q(CHAT_PATHS.modeParams, { chat_mode: 'bad' }), 'demo')).statusCode).toBe(400);
  });

  it('refuses system accounts and anonymous callers', async () => {
    expect((await inject('GET', CHAT_PATHS.dialogueList, 'sysadmin')).statusCode).toBe(403);
    expect((await inject('POST', CHAT_PATHS.dialogueNew, 'sysadmin')).statusCode).toBe(403);
    expect((await postCompletion(base, tokens.sysadmin, { conv_uid: 'x', user_input: '你好' })).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CHAT_PATHS.dialogueList })).statusCode).toBe(401);
  });

  it('lists mode parameters: readable spaces for knowledge chat, the dialogue’s sheets for excel, null for normal', async () => {
    expect((await inject('POST', q(CHAT_PATHS.modeParams, { chat_mode: 'chat_normal' }), 'staff')).json().data).toBeNull();
    const conv = await newDialogue('staff', { chat_mode: 'chat_excel' });
    expect((await inject('POST', q(CHAT_PATHS.modeParams, { chat_mode: 'chat_excel', conv_uid: conv }), 'staff')).json().data).toEqual([]);
    const foreign = await inject('POST', q(CHAT_PATHS.modeParams, { chat_mode: 'chat_excel', conv_uid: conv }), 'demo');
    expect(foreign.json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
  });

  it('keeps another user’s dialogue invisible: history, delete, completion and stop all answer 对话不存在', async () => {
    const conv = await newDialogue('demo');
    await ask('demo', { conv_uid: conv, user_input: '只属于演示用户的问题' });
    for (const [method, url] of [['GET', CHAT_PATHS.history], ['POST', CHAT_PATHS.dialogueDelete], ['POST', CHAT_PATHS.stop]] as const) {
      const res = await inject(method, q(url, { con_uid: conv }), 'staff');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
    }
    const prompts = llm.stats.requests;
    const res = await ask('staff', { conv_uid: conv, user_input: '偷看' });
    expect(res.status).toBe(400);
    expect(res.json?.err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
    expect(llm.stats.requests).toBe(prompts);
    expect((await history('demo', conv)).filter((m) => m.role === 'human').map((m) => m.context)).toEqual(['只属于演示用户的问题']);
  });
});

describe('completions', () => {
  it('streams OpenAI chunks with no-buffering headers, ends with [DONE], and stores human, ai and view', async () => {
    const conv = await newDialogue('demo');
    const res = await ask('demo', { conv_uid: conv, user_input: '介绍一下知识库' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const [first] = res.frames;
    expect(first).toMatchObject({ object: 'chat.completion.chunk', order: 1, model: 'fake-chat', choices: [{ delta: { role: 'assistant', content: '' } }] });
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    expect(res.frames.filter((f) => f !== STREAM_DONE && f.object === 'chat.completion.chunk').length).toBeGreaterThan(5);
    const prompt = llm.stats.prompts.at(-1)!;
    expect(res.text).toBe(answerFor(prompt));
    expect(prompt.at(-1)).toEqual({ role: 'user', content: '介绍一下知识库' });
    expect(prompt[0].role).toBe('system');
    expect(llm.stats.options.at(-1)).toMatchObject({ model: 'fake-chat', temperature: 0.9, stream: true });
    const messages = await history('demo', conv);
    expect(messages.map((m) => [m.role, m.order])).toEqual([['human', 1], ['ai', 1], ['view', 1]]);
    expect(viewOf(messages, 1)).toMatchObject({ context: res.text, status: 'complete', model_name: 'fake-chat' });
    expect(messages[1].context).toBe(res.text);
  });

  it('passes temperature and max tokens, switches the dialogue’s mode and model, and regenerates the last answer in place', async () => {
    const conv = await newDialogue('demo');
    await ask('demo', { conv_uid: conv, user_input: '第一问', temperature: 0.2, max_new_tokens: 100, model_name: 'fake-one' });
    expect(llm.stats.options.at(-1)).toMatchObject({ model: 'fake-one', temperature: 0.2, max_tokens: 100 });
    const again = await ask('demo', { conv_uid: conv, user_input: '第一问', regenerate: true });
    expect(again.frames[0]).toMatchObject({ order: 1, model: 'fake-one' });
    const messages = await history('demo', conv);
    expect(messages.map((m) => [m.role, m.order])).toEqual([['human', 1], ['ai', 1], ['view', 1]]);
    await ask('demo', { conv_uid: conv, user_input: '第二问' });
    expect((await history('demo', conv)).filter((m) => m.role === 'view').map((m) => m.order)).toEqual([1, 2]);
    const [d] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, conv));
    expect(d).toMatchObject({ title: '第一问', modelName: 'fake-one', chatMode: 'chat_normal' });
  });

  it('refuses bad completion bodies before anything is stored or sent to the model', async () => {
    const conv = await newDialogue('demo');
    const before = llm.stats.requests;
    const cases: [Record<string, unknown>, string | null][] = [
      [{ conv_uid: conv }, null],
      [{ conv_uid: conv, user_input: '' }, null],
      [{ conv_uid: conv, user_input: '   ' }, '请输入问题'],
      [{ conv_uid: conv, user_input: 'x'.repeat(20_001) }, null],
      [{ conv_uid: conv, user_input: '你好', chat_mode: 'chat_magic' }, null],
      [{ conv_uid: conv, user_input: '你好', temperature: 3 }, null],
      [{ conv_uid: 'nope', user_input: '你好' }, CHAT_MESSAGES.dialogueNotFound],
      [{ conv_uid: conv, user_input: '你好', model_name: 'gpt-9' }, `${CHAT_MESSAGES.unknownModel}：gpt-9`],
      [{ conv_uid: conv, user_input: '你好', chat_mode: 'chat_knowledge' }, '请选择知识空间'],
      [{ conv_uid: conv, user_input: '你好', chat_mode: 'chat_knowledge', select_param: '没有这个空间' }, '知识空间不存在：没有这个空间'],
      [{ conv_uid: conv, user_input: '你好', chat_mode: 'chat_with_db_qa' }, '请先选择数据库连接'],
    ];
    for (const [body, message] of cases) {
      const res = await ask('demo', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json?.success).toBe(false);
      if (message) expect(res.json?.err_msg).toBe(message);
    }
    expect(llm.stats.requests).toBe(before);
    expect(await history('demo', conv)).toEqual([]);
  });

  it('saves the answer while it streams, before it ends', async () => {
    const conv = await newDialogue('demo');
    let seen: { content: string; status: string | null } | undefined;
    await ask('demo', { conv_uid: conv, user_input: '[slow:25] 慢慢回答这个比较长的问题' }, (frame, text) => {
      if (text.length > 40 && !seen) {
        void t.deps.db.select().from(chatMessages).innerJoin(chatDialogues, eq(chatDialogues.id, chatMessages.dialogueId))
          .where(and(eq(chatDialogues.convUid, conv), eq(chatMessages.role, 'view')))
          .then(([row]) => (seen = { content: row.chat_messages.content, status: row.chat_messages.status }));
      }
    });
    expect(seen?.status).toBe('streaming');
    expect(seen!.content.length).toBeGreaterThan(0);
    expect(viewOf(await history('demo', conv), 1).status).toBe('complete');
  });

  it('a client that disconnects aborts the model at once and keeps the partial answer as stopped', async () => {
    const conv = await newDialogue('demo');
    const aborted = llm.stats.aborted;
    const controller = new AbortController();
    let partial = '';
    await ask('demo', { conv_uid: conv, user_input: '[slow:40] 请详细说明差旅报销流程' }, (_f, text) => {
      partial = text;
      return text.length >= 9;
    }, controller.signal);
    const cut = Date.now();
    controller.abort();
    await until(() => llm.stats.aborted > aborted, 2000);
    expect(Date.now() - cut).toBeLessThan(1000);
    await until(async () => viewOf(await history('demo', conv), 1)?.status === 'stopped');
    const view = viewOf(await history('demo', conv), 1);
    expect(view.context.startsWith(partial)).toBe(true);
    expect(view.context.length).toBeGreaterThanOrEqual(partial.length);
    expect(view.context).not.toBe(answerFor(llm.stats.prompts.at(-1)!));
    await until(() => llm.stats.active === 0);
  });

  it('the stop call ends the running answer, aborting the model, and the stream closes with [DONE]', async () => {
    const conv = await newDialogue('demo');
    const aborted = llm.stats.aborted;
    let stopped: Promise<{ data: boolean }> | undefined;
    const res = await ask('demo', { conv_uid: conv, user_input: '[slow:40] 讲一个很长的故事' }, (_f, text) => {
      if (text.length >= 6 && !stopped) stopped = inject('POST', q(CHAT_PATHS.stop, { con_uid: conv }), 'demo').then((r) => r.json());
    });
    expect((await stopped)?.data).toBe(true);
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    expect(res.frames.some((f) => f !== STREAM_DONE && f.object === 'chat.error')).toBe(false);
    await until(() => llm.stats.aborted > aborted, 2000);
    const view = viewOf(await history('demo', conv), 1);
    expect(view).toMatchObject({ status: 'stopped', context: res.text });
    expect((await inject('POST', q(CHAT_PATHS.stop, { con_uid: conv }), 'demo')).json().data).toBe(false);
  });

  it('refuses a second question while the dialogue is answering', async () => {
    const conv = await newDialogue('demo');
    let second: Awaited<ReturnType<typeof ask>> | undefined;
    await ask('demo', { conv_uid: conv, user_input: '[slow:30] 第一个问题' }, (_f, text) => {
      if (text && !second) {
        void ask('demo', { conv_uid: conv, user_input: '插队的问题' }).then((r) => (second = r));
      }
    });
    await until(() => second !== undefined);
    expect(second!.status).toBe(409);
    expect(second!.json?.err_msg).toBe('上一个回答尚未结束，请先停止或稍候');
    expect((await history('demo', conv)).filter((m) => m.role === 'human').map((m) => m.context)).toEqual(['[slow:30] 第一个问题']);
  });

  it('a model failing mid-answer sends an error frame then [DONE], keeping the partial text as failed', async () => {
    const conv = await newDialogue('demo');
    const res = await ask('demo', { conv_uid: conv, user_input: '[slow:5][fail-after:4] 会中断的问题' });
    const error = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.error');
    expect(error).toMatchObject({ object: 'chat.error', code: 'llm_interrupted' });
    expect((error as { message: string }).message).toContain('模型服务中断');
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    expect(res.text.length).toBeGreaterThan(0);
    expect(viewOf(await history('demo', conv), 1)).toMatchObject({ status: 'failed', context: res.text });
  });

  it('a question that cannot be stored shows none of the answer, and the model request it started is cancelled', async () => {
    // The model request goes out before the question is stored (the write hides behind the model's latency).
    await t.deps.db.execute(sql`create function refuse_marked() returns trigger language plpgsql as $$
      begin if new.content like '%[refuse-store]%' then raise exception 'disk full'; end if; return new; end $$`);
    await t.deps.db.execute(sql`create trigger refuse_marked before insert on chat_messages for each row execute function refuse_marked()`);
    try {
      const conv = await newDialogue('demo');
      const aborted = llm.stats.aborted;
      const res = await ask('demo', { conv_uid: conv, user_input: '[slow:30] 存不下的问题 [refuse-store]' });
      expect(res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.error')).toMatchObject({ code: 'internal_error' });
      expect(res.text).toBe('');
      expect(res.frames.at(-1)).toBe(STREAM_DONE);
      await until(() => llm.stats.aborted > aborted, 2000);
      await until(() => llm.stats.active === 0);
      expect(await history('demo', conv)).toEqual([]);
      // The dialogue is free again, and the model's slot was given back.
      const next = await ask('demo', { conv_uid: conv, user_input: '换一个问题' });
      expect(next.text).toContain('换一个问题');
    } finally {
      await t.deps.db.execute(sql`drop trigger refuse_marked on chat_messages`);
      await t.deps.db.execute(sql`drop function refuse_marked()`);
    }
  });

  it('an upstream HTTP error becomes a clear Chinese error frame', async () => {
    const conv = await newDialogue('demo');
    const res = await ask('demo', { conv_uid: conv, user_input: '[error:503] 服务挂了' });
    expect(res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.error')).toMatchObject({
      code: 'llm_unavailable', message: '模型服务不可用（HTTP 503），请稍后重试',
    });
    // The question is kept and names the dialogue even though the model failed.
    const [d] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, conv));
    expect(d.title).toBe('[error:503] 服务挂了');
    const res401 = await ask('demo', { conv_uid: conv, user_input: '[error:401] 密钥错了' });
    expect(res401.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.error')).toMatchObject({ code: 'llm_unauthorized' });
    expect(viewOf(await history('demo', conv), 2)).toMatchObject({ status: 'failed', context: '' });
  });

  it('queues requests beyond a model’s limit and reports running and waiting truthfully', async () => {
    const status = async () => (await inject('POST', CHAT_PATHS.concurrency, 'staff')).json().data as { model_name: string; running: number; waiting: number; limit: number; model_type: string }[];
    expect(await status()).toEqual([
      { model_name: 'fake-chat', model_type: 'llm', limit: 5, running: 0, waiting: 0 },
      { model_name: 'fake-one', model_type: 'llm', limit: 1, running: 0, waiting: 0 },
      { model_name: 'fake-embedding', model_type: 'text2vec', limit: 3, running: 0, waiting: 0 },
    ]);
    const convs = await Promise.all([1, 2, 3].map(() => newDialogue('staff')));
    const answers = convs.map((conv, i) => ask('staff', { conv_uid: conv, user_input: `[slow:15] 排队的问题${i}`, model_name: 'fake-one' }));
    await until(async () => {
      const one = (await status()).find((s) => s.model_name === 'fake-one')!;
      return one.running === 1 && one.waiting === 2;
    });
    expect(llm.stats.active).toBeLessThanOrEqual(1);
    const done = await Promise.all(answers);
    for (const r of done) expect(r.frames.at(-1)).toBe(STREAM_DONE);
    for (const conv of convs) expect(viewOf(await history('staff', conv), 1).status).toBe('complete');
    expect((await status()).find((s) => s.model_name === 'fake-one')).toMatchObject({ running: 0, waiting: 0 });
  });

  it('a waiting request that disconnects leaves the queue without reaching the model', async () => {
    const status = async () => (await inject('POST', CHAT_PATHS.concurrency, 'staff')).json().data.find((s: { model_name: string }) => s.model_name === 'fake-one');
    const [a, b] = await Promise.all([newDialogue('staff'), newDialogue('staff')]);
    const first = ask('staff', { conv_uid: a, user_input: '[slow:20] 先到的问题', model_name: 'fake-one' });
    const before = llm.stats.requests;
    await until(async () => (await status()).running === 1 && llm.stats.requests > before);
    const controller = new AbortController();
    const requests = llm.stats.requests;
    const second = ask('staff', { conv_uid: b, user_input: '后到的问题', model_name: 'fake-one' }, undefined, controller.signal).catch(() => null);
    await until(async () => (await status()).waiting === 1);
    controller.abort();
    await second;
    await until(async () => (await status()).waiting === 0);
    await first;
    expect(llm.stats.requests).toBe(requests);
    expect(viewOf(await history('staff', b), 1)).toMatchObject({ status: 'stopped', context: '' });
  });

  it('sends the history within the token budget, newest rounds first', async () => {
    const conv = await newDialogue('demo');
    await ask('demo', { conv_uid: conv, user_input: '[long:1200] 第一轮长回答' });
    await ask('demo', { conv_uid: conv, user_input: '第二轮' });
    const second = llm.stats.prompts.at(-1)!;
    // The first round (about 1,000 tokens) does not fit the 400-token budget.
    expect(second.filter((m) => m.role === 'assistant')).toEqual([]);
    await ask('demo', { conv_uid: conv, user_input: '第三轮' });
    const third = llm.stats.prompts.at(-1)!;
    expect(third.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(third[1].content).toBe('第二轮');
  });

  it('gives chat_normal the best passages of the dialogue’s own processed documents', async () => {
    const conv = await newDialogue('demo');
    const other = await newDialogue('demo');
    await addChatFile(conv, '会议纪要.txt', ['项目启动会定于三月五日召开。', '预算评审由财务部负责。']);
    await addChatFile(other, '别人的文件.txt', ['项目启动会的秘密安排在别人的对话里。']);
    await ask('demo', { conv_uid: conv, user_input: '项目启动会是哪天？' });
    const prompt = llm.stats.prompts.at(-1)!.at(-1)!.content;
    expect(prompt).toContain('[1] 《会议纪要.txt》\n项目启动会定于三月五日召开。');
    expect(prompt).not.toContain('别人的对话');
    expect(prompt.endsWith('问题：项目启动会是哪天？')).toBe(true);
  });

  it('lists the configured chat models', async () => {
    expect((await inject('GET', CHAT_PATHS.modelTypes, 'staff')).json().data).toEqual(['fake-chat', 'fake-one']);
  });
});

describe('knowledge chat and the canary', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const headers = bearer(tokens.zhangwei);
    expect((await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers, payload: { name: SPACE } })).statusCode).toBe(200);
    const up = async (name: string, text: string, secrecy: string) => {
      const body = multipartBody({ secrecy, doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name, bytes: Buffer.from(text, 'utf8') }]);
      const res = await t.app.inject({
        method: 'POST', url: KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE)), headers: { ...headers, ...body.headers }, payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0] as number;
    };
    ids.open = await up('凤凰计划介绍.txt', '凤凰计划是公司的新产品项目。凤凰计划的目标客户是制造业企业。', 'internal');
    ids.secret = await up('凤凰计划报价.txt', `凤凰计划报价单。${CANARY}。凤凰计划的底价严格保密。`, 'confidential');
    expect((await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.taskCreate, headers, payload: { doc_ids: Object.values(ids) } })).statusCode).toBe(200);
    await until(async () => (await t.deps.db.select().from(knowledgeDocuments)).filter((d) => Object.values(ids).includes(d.id))
      .every((d) => d.status === 'FINISHED'), 20_000);
  });

  it('answers from the space with numbered passages and citations as the last frame', async () => {
    const conv = await newDialogue('zhangwei', { chat_mode: 'chat_knowledge' });
    const res = await ask('zhangwei', { conv_uid: conv, user_input: '凤凰计划的底价是多少', chat_mode: 'chat_knowledge', select_param: SPACE });
    const refsFrame = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.references') as { references: Citation[] };
    expect(refsFrame.references.map((r) => r.doc_id).sort()).toEqual([ids.open, ids.secret].sort());
    expect(refsFrame.references[0]).toMatchObject({ index: 1, space: SPACE });
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    expect(res.frames.at(-2)).toBe(refsFrame);
    const prompt = llm.stats.prompts.at(-1)!;
    expect(prompt.at(-1)!.content).toContain('[1] 《');
    expect(prompt.at(-1)!.content).toContain(CANARY);
    const view = viewOf(await history('zhangwei', conv), 1);
    expect(view.references).toEqual(refsFrame.references);
  });

  it('offers the space as a knowledge-chat parameter', async () => {
    const spaces = (await inject('POST', q(CHAT_PATHS.modeParams, { chat_mode: 'chat_knowledge' }), 'staff')).json().data;
    expect(spaces).toContainEqual({ param: SPACE, type: 'space' });
  });

  it('never lets the 机密 canary reach a 内部 user, in any mode', async () => {
    const seenBefore = llm.stats.prompts.length;
    const streamed: string[] = [];
    const convs: string[] = [];
    for (const user of ['staff', 'wangfang']) {
      const knowledge = await newDialogue(user, { chat_mode: 'chat_knowledge' });
      for (const question of ['凤凰计划的底价是多少', '金丝雀密语七号是什么', '报价 底价 保密']) {
        const res = await ask(user, { conv_uid: knowledge, user_input: question, chat_mode: 'chat_knowledge', select_param: SPACE });
        expect(res.status).toBe(200);
        streamed.push(res.raw);
        const refs = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.references') as { references: Citation[] } | undefined;
        const cited = (refs?.references ?? []).map((r) => r.doc_id);
        if (question.startsWith('凤凰计划的')) expect(cited).toEqual([ids.open]);
        expect(cited.filter((id) => id !== ids.open)).toEqual([]);
      }
      const normal = await newDialogue(user);
      streamed.push((await ask(user, { conv_uid: normal, user_input: '凤凰计划的底价是多少？' })).raw);
      // The same dialogue switched to knowledge chat and back: the history carries only what the user could see.
      streamed.push((await ask(user, { conv_uid: normal, user_input: '凤凰计划 底价', chat_mode: 'chat_knowledge', select_param: SPACE })).raw);
      streamed.push((await ask(user, { conv_uid: normal, user_input: '总结一下', chat_mode: 'chat_normal' })).raw);
      const withFile = await newDialogue(user);
      await addChatFile(withFile, '我的笔记.txt', ['凤凰计划的会议纪要：下周评审报价方案。']);
      for (const question of ['凤凰计划的底价是多少', '报价方案 底价']) {
        const res = await ask(user, { conv_uid: withFile, user_input: question });
        expect(res.text).toContain('凤凰计划的会议纪要');
        streamed.push(res.raw);
      }
      convs.push(knowledge, normal, withFile);
      for (const conv of [knowledge, normal]) streamed.push(JSON.stringify(await history(user, conv)));
    }
    const stored = await t.deps.db.select({ conv: chatDialogues.convUid, content: chatMessages.content, references: chatMessages.references })
      .from(chatMessages).innerJoin(chatDialogues, eq(chatDialogues.id, chatMessages.dialogueId));
    const theirs = stored.filter((r) => convs.includes(r.conv));
    expect(theirs.length).toBeGreaterThan(20);
    const received = JSON.stringify(llm.stats.prompts.slice(seenBefore));
    // The visible document does reach them (the test can fail), the 机密 one never does.
    expect(received).toContain('凤凰计划的目标客户');
    expect(streamed.join('')).toContain('凤凰计划的目标客户');
    for (const secret of ['九百万元', '凤凰计划报价单', '底价严格保密', String(ids.secret) === '0' ? 'x' : `"doc_id":${ids.secret}`]) {
      expect(received).not.toContain(secret);
      for (const s of streamed) expect(s).not.toContain(secret);
      for (const r of theirs) expect(`${r.content}${JSON.stringify(r.references)}`).not.toContain(secret);
    }
  });

  it('a lowered clearance withholds the answers that drew on a 机密 document: history, citations and the model’s history', async () => {
    // zhangwei (机密) asks about the 机密 document, then loses the clearance.
    const admin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
    const [zhangwei] = await t.deps.db.select().from(users).where(eq(users.username, 'zhangwei'));
    const conv = await newDialogue('zhangwei', { chat_mode: 'chat_knowledge' });
    const asked = await ask('zhangwei', { conv_uid: conv, user_input: '凤凰计划的底价是多少', chat_mode: 'chat_knowledge', select_param: SPACE });
    expect(asked.text).toContain(CANARY);
    // A plain question in the same dialogue: the model had the 机密 answer as history, and may repeat it.
    expect((await ask('zhangwei', { conv_uid: conv, user_input: '天气怎么样', chat_mode: 'chat_normal' })).text).toContain(CANARY);
    const plain = await newDialogue('zhangwei');
    await ask('zhangwei', { conv_uid: plain, user_input: '年假怎么休' });
    expect(JSON.stringify(await history('zhangwei', conv))).toContain(CANARY);
    try {
      const lowered = await t.app.inject({
        method: 'PUT', url: USER_PATHS.clearance.replace(':id', String(zhangwei.id)), headers: bearer(admin), payload: { clearance: 'internal' },
      });
      expect(lowered.statusCode, lowered.body).toBe(200);
      tokens.zhangwei = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
      const shown = await history('zhangwei', conv);
      expect(JSON.stringify(shown)).not.toContain(CANARY);
      expect(JSON.stringify(shown)).not.toContain('九百万元');
      for (const order of [1, 2]) {
        expect(viewOf(shown, order)).toMatchObject({ context: WITHHELD_ANSWER });
        expect(viewOf(shown, order).references).toBeUndefined();
        expect(shown.find((m) => m.role === 'ai' && m.order === order)?.context).toBe(WITHHELD_ANSWER);
      }
      // The questions stay; a dialogue that drew on no document is untouched.
      expect(shown.filter((m) => m.role === 'human').map((m) => m.context)).toEqual(['凤凰计划的底价是多少', '天气怎么样']);
      expect(viewOf(await history('zhangwei', plain), 1).context).toContain('年假怎么休');
      // The next question does not send the withheld answers to the model, and its own answer is shown.
      const next = await ask('zhangwei', { conv_uid: conv, user_input: '总结一下我们的对话', chat_mode: 'chat_normal' });
      expect(JSON.stringify(llm.stats.prompts.at(-1))).not.toContain(CANARY);
      expect(next.text).not.toContain(CANARY);
      expect(viewOf(await history('zhangwei', conv), 3).context).toBe(next.text);
    } finally {
      await t.app.inject({
        method: 'PUT', url: USER_PATHS.clearance.replace(':id', String(zhangwei.id)), headers: bearer(admin), payload: { clearance: 'confidential' },
      });
      tokens.zhangwei = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    }
  });
});

describe('an answer stops when its reader is revoked (issue 11)', () => {
  const revokedFrame = (frames: Frame[]) => frames.find((f) => f !== STREAM_DONE && f.object === 'chat.error') as { code: string; message: string } | undefined;

  it('a lowered clearance stops a streaming knowledge answer within a second, and its partial text is withheld', async () => {
    const admin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
    const [zhangwei] = await t.deps.db.select().from(users).where(eq(users.username, 'zhangwei'));
    const conv = await newDialogue('zhangwei', { chat_mode: 'chat_knowledge' });
    let lowered: Promise<number> | undefined;
    let loweredAt = 0;
    try {
      const res = await ask('zhangwei', { conv_uid: conv, user_input: '[slow:30] 凤凰计划的底价是多少', chat_mode: 'chat_knowledge', select_param: SPACE }, (_f, text) => {
        if (text.length >= 10 && !lowered) {
          lowered = t.app.inject({
            method: 'PUT', url: USER_PATHS.clearance.replace(':id', String(zhangwei.id)), headers: bearer(admin), payload: { clearance: 'internal' },
          }).then((r) => {
            loweredAt = Date.now();
            return r.statusCode;
          });
        }
      });
      const ended = Date.now();
      expect(await lowered).toBe(200);
      expect(ended - loweredAt).toBeLessThan(1000);
      expect(revokedFrame(res.frames)).toEqual({ object: 'chat.error', code: 'revoked', message: CHAT_MESSAGES.revoked });
      expect(res.frames.at(-1)).toBe(STREAM_DONE);
      // Most of the answer (the 机密 passage) never arrived.
      expect(res.text).not.toContain(CANARY);
      tokens.zhangwei = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
      await until(async () => viewOf(await history('zhangwei', conv), 1)?.status === 'stopped');
      expect(viewOf(await history('zhangwei', conv), 1).context).toBe(WITHHELD_ANSWER);
    } finally {
      await t.app.inject({
        method: 'PUT', url: USER_PATHS.clearance.replace(':id', String(zhangwei.id)), headers: bearer(admin), payload: { clearance: 'confidential' },
      });
      tokens.zhangwei = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
    }
  });

  it('signing out stops the answers streaming to that session, and only those', async () => {
    const other = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const [mine, theirs] = [await newDialogue('staff'), await newDialogue('staff')];
    const keep = postCompletion(base, other, { conv_uid: theirs, user_input: '[slow:20] 讲讲公司的历史' }).then((r) => readCompletion(r));
    let out = false;
    const res = await ask('staff', { conv_uid: mine, user_input: '[slow:30] 讲一个很长的故事' }, (_f, text) => {
      if (text.length < 8 || out) return;
      out = true;
      void t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: bearer(tokens.staff), payload: { username: 'staff' } });
    });
    expect(revokedFrame(res.frames)?.code).toBe('revoked');
    const kept = await keep;
    expect(revokedFrame(kept.frames)).toBeUndefined();
    expect(kept.text).toContain('讲讲公司的历史');
    tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('with a shared database, a session ended by another process stops the answer within a second or so', async () => {
    const token = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const conv = await newDialogue('wangfang');
    let cutAt = 0;
    const res = await postCompletion(base, token, { conv_uid: conv, user_input: '[slow:100] 讲一个很长的故事' }).then((r) => readCompletion(r, (_f, text) => {
      if (text.length >= 8 && !cutAt) {
        cutAt = -1;
        // As another process would: the row goes, nothing in this process is told.
        void t.deps.db.execute(sql`delete from sessions where user_id = (select id from users where username = 'wangfang')`).then(() => {
          cutAt = Date.now();
        });
      }
    }));
    expect(revokedFrame(res.frames)?.code).toBe('revoked');
    expect(Date.now() - cutAt).toBeLessThan(2000);
    tokens.wangfang = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
  });
});

describe('crash recovery', () => {
  it('marks answers left streaming by a dead process as stopped, keeping their text', async () => {
    const { stopLeftOverAnswers } = await import('../../chat/dialogues');
    const conv = await newDialogue('demo');
    const [d] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, conv));
    const now = t.deps.now();
    await t.deps.db.insert(chatMessages).values([
      { dialogueId: d.id, round: 1, role: 'human', content: '崩溃前的问题', createdAt: now, updatedAt: now },
      { dialogueId: d.id, round: 1, role: 'view', content: '已经显示的一半', status: 'streaming', createdAt: now, updatedAt: now },
    ]);
    expect(await stopLeftOverAnswers(t.deps, 60_000)).toBe(0);
    expect(await stopLeftOverAnswers(t.deps, null)).toBeGreaterThanOrEqual(1);
    expect(viewOf(await history('demo', conv), 1)).toMatchObject({ status: 'stopped', context: '已经显示的一半' });
  });
});
