// Embeddings with the fake model (tests/support/fake-llm.ts, 64-dimension bigram vectors): stored while
// processing, found by meaning where full text finds nothing, and never past THE visibility predicate.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { KNOWLEDGE_PATHS, type RecallHit } from '../../../contract/api';
import { knowledgeDocuments } from '../../db/schema';
import { recallChunks } from '../../knowledge/search';
import { hasVectorColumn } from '../../knowledge/vectors';
import { viewerOf } from '../../knowledge/visibility';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { documentsSettled } from '../../test-support/documents-settled';

let t: TestApp;
let llm: FakeLlm;
let vectors = false;
const tokens: Record<string, string> = {};
const SPACE = '向量资料';
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
const ids: Record<string, number> = {};

const post = (url: string, user: string, body: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body as object });

async function upload(user: string, name: string, content: string, secrecy: string): Promise<number> {
  const body = multipartBody({ secrecy, review_role: '-2' }, [{ field: 'doc_file', name, bytes: Buffer.from(content) }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as number;
}

async function processed(docIds: number[], timeoutMs = 20_000) {
  expect((await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: docIds })).statusCode).toBe(200);
  // A retry waits 2 s of the (fake) clock.
  return documentsSettled(t, docIds, { timeoutMs, advanceClockMs: 1000 });
}

const recall = async (user: string, question: string, threshold?: number): Promise<RecallHit[]> => {
  const res = await post(at(KNOWLEDGE_PATHS.recallTest), user, { question, recall_top_k: 10, recall_score_threshold: threshold });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'test', llmModels: [{ name: 'fake-chat', limit: 5 }],
      embeddingModel: { name: 'fake-embedding', limit: 5 }, jobMaxAttempts: 2,
    },
  });
  vectors = await hasVectorColumn(t.deps.db);
  for (const u of ['demo', 'wangfang']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: SPACE, desc: '向量' })).statusCode).toBe(200);
  ids.pool = await upload('demo', 'pool.txt', 'The database connection pool keeps idle links open for reuse.', 'internal');
  ids.secret = await upload('demo', 'plan.txt', 'Secret plan: database connection pooling for the new engine.', 'secret');
  ids.other = await upload('demo', '菜谱.txt', '红烧肉的做法：五花肉切块，冰糖炒色，小火慢炖一小时。', 'internal');
  const rows = await processed(Object.values(ids));
  for (const r of rows) expect(r.status, r.result).toBe('FINISHED');
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('chunk embeddings', () => {
  it('stores a vector of the model\'s dimension for every chunk, or none where the database has no pgvector', async () => {
    const res = await t.deps.db.execute(vectors
      ? sql`SELECT count(*)::int AS n, count(embedding)::int AS embedded, min(vector_dims(embedding)) AS dims, min(embedding_model) AS model FROM document_chunks WHERE space_id = (SELECT id FROM knowledge_spaces WHERE name = ${SPACE})`
      : sql`SELECT count(*)::int AS n FROM document_chunks WHERE space_id = (SELECT id FROM knowledge_spaces WHERE name = ${SPACE})`);
    const [row] = rowsOf<Record<string, unknown>>(res);
    expect(Number(row.n)).toBeGreaterThanOrEqual(3);
    if (!vectors) return;
    expect(row).toMatchObject({ embedded: row.n, dims: 64, model: 'fake-embedding' });
    const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, ids.pool));
    expect(doc.result).toContain('已向量化');
  });

  it('finds a passage by its vector where full text finds nothing, merged by rank fusion', async () => {
    // "databases"/"connections" are not the indexed words "database"/"connection": full text misses them.
    const question = 'databases connections';
    const textOnly = await recallChunks({ db: t.deps.db }, await viewerOfUser('demo'), await spaceId(), question, 10);
    expect(textOnly).toEqual([]);
    const hits = await recall('demo', question);
    if (!vectors) return expect(hits).toEqual([]);
    expect(hits.map((h) => h.document_id)).toEqual(expect.arrayContaining([ids.pool, ids.secret]));
    expect(hits[0].retriever).toBe('vector');
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
    // The relevance is the cosine similarity, on the scale of the space's threshold (D29): the unrelated document,
    // further away, comes after the pool's and only below the default 0.3.
    const all = await recall('demo', question, 0);
    expect(all.findIndex((h) => h.document_id === ids.other)).toBeGreaterThan(all.findIndex((h) => h.document_id === ids.pool));
    expect(hits.every((h) => h.score >= 0.3)).toBe(true);
    // A question both retrievers answer is marked hybrid.
    expect((await recall('demo', 'database connection pool'))[0]).toMatchObject({ retriever: 'hybrid', document_id: ids.pool });
  });

  it('never answers a secret chunk to a viewer below its grade, by vector or by full text', async () => {
    for (const question of ['databases connections', 'Secret plan database connection pooling engine']) {
      const hits = await recall('wangfang', question);
      expect(hits.some((h) => h.document_id === ids.secret), question).toBe(false);
      if (vectors) expect(hits.some((h) => h.document_id === ids.pool), question).toBe(true);
    }
    // Regrading changes no chunk: the in-memory term index still holds them, SQL still refuses them.
    await post(at(KNOWLEDGE_PATHS.documentUpdate), 'demo', { doc_id: ids.pool, secrecy: 'secret' });
    expect((await recall('wangfang', 'database connection pool')).some((h) => h.document_id === ids.pool)).toBe(false);
    expect((await recall('demo', 'database connection pool')).some((h) => h.document_id === ids.pool)).toBe(true);
  });

  it('finishes a document with full text only when the model is down (向量待补), and recalls by full text meanwhile', async () => {
    await llm.close();
    const down = await upload('demo', 'down.txt', 'Network switch firmware upgrade steps.', 'internal');
    const [row] = await processed([down]);
    expect(row.status).toBe('FINISHED');
    expect(row.vectorsPending).toBe(vectors);
    if (vectors) expect(row.result).toMatch(/已完成全文索引，向量待补（向量化失败：模型服务不可用/);
    const hits = await recall('demo', '红烧肉的做法');
    expect(hits.map((h) => [h.document_id, h.retriever])).toEqual([[ids.other, 'fulltext']]);
  });
});

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

async function spaceId(): Promise<number> {
  const res = await t.deps.db.execute(sql`SELECT id FROM knowledge_spaces WHERE name = ${SPACE}`);
  return Number(rowsOf<{ id: number }>(res)[0].id);
}

async function viewerOfUser(username: string) {
  const res = await t.deps.db.execute(sql`SELECT id, clearance FROM users WHERE username = ${username}`);
  const [u] = rowsOf<{ id: number; clearance: string }>(res);
  return viewerOf(t.deps, { id: u.id, system: false, clearance: u.clearance } as never);
}
