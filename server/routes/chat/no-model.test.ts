import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, type ChatMessage } from '../../../contract/api';
import { knowledgeDocuments } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

// No LLM_BASE_URL / LLM_MODEL: chat still answers, with the 未配置大模型 message (and passages where it can).
let t: TestApp;
let base = '';
const tokens: Record<string, string> = {};
const SPACE = '无模型空间';

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.llmModels).toEqual([]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'staff']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
});
afterAll(async () => t?.close());

const inject = (method: 'GET' | 'POST', url: string, user: string) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]), ...(method === 'POST' ? { payload: {} } : {}) });

async function newDialogue(user: string): Promise<string> {
  return (await inject('POST', CHAT_PATHS.dialogueNew, user)).json().data.conv_uid;
}

async function history(user: string, conv: string): Promise<ChatMessage[]> {
  return (await inject('GET', `${CHAT_PATHS.history}?con_uid=${conv}`, user)).json().data;
}

describe('without a model', () => {
  it('lists no models and no queues, and new dialogues have no model', async () => {
    expect((await inject('GET', CHAT_PATHS.modelTypes, 'demo')).json().data).toEqual([]);
    expect((await inject('POST', CHAT_PATHS.concurrency, 'demo')).json().data).toEqual([]);
    expect((await inject('POST', CHAT_PATHS.dialogueNew, 'demo')).json().data.model_name).toBeNull();
  });

  it('chat_normal answers 未配置大模型 as a normal, stored, complete answer (also when a model is named)', async () => {
    const conv = await newDialogue('demo');
    const res = await readCompletion(await postCompletion(base, tokens.demo, { conv_uid: conv, user_input: '你好', model_name: 'gpt-4o' }));
    expect(res.status).toBe(200);
    expect(res.text).toBe(CHAT_MESSAGES.noModel);
    expect(res.text).toBe('管理员尚未配置大模型，暂时无法生成回答。');
    // Staff read no variable names; those are in the start-up output and the README (D38).
    expect(res.text).not.toMatch(/LLM_|\.env/);
    expect(res.frames.some((f) => f !== STREAM_DONE && f.object === 'chat.error')).toBe(false);
    expect(res.frames.at(-1)).toBe(STREAM_DONE);
    const messages = await history('demo', conv);
    expect(messages.map((m) => m.role)).toEqual(['human', 'view']);
    expect(messages[1]).toMatchObject({ context: CHAT_MESSAGES.noModel, status: 'complete', model_name: null });
  });

  it('chat_knowledge answers the best visible passages with their documents, saying no model is configured', async () => {
    const headers = bearer(tokens.demo);
    expect((await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers, payload: { name: SPACE } })).statusCode).toBe(200);
    const up = async (name: string, text: string, secrecy: string) => {
      const body = multipartBody({ secrecy }, [{ field: 'doc_file', name, bytes: Buffer.from(text, 'utf8') }]);
      const res = await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE)), headers: { ...headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0] as number;
    };
    const open = await up('考勤制度.txt', '考勤制度：核心工作时间为上午十点到下午四点。', 'internal');
    const secret = await up('考勤例外.txt', '考勤例外名单：高管不受核心工作时间约束。', 'secret');
    await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.taskCreate, headers, payload: { doc_ids: [open, secret] } });
    const deadline = Date.now() + 20_000;
    while ((await t.deps.db.select().from(knowledgeDocuments)).some((d) => d.status !== 'FINISHED') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const conv = await newDialogue('staff');
    const res = await readCompletion(await postCompletion(base, tokens.staff, {
      conv_uid: conv, user_input: '核心工作时间是什么时候', chat_mode: 'chat_knowledge', select_param: SPACE,
    }));
    expect(res.text.startsWith(CHAT_MESSAGES.noModel)).toBe(true);
    expect(res.text).toContain('**[1] 考勤制度.txt**');
    expect(res.text).toContain('核心工作时间为上午十点到下午四点');
    expect(res.text).not.toContain('考勤例外');
    expect(res.text).not.toContain('高管');
    const refs = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.references');
    expect(refs).toMatchObject({ references: [{ index: 1, doc_id: open, doc_name: '考勤制度.txt' }] });
    expect((await history('staff', conv))[1]).toMatchObject({ status: 'complete', context: res.text });
  });
});
