// Issue 29 §7: the owner mends what was extracted. Each rule is tried the way it could break: someone else's edit,
// a disabled chunk still recalled (in-memory term index, the SQL search of a space too large for memory, vectors), an
// edited chunk found by its old words, a chunk added by hand not recalled, a space's documents not all queued again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embed, startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { KNOWLEDGE_PATHS, type Chunk, type RecallHit } from '../../../contract/api';
import { auditLog, documentChunks, knowledgeDocuments, knowledgeSpaces, users } from '../../db/schema';
import { recallChunks } from '../../knowledge/search';
import type * as termIndexModule from '../../knowledge/term-index';
import { hasVectorColumn, vectorRecall } from '../../knowledge/vectors';
import { viewerOf, type Viewer } from '../../knowledge/visibility';
import { bearer } from '../../test-support/http';
import { createLlmApp } from '../../test-support/llm-app';
import { multipartBody } from '../../test-support/multipart';
import type { TestApp } from '../../test-support/test-app';
import { documentsSettled } from '../../test-support/documents-settled';

// The SQL search path is the one of a space too large to keep in memory: the term index then answers null.
type TermIndexModule = typeof termIndexModule;
const sqlOnly = vi.hoisted(() => ({ on: false }));
vi.mock('../../knowledge/term-index', async (importOriginal) => {
  const real = await importOriginal<TermIndexModule>();
  return { ...real, termIndex: (...args: Parameters<typeof real.termIndex>) => (sqlOnly.on ? Promise.resolve(null) : real.termIndex(...args)) };
});

let t: TestApp;
let llm: FakeLlm;
let tokens: Record<string, string>;
let vectors = false;
let spaceId = 0;
const SPACE = '分块维护';
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
const ids: Record<string, number> = {};

const MANUAL = [
  '# 安装手册', '## 阀门安装', 'DN50 阀门安装前应检查密封面是否完好。', '## 水泵检修', '水泵检修周期为每季度一次，由设备科负责。',
  '## 电机保养', '电机轴承每半年加注一次润滑脂。',
].join('\n\n');

const post = (url: string, user: string, body: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body as object });

async function upload(user: string, name: string, content: string, secrecy = 'internal'): Promise<number> {
  const body = multipartBody({ secrecy, review_role: '-2' }, [{ field: 'doc_file', name, bytes: Buffer.from(content) }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as number;
}

const settled = (docIds: number[]) => documentsSettled(t, docIds);

async function chunksOf(documentId: number, user = 'demo'): Promise<Chunk[]> {
  const res = await post(at(KNOWLEDGE_PATHS.chunkList), user, { document_id: documentId, page_size: 200 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

const chunkHolding = async (documentId: number, text: string) => (await chunksOf(documentId)).find((c) => c.content.includes(text)) as Chunk;
const docRow = async (id: number) => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)))[0];

async function viewerNamed(username: string): Promise<Viewer> {
  const [u] = await t.deps.db.select().from(users).where(eq(users.username, username));
  return viewerOf(t.deps, { id: u.id, system: false, clearance: u.clearance, deptId: u.deptId } as never);
}

/**
 * The chunk ids found by full text for a question: by the in-memory term index (through the route, its answer cache
 * included; vector-only hits left out) and by SQL search.
 */
async function recalledBoth(question: string): Promise<{ index: number[]; sql: number[] }> {
  const res = await post(at(KNOWLEDGE_PATHS.recallTest), 'demo', { question, recall_top_k: 20, recall_score_threshold: 0 });
  expect(res.statusCode, res.body).toBe(200);
  const index = (res.json().data as RecallHit[]).filter((h) => h.retriever !== 'vector').map((h) => h.chunk_id);
  sqlOnly.on = true;
  try {
    const hits = await recallChunks({ db: t.deps.db }, await viewerNamed('demo'), spaceId, question, 20, 0);
    return { index, sql: hits.map((h) => h.chunk_id) };
  } finally {
    sqlOnly.on = false;
  }
}

beforeAll(async () => {
  llm = await startFakeLlm();
  ({ t, tokens } = await createLlmApp(llm, { users: ['demo', 'staff', 'wangfang'], config: { embeddingModel: { name: 'fake-embedding', limit: 5 } } }));
  vectors = await hasVectorColumn(t.deps.db);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: SPACE })).statusCode).toBe(200);
  [{ id: spaceId }] = await t.deps.db.select().from(knowledgeSpaces).where(eq(knowledgeSpaces.name, SPACE));
  ids.manual = await upload('demo', '安装手册.md', MANUAL);
  ids.table = await upload('demo', '参数表.csv', '型号,公称压力\nDN50,1.6 MPa\nDN80,2.5 MPa\n');
  ids.pool = await upload('demo', 'pool.txt', 'The database connection pool keeps idle links open for reuse.');
  ids.secret = await upload('demo', '路线图.txt', '新一代产品路线图，发布计划定于明年第三季度。', 'secret');
  ids.hers = await upload('wangfang', '测试记录.txt', '回归测试记录：登录模块通过。');
  expect((await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [ids.manual, ids.table, ids.pool, ids.secret] })).statusCode).toBe(200);
  expect((await post(KNOWLEDGE_PATHS.taskCreate, 'wangfang', { doc_ids: [ids.hers] })).statusCode).toBe(200);
  for (const row of await settled(Object.values(ids))) expect(row.status, row.result).toBe('FINISHED');
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('who may mend chunks', () => {
  it('lists each chunk with its heading path and flags, none set after processing', async () => {
    const chunks = await chunksOf(ids.manual);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(await chunkHolding(ids.manual, '水泵检修周期')).toMatchObject({ heading_path: '安装手册 › 水泵检修', edited: false, disabled: false, manual: false });
  });

  it('refuses a user without the button (403), one who may not see the document (404), and one who does not own it (400)', async () => {
    const chunk = await chunkHolding(ids.manual, '水泵检修周期');
    const change = { document_id: ids.manual, chunk_id: chunk.id, content: '改过的内容' };
    expect((await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'staff', change)).statusCode).toBe(403);
    const notOwner = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'wangfang', change);
    expect(notOwner.json()).toMatchObject({ success: false, err_msg: '只有文档的上传者或知识空间的创建者可以修改或删除文档' });
    expect(notOwner.statusCode).toBe(400);
    for (const [path, body] of [
      [KNOWLEDGE_PATHS.chunkDisable, { document_id: ids.manual, chunk_id: chunk.id, disabled: true }],
      [KNOWLEDGE_PATHS.chunkDelete, { document_id: ids.manual, chunk_id: chunk.id }],
      [KNOWLEDGE_PATHS.chunkAdd, { document_id: ids.manual, content: '新增' }],
    ] as const) expect((await post(at(path), 'wangfang', body)).statusCode, path).toBe(400);
    // A secret document is not confirmed to a viewer below its grade, even with a real chunk id.
    const [secretChunk] = await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, ids.secret));
    const hidden = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'wangfang', { document_id: ids.secret, chunk_id: secretChunk.id, content: 'x' });
    expect(hidden.statusCode).toBe(404);
    // A chunk of another document is not reached through this one.
    const other = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.manual, chunk_id: secretChunk.id, content: 'x' });
    expect(other.statusCode).toBe(404);
    expect((await chunkHolding(ids.manual, '水泵检修周期')).edited).toBe(false);
    const refused = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'doc-update'));
    expect(refused.map((e) => `${e.actorUsername}:${e.result}`)).toEqual(expect.arrayContaining(['staff:failure', 'wangfang:failure']));
  });

  it('lets the document\'s uploader and the space\'s owner mend it', async () => {
    const [hers] = await chunksOf(ids.hers, 'wangfang');
    const own = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'wangfang', { document_id: ids.hers, chunk_id: hers.id, content: '回归测试记录：登录模块与支付模块均通过。' });
    expect(own.statusCode, own.body).toBe(200);
    const owner = await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.hers, chunk_id: hers.id, disabled: false });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('refuses to change the chunks of a document being processed', async () => {
    const chunk = await chunkHolding(ids.manual, '电机轴承');
    await t.deps.db.update(knowledgeDocuments).set({ status: 'RUNNING' }).where(eq(knowledgeDocuments.id, ids.manual));
    try {
      const res = await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.manual, chunk_id: chunk.id, disabled: true });
      expect(res.json()).toMatchObject({ success: false, err_msg: '文档正在处理，处理完成后才能修改分块' });
    } finally {
      await t.deps.db.update(knowledgeDocuments).set({ status: 'FINISHED' }).where(eq(knowledgeDocuments.id, ids.manual));
    }
  });
});

describe('mended chunks in recall', () => {
  it('never recalls a disabled chunk, by the term index or by SQL, and recalls it again once enabled', async () => {
    const chunk = await chunkHolding(ids.manual, '水泵检修周期');
    expect(await recalledBoth('水泵检修周期')).toEqual({ index: expect.arrayContaining([chunk.id]), sql: expect.arrayContaining([chunk.id]) });
    const res = await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.manual, chunk_id: chunk.id, disabled: true });
    expect(res.json().data).toMatchObject({ id: chunk.id, disabled: true, content: chunk.content });
    const off = await recalledBoth('水泵检修周期');
    expect(off.index).not.toContain(chunk.id);
    expect(off.sql).not.toContain(chunk.id);
    // Still listed, marked, and counted.
    expect((await chunkHolding(ids.manual, '水泵检修周期')).disabled).toBe(true);
    expect((await docRow(ids.manual)).chunkCount).toBe((await chunksOf(ids.manual)).length);
    await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.manual, chunk_id: chunk.id, disabled: false });
    const on = await recalledBoth('水泵检修周期');
    expect(on.index).toContain(chunk.id);
    expect(on.sql).toContain(chunk.id);
  });

  it('finds an edited chunk by its new words, not its old, with its place, position and heading path kept', async () => {
    const before = await chunkHolding(ids.table, 'DN80');
    expect(before.position.rows).toBeDefined();
    const res = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.table, chunk_id: before.id, content: '  型号: DN100；公称压力: 4.0 MPa；适用蒸汽管线  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: before.id, seq: before.seq, position: before.position, heading_path: before.heading_path, edited: true, manual: false,
      content: '型号: DN100；公称压力: 4.0 MPa；适用蒸汽管线',
    });
    const fresh = await recalledBoth('蒸汽管线');
    expect(fresh.index).toContain(before.id);
    expect(fresh.sql).toContain(before.id);
    const old = await recalledBoth('DN80');
    expect(old.index).not.toContain(before.id);
    expect(old.sql).not.toContain(before.id);
    // The heading path stays part of what is matched.
    const inSection = await chunkHolding(ids.manual, '电机轴承');
    await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.manual, chunk_id: inSection.id, content: '每半年加注一次润滑脂。' });
    expect((await recalledBoth('电机保养')).index).toContain(inSection.id);
    const empty = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.table, chunk_id: before.id, content: '   ' });
    expect(empty.json()).toMatchObject({ success: false, err_msg: '分块内容不能为空' });
  });

  it('adds a chunk by hand after the last one, marked manual, recalled and counted; a deleted one is neither', async () => {
    const before = await chunksOf(ids.manual);
    const res = await post(at(KNOWLEDGE_PATHS.chunkAdd), 'demo', { document_id: ids.manual, content: '冷却塔每月清洗一次。', heading_path: '安装手册 › 冷却塔' });
    expect(res.statusCode, res.body).toBe(200);
    const added: Chunk = res.json().data;
    expect(added).toMatchObject({ seq: Math.max(...before.map((c) => c.seq)) + 1, manual: true, edited: false, heading_path: '安装手册 › 冷却塔', position: {} });
    expect((await docRow(ids.manual)).chunkCount).toBe(before.length + 1);
    expect((await docRow(ids.manual)).result).toContain(`共 ${before.length + 1} 个分块`);
    const found = await recalledBoth('冷却塔清洗');
    expect(found.index[0]).toBe(added.id);
    expect(found.sql[0]).toBe(added.id);

    expect((await post(at(KNOWLEDGE_PATHS.chunkDelete), 'demo', { document_id: ids.manual, chunk_id: added.id })).statusCode).toBe(200);
    expect((await docRow(ids.manual)).chunkCount).toBe(before.length);
    expect((await docRow(ids.manual)).result).toContain(`共 ${before.length} 个分块`);
    const gone = await recalledBoth('冷却塔清洗');
    expect(gone.index).not.toContain(added.id);
    expect(gone.sql).not.toContain(added.id);
    expect((await post(at(KNOWLEDGE_PATHS.chunkDelete), 'demo', { document_id: ids.manual, chunk_id: added.id })).statusCode).toBe(404);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'doc-update'));
    expect(entries.map((e) => `${e.actorUsername}:${e.result}:${e.detail}`)).toEqual(expect.arrayContaining([
      `demo:success:新增分块第 ${added.seq + 1} 段`, `demo:success:删除分块第 ${added.seq + 1} 段`,
    ]));
  });

  it('leaves a disabled chunk out of vector recall, and embeds an edited chunk\'s new text', async () => {
    if (!vectors) return;
    const pool = await chunkHolding(ids.pool, 'connection pool');
    const viewer = await viewerNamed('demo');
    const nearest = async (text: string) => (await vectorRecall(t.deps.db, viewer, spaceId, 'fake-embedding', embed(text), 5)).map((r) => r.id);
    expect(await nearest('databases connections')).toContain(pool.id);
    await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.pool, chunk_id: pool.id, disabled: true });
    expect(await nearest('databases connections')).not.toContain(pool.id);
    await post(at(KNOWLEDGE_PATHS.chunkDisable), 'demo', { document_id: ids.pool, chunk_id: pool.id, disabled: false });
    const text = 'Braised pork belly with rock sugar, simmered for an hour.';
    expect((await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.pool, chunk_id: pool.id, content: text })).statusCode).toBe(200);
    const [best] = await vectorRecall(t.deps.db, viewer, spaceId, 'fake-embedding', embed(text), 1);
    expect(best).toMatchObject({ id: pool.id });
    expect(best.score).toBeCloseTo(1, 5);
  });
});

describe('全部重新处理', () => {
  it('is refused to anyone but the space\'s owner, and queues every document of the space, hand edits lost', async () => {
    expect((await post(at(KNOWLEDGE_PATHS.documentReprocessAll), 'staff')).statusCode).toBe(403);
    const other = await post(at(KNOWLEDGE_PATHS.documentReprocessAll), 'wangfang');
    expect(other.json()).toMatchObject({ success: false, err_msg: '只有知识空间的创建者可以全部重新处理' });
    const edited = await chunkHolding(ids.manual, '每半年加注');
    expect(edited.edited).toBe(true);
    const res = await post(at(KNOWLEDGE_PATHS.documentReprocessAll), 'demo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ queued: Object.keys(ids).length });
    for (const row of await settled(Object.values(ids))) expect(row.status, row.result).toBe('FINISHED');
    const chunks = await chunksOf(ids.manual);
    expect(chunks.some((c) => c.edited || c.manual || c.disabled)).toBe(false);
    expect(chunks.map((c) => c.content).join('\n')).toContain('电机轴承每半年加注一次润滑脂。');
    expect((await chunkHolding(ids.table, 'DN80')).edited).toBe(false);
  });
});

describe('when the embedding model is down', () => {
  it('keeps an edit, recalled by full text, with the document marked 向量待补', async () => {
    if (!vectors) return;
    await llm.close();
    const chunk = await chunkHolding(ids.manual, '水泵检修周期');
    const res = await post(at(KNOWLEDGE_PATHS.chunkUpdate), 'demo', { document_id: ids.manual, chunk_id: chunk.id, content: '水泵检修周期改为每两个月一次。' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await docRow(ids.manual)).vectorsPending).toBe(true);
    expect((await recalledBoth('每两个月')).index).toContain(chunk.id);
    const viewer = await viewerNamed('demo');
    const near = await vectorRecall(t.deps.db, viewer, spaceId, 'fake-embedding', embed('水泵检修周期改为每两个月一次。'), 50);
    expect(near.map((r) => r.id)).not.toContain(chunk.id);
  });
});
