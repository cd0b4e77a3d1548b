import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, USER_PATHS } from '../../contract/api';
import { departments, knowledgeDocuments, roles, userRoles } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { postCompletion, readCompletion } from '../test-support/sse';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';

// D27: a user created by the system administrator holds no role. The business pages every signed-in account may
// open (spec §3 otherFunc) must work for them, within their clearance and the documents' review roles, with no button.
let t: TestApp;
let base = '';
const tokens: Record<string, string> = {};
const SPACE = '新人空间';
let newcomerId = 0;
const docs: Record<string, number> = {};

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));

beforeAll(async () => {
  t = await createTestApp({ config: { jobLeaseMs: 5000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  tokens.secadmin = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
  tokens.demo = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);

  // demo (秘密, with the upload button) fills a space: an open internal document, a secret one, one for 市场人员 only.
  expect((await call('demo', 'POST', KNOWLEDGE_PATHS.spaceAdd, { name: SPACE })).statusCode).toBe(200);
  const up = async (name: string, text: string, secrecy: string, review = '') => {
    const body = multipartBody({ secrecy, review_role: review }, [{ field: 'doc_file', name, bytes: Buffer.from(text, 'utf8') }]);
    const res = await t.app.inject({
      method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(tokens.demo), ...body.headers }, payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data[0] as number;
  };
  const [{ id: marketRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '市场人员'));
  docs.open = await up('考勤制度.txt', '考勤制度：核心工作时间为上午十点到下午四点，迟到需说明原因。', 'internal');
  docs.secret = await up('考勤例外.txt', '考勤例外名单：高管不受核心工作时间约束。', 'secret');
  docs.market = await up('市场考勤.txt', '市场考勤：外勤人员的核心工作时间按拜访安排执行。', 'internal', String(marketRole));
  await call('demo', 'POST', KNOWLEDGE_PATHS.taskCreate, { doc_ids: Object.values(docs) });
  const deadline = Date.now() + 20_000;
  while ((await t.deps.db.select().from(knowledgeDocuments)).some((d) => d.status !== 'FINISHED') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }

  // The system administrator creates the newcomer; the security administrator sets the clearance 内部. No role.
  const [dept] = await t.deps.db.select().from(departments).where(eq(departments.name, '研发中心'));
  const created = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'newcomer', fullName: '新同事', deptId: dept.id });
  expect(created.statusCode, created.body).toBe(200);
  const { user, password } = created.json().results as { user: { id: number }; password: string };
  newcomerId = user.id;
  const cleared = await call('secadmin', 'PUT', USER_PATHS.clearance.replace(':id', String(newcomerId)), { clearance: 'internal' });
  expect(cleared.statusCode, cleared.body).toBe(200);
  const first = await signIn(t.app, 'newcomer', password);
  const changed = await t.app.inject({
    method: 'PUT', url: AUTH_PATHS.password, headers: bearer(first), payload: { oldPassword: password, newPassword: 'my own secret 2030' },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  tokens.newcomer = await signIn(t.app, 'newcomer', 'my own secret 2030');
});
afterAll(async () => t?.close());

describe('a user without a role (D27)', () => {
  it('has no role and no granted function', async () => {
    expect(await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, newcomerId))).toEqual([]);
    const detail = (await call('newcomer', 'GET', AUTH_PATHS.userDetail)).json().results;
    expect(detail.allFunc).toEqual([]);
    expect(detail.allBtn).toEqual({});
  });

  it('uses 智能问答: own dialogues, history, modes, models, knowledge answers from documents they may see', async () => {
    const made = await call('newcomer', 'POST', CHAT_PATHS.dialogueNew);
    expect(made.statusCode, made.body).toBe(200);
    const conv = made.json().data.conv_uid as string;
    const list = await call('newcomer', 'GET', CHAT_PATHS.dialogueList);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { conv_uid: string }) => d.conv_uid)).toEqual([conv]);
    expect((await call('newcomer', 'GET', `${CHAT_PATHS.history}?con_uid=${conv}`)).statusCode).toBe(200);
    expect((await call('newcomer', 'GET', CHAT_PATHS.modelTypes)).statusCode).toBe(200);
    expect((await call('newcomer', 'POST', CHAT_PATHS.concurrency)).statusCode).toBe(200);
    expect((await call('newcomer', 'GET', CHAT_PATHS.files.replace(':id', conv))).statusCode).toBe(200);
    const params = await call('newcomer', 'POST', `${CHAT_PATHS.modeParams}?chat_mode=chat_knowledge`);
    expect(params.statusCode).toBe(200);
    expect(params.json().data.map((p: { param: string }) => p.param)).toContain(SPACE);

    const res = await readCompletion(await postCompletion(base, tokens.newcomer, {
      conv_uid: conv, user_input: '核心工作时间是什么时候', chat_mode: 'chat_knowledge', select_param: SPACE,
    }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('考勤制度.txt');
    // Secrecy and review roles still hold: neither the secret document nor the one shared with 市场人员.
    expect(res.text).not.toContain('考勤例外');
    expect(res.text).not.toContain('市场考勤');
    expect(res.frames.at(-1)).toBe(STREAM_DONE);

    // Another user's dialogue stays theirs.
    const demoConv = (await call('demo', 'POST', CHAT_PATHS.dialogueNew)).json().data.conv_uid as string;
    for (const res of [
      await call('newcomer', 'GET', `${CHAT_PATHS.history}?con_uid=${demoConv}`),
      await call('newcomer', 'POST', `${CHAT_PATHS.dialogueDelete}?con_uid=${demoConv}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().err_msg).toBe('对话不存在');
    }
    const deleted = await call('newcomer', 'POST', `${CHAT_PATHS.dialogueDelete}?con_uid=${conv}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('uses 知识库: spaces, documents, chunks and recall within clearance and review roles', async () => {
    const spaces = await call('newcomer', 'POST', KNOWLEDGE_PATHS.spaceList);
    expect(spaces.statusCode, spaces.body).toBe(200);
    expect(spaces.json().data.map((s: { name: string }) => s.name)).toContain(SPACE);
    expect((await call('newcomer', 'POST', KNOWLEDGE_PATHS.defaultArguments)).statusCode).toBe(200);
    const list = await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.documentList), { page_size: 50 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((d: { id: number }) => d.id)).toEqual([docs.open]);
    expect((await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.chunkList), { document_id: docs.open })).statusCode).toBe(200);
    for (const hidden of [docs.secret, docs.market]) {
      expect((await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.chunkList), { document_id: hidden })).statusCode).toBe(404);
      const file = await call('newcomer', 'GET', at(KNOWLEDGE_PATHS.documentDownload).replace(':id', String(hidden)));
      expect(file.statusCode).toBe(404);
    }
    const recall = await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.recallTest), { question: '考勤 核心工作时间', recall_top_k: 20 });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(new Set(recall.json().data.map((h: { document_id: number }) => h.document_id))).toEqual(new Set([docs.open]));
  });

  it('holds no button: adding spaces, uploading, editing and deleting documents, and chat uploads are refused', async () => {
    expect((await call('newcomer', 'POST', KNOWLEDGE_PATHS.spaceAdd, { name: '新人的空间' })).statusCode).toBe(403);
    expect((await call('newcomer', 'POST', KNOWLEDGE_PATHS.spaceDelete, { name: SPACE })).statusCode).toBe(403);
    expect((await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.documentUpdate), { doc_id: docs.open, doc_name: 'x.txt' })).statusCode).toBe(403);
    expect((await call('newcomer', 'POST', at(KNOWLEDGE_PATHS.documentDelete), { doc_id: docs.open })).statusCode).toBe(403);
    const conv = (await call('newcomer', 'POST', CHAT_PATHS.dialogueNew)).json().data.conv_uid as string;
    const body = multipartBody({ conv_id: conv }, [{ field: 'file', name: 'a.txt', bytes: Buffer.from('你好', 'utf8') }]);
    const chatUpload = await t.app.inject({
      method: 'POST', url: CHAT_PATHS.fileAdd, headers: { ...bearer(tokens.newcomer), ...body.headers }, payload: body.payload,
    });
    expect(chatUpload.statusCode).toBe(403);
  });

  it('is still refused management calls; system accounts still cannot reach the business pages', async () => {
    expect((await call('newcomer', 'GET', USER_PATHS.list)).statusCode).toBe(403);
    expect((await call('sysadmin', 'POST', KNOWLEDGE_PATHS.spaceList)).statusCode).toBe(403);
    expect((await call('secadmin', 'GET', CHAT_PATHS.dialogueList)).statusCode).toBe(403);
  });
});
