// Spaces limited to departments and roles (issue 27 §2, D93): a user the limit leaves out meets a missing space on
// every path (list, arguments, documents, tasks, chunks, recall, chat and its option list, history), and one who loses
// the space afterwards loses its answers too. Several spaces in one knowledge dialogue are recalled and cited by space.
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, type ChatMessage, type Citation } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { WITHHELD_ANSWER } from '../../chat/withheld';
import { departments, knowledgeDocuments, roles } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let llm: FakeLlm;
let base = '';
const tokens: Record<string, string> = {};
const RD = '研发专区';
const MARKET = '市场专区';
const OPEN = '公共专区';
const at = (p: string, space: string, id?: number) => p.replace(':space', encodeURIComponent(space)).replace(':id', String(id ?? 0));
const docs: Record<string, number> = {};
let dept: Map<string, number>;
let role: Map<string, number>;

const post = (url: string, user: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload });
const get = (url: string, user: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]) });
const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

async function upload(user: string, space: string, name: string, content: string): Promise<number> {
  const body = multipartBody({ secrecy: 'public' }, [{ field: 'doc_file', name, bytes: Buffer.from(content, 'utf8') }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload, space), headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

async function ask(user: string, select: string, question: string) {
  const conv = (await post(q(CHAT_PATHS.dialogueNew, { chat_mode: 'chat_knowledge' }), user)).json().data.conv_uid as string;
  const res = await readCompletion(await postCompletion(base, tokens[user], { conv_uid: conv, user_input: question, chat_mode: 'chat_knowledge', select_param: select }));
  const refs = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.references') as { references: Citation[] } | undefined;
  return { conv, res, references: refs?.references ?? [] };
}

async function history(user: string, conv: string): Promise<ChatMessage[]> {
  return (await get(q(CHAT_PATHS.history, { con_uid: conv }), user)).json().data;
}

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ config: { llmBaseUrl: llm.url, llmApiKey: 'test-key', llmModels: [{ name: 'fake-chat', limit: 5 }], llmTimeoutMs: 10_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['demo', 'staff', 'wangfang', 'lina', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  dept = new Map((await t.deps.db.select().from(departments)).map((d) => [d.name, d.id]));
  role = new Map((await t.deps.db.select().from(roles)).map((r) => [r.name, r.id]));
  // 研发专区: the 研发中心 department and those under it. 市场专区: the 市场人员 role. 公共专区: everyone.
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: RD, dept_ids: String(dept.get('研发中心')) })).statusCode).toBe(200);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: MARKET, review_role: String(role.get('市场人员')) })).statusCode).toBe(200);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: OPEN })).statusCode).toBe(200);
  docs.rd = await upload('demo', RD, '火箭发动机.txt', '火箭发动机的推力测试安排在周三。火箭发动机的燃料为液氧煤油。');
  docs.market = await upload('demo', MARKET, '火箭营销.txt', '火箭发动机的营销方案面向航天客户。');
  docs.open = await upload('demo', OPEN, '火箭常识.txt', '火箭发动机是把燃料化学能转为推力的装置。');
  expect((await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: Object.values(docs) })).statusCode).toBe(200);
  const deadline = Date.now() + 20_000;
  while ((await t.deps.db.select().from(knowledgeDocuments).where(inArray(knowledgeDocuments.id, Object.values(docs)))).some((d) => d.status !== 'FINISHED')) {
    if (Date.now() > deadline) throw new Error('documents not processed');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('a space limited to departments and roles', () => {
  it('is listed to its departments (with those below), its roles and its owner only, in 知识库 and in the chat options', async () => {
    const names = async (user: string) => (await post(KNOWLEDGE_PATHS.spaceList, user)).json().data.map((s: { name: string }) => s.name).sort();
    expect(await names('demo')).toEqual([OPEN, RD, MARKET].sort()); // owner of all three
    expect(await names('wangfang')).toEqual([OPEN, RD].sort()); // 测试部, below 研发中心
    expect(await names('staff')).toEqual([OPEN, MARKET].sort()); // 市场人员
    expect(await names('lina')).toEqual([OPEN, MARKET].sort()); // 市场人员 too
    const options = (await post(q(CHAT_PATHS.modeParams, { chat_mode: 'chat_knowledge' }), 'staff')).json().data.map((o: { param: string }) => o.param);
    expect(options).not.toContain(RD);
    const listed = (await post(KNOWLEDGE_PATHS.spaceList, 'demo')).json().data.find((s: { name: string }) => s.name === RD);
    expect(listed).toMatchObject({ dept_ids: String(dept.get('研发中心')), dept_names: ['研发中心'], review_role: '' });
  });

  it('answers 404 as for a missing space to a user outside it, on every path that names the space or its documents', async () => {
    const refused = [
      await post(at(KNOWLEDGE_PATHS.spaceArguments, RD), 'staff'),
      await post(at(KNOWLEDGE_PATHS.documentList, RD), 'staff', { page_size: 20 }),
      await post(at(KNOWLEDGE_PATHS.chunkList, RD), 'staff', { document_id: docs.rd }),
      await post(at(KNOWLEDGE_PATHS.recallTest, RD), 'staff', { question: '火箭发动机' }),
      await get(at(KNOWLEDGE_PATHS.documentDownload, RD, docs.rd), 'staff'),
      await post(at(KNOWLEDGE_PATHS.documentUpdate, MARKET), 'zhangwei', { doc_id: docs.market, doc_name: 'x.txt' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toMatch(/知识空间不存在：(研发专区|市场专区)/);
    }
    // 部门负责人 holds every button but is outside 市场专区: changing, deleting, uploading or processing there is refused as missing.
    for (const res of [
      await post(KNOWLEDGE_PATHS.spaceSave, 'zhangwei', { name: MARKET, desc: 'x' }),
      await post(KNOWLEDGE_PATHS.spaceDelete, 'zhangwei', { name: MARKET }),
      await post(at(KNOWLEDGE_PATHS.documentDelete, MARKET), 'zhangwei', { doc_id: docs.market }),
      await post(KNOWLEDGE_PATHS.taskRetryFailed, 'zhangwei', { space_name: MARKET }),
    ]) expect(res.statusCode, res.body).toBe(404);
    const body = multipartBody({ secrecy: 'public' }, [{ field: 'doc_file', name: 'a.txt', bytes: Buffer.from('x') }]);
    const up = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload, MARKET), headers: { ...bearer(tokens.zhangwei), ...body.headers }, payload: body.payload });
    expect(up.statusCode).toBe(404);
    // Documents named by id alone: the same missing document as any other unseen one.
    expect((await post(KNOWLEDGE_PATHS.taskRetry, 'zhangwei', { doc_id: docs.market })).statusCode).toBe(404);
    expect((await post(KNOWLEDGE_PATHS.taskCreate, 'zhangwei', { doc_ids: [docs.market] })).statusCode).toBe(404);
    expect((await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, docs.market)))[0].docName).toBe('火箭营销.txt');
  });

  it('keeps its passages out of knowledge chat: the space is refused alone and never cited beside another', async () => {
    const alone = await ask('staff', RD, '火箭发动机的燃料是什么');
    expect(alone.res.raw || alone.res.text).toContain(`知识空间不存在：${RD}`);
    const mixed = await ask('staff', `${OPEN},${RD}`, '火箭发动机的燃料是什么');
    expect(mixed.res.raw || mixed.res.text).toContain(`知识空间不存在：${RD}`);
    expect(mixed.references).toEqual([]);
  });

  it('withholds an old answer and its citations once the user loses the space, and refuses it at once everywhere', async () => {
    const before = await ask('wangfang', RD, '火箭发动机的燃料是什么');
    expect(before.references.map((r) => r.doc_id)).toEqual([docs.rd]);
    expect((await post(at(KNOWLEDGE_PATHS.recallTest, RD), 'wangfang', { question: '火箭发动机' })).statusCode).toBe(200);
    // Narrowed to 软件研发部: 测试部 is no longer below it.
    const saved = await post(KNOWLEDGE_PATHS.spaceSave, 'demo', { name: RD, dept_ids: String(dept.get('软件研发部')) });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await history('wangfang', before.conv)).find((m) => m.role === 'view')!;
    expect(view.context).toBe(WITHHELD_ANSWER);
    expect(view.references).toBeUndefined();
    expect((await post(at(KNOWLEDGE_PATHS.recallTest, RD), 'wangfang', { question: '火箭发动机' })).statusCode).toBe(404);
    expect((await post(at(KNOWLEDGE_PATHS.documentList, RD), 'wangfang', { page_size: 20 })).statusCode).toBe(404);
  });

  it('refuses a limit naming an unknown department or role, with the field named, and keeps the space as it was', async () => {
    const bad = await post(KNOWLEDGE_PATHS.spaceSave, 'demo', { name: OPEN, dept_ids: '999999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err_msg).toBe('授权部门不存在');
    expect((await post(KNOWLEDGE_PATHS.spaceSave, 'demo', { name: OPEN, review_role: 'a,b' })).json().err_msg).toBe('授权角色格式不正确，应为逗号分隔的编号');
    const open = (await post(KNOWLEDGE_PATHS.spaceList, 'lina', { name: OPEN })).json().data;
    expect(open).toHaveLength(1);
  });
});

describe('the space dialog\'s department picker', () => {
  it('gives a 知识库 user department names and places only, never the management department calls', async () => {
    const res = await post(KNOWLEDGE_PATHS.spaceDepts, 'lina');
    expect(res.statusCode, res.body).toBe(200);
    const depts = res.json().data as Record<string, unknown>[];
    expect(depts.length).toBeGreaterThan(1);
    for (const d of depts) expect(Object.keys(d).sort()).toEqual(['id', 'name', 'parent_id']);
    expect((await get('/api/sysMgr/depts/tree/-2', 'lina')).statusCode).toBe(403);
  });
});

describe('several spaces in one knowledge dialogue', () => {
  it('recalls across the spaces named and cites each passage with its space', async () => {
    const { references, conv } = await ask('staff', `${OPEN},${MARKET}`, '火箭发动机');
    expect(references.map((r) => [r.space, r.doc_id]).sort()).toEqual([[MARKET, docs.market], [OPEN, docs.open]].sort());
    expect(references.map((r) => r.index)).toEqual([1, 2]);
    const prompt = llm.stats.prompts.at(-1)!.at(-1)!.content;
    expect(prompt).toContain(`（知识空间「${MARKET}」）`);
    expect(prompt).toContain(`（知识空间「${OPEN}」）`);
    const view = (await history('staff', conv)).find((m) => m.role === 'view')!;
    expect(view.references?.map((r) => r.space).sort()).toEqual([MARKET, OPEN].sort());
  });
});
