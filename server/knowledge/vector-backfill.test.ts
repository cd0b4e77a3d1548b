// 向量待补 (issue 29 §7): with the embedding model down or too slow a document is finished with full-text search
// only, marked vectors_pending, and a job of the vector queue fills its vectors in once the model answers again,
// waiting longer between attempts meanwhile. The fake model (tests/support/fake-llm.ts) sits behind a gate that fails
// or holds its embedding requests. Without pgvector (a PostgreSQL without the extension) there is nothing to fill.
import { createServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../tests/support/loopback';
import { startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { KNOWLEDGE_PATHS, type KnowledgeDocument, type RecallHit } from '../../contract/api';
import { knowledgeDocuments } from '../db/schema';
import { latestJob } from '../jobs/queue';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { processDocument } from './process';
import { backfillWaitMs, fillVectors, VECTOR_QUEUE } from './vector-backfill';
import { hasVectorColumn } from './vectors';

type GateMode = 'up' | 'down' | 'hang';
type Gate = { url: string; mode: GateMode; close: () => Promise<void> };

/** Passes requests to the fake model, except embeddings while down (503) or held (no answer). */
async function startGate(target: string): Promise<Gate> {
  const server = createServer(async (req, res) => {
    const body: Buffer[] = [];
    for await (const piece of req) body.push(piece as Buffer);
    if (req.url?.endsWith('/embeddings') && gate.mode !== 'up') {
      if (gate.mode === 'down') res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"embedding model down"}}');
      return;
    }
    const answer = await fetch(new URL(req.url ?? '/', target), {
      method: req.method, headers: { 'content-type': 'application/json' }, body: req.method === 'POST' ? Buffer.concat(body) : undefined,
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
  });
  const { url, close } = await listenOnLoopback(server);
  const gate: Gate = { url: `${url}/v1`, mode: 'up', close };
  return gate;
}

let llm: FakeLlm;
let gate: Gate;
let t: TestApp;
let vectors = false;
let token = '';
const SPACE = '向量待补资料';
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
const post = (url: string, body: unknown = {}) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: body as object });
const docOf = async (id: number) => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)))[0];
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const ids: Record<string, number> = {};

async function upload(name: string, content: string): Promise<number> {
  const body = multipartBody({ secrecy: 'internal', review_role: '-2' }, [{ field: 'doc_file', name, bytes: Buffer.from(content) }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as number;
}

async function until<T>(check: () => Promise<T | false | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Chunks of a document, and how many have a vector of the fake model. */
async function embedded(id: number): Promise<{ n: number; embedded: number }> {
  const res = await t.deps.db.execute(sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE embedding IS NOT NULL AND embedding_model = 'fake-embedding')::int AS embedded
    FROM document_chunks WHERE document_id = ${id}`);
  const [row] = rowsOf<{ n: number; embedded: number }>(res);
  return { n: Number(row.n), embedded: Number(row.embedded) };
}

const recall = async (question: string): Promise<RecallHit[]> => {
  const res = await post(at(KNOWLEDGE_PATHS.recallTest), { question, recall_top_k: 10 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  llm = await startFakeLlm();
  gate = await startGate(llm.url);
  t = await createTestApp({
    config: {
      llmBaseUrl: gate.url, llmApiKey: 'test', llmModels: [{ name: 'fake-chat', limit: 5 }], embeddingModel: { name: 'fake-embedding', limit: 5 },
    },
  });
  vectors = await hasVectorColumn(t.deps.db);
  token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, { name: SPACE, desc: '向量待补' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await gate?.close();
  await llm?.close();
});

describe('vectors filled in later (向量待补)', () => {
  it('finishes a document with full text only while the model is down, marks it and queues the backfill', async () => {
    gate.mode = 'down';
    ids.pool = await upload('pool.txt', 'The database connection pool keeps idle links open for reuse.');
    expect((await post(KNOWLEDGE_PATHS.taskCreate, { doc_ids: [ids.pool] })).statusCode).toBe(200);
    const doc = await until(async () => {
      t.app.documentWorker?.wake();
      const row = await docOf(ids.pool);
      return (row.status === 'FINISHED' || row.status === 'FAILED') && row;
    }, 'the document processed');
    const listed = (await post(at(KNOWLEDGE_PATHS.documentList), { page_size: 20 })).json().data.data as KnowledgeDocument[];
    if (!vectors) {
      expect(doc).toMatchObject({ status: 'FINISHED', vectorsPending: false });
      expect(await latestJob(t.deps, VECTOR_QUEUE, `doc:${ids.pool}`)).toBeNull();
      return;
    }
    expect(doc).toMatchObject({ status: 'FINISHED', vectorsPending: true });
    expect(doc.result).toMatch(/^处理完成，共 1 个分块；已完成全文索引，向量待补（向量化失败：/);
    expect(listed.find((d) => d.id === ids.pool)).toMatchObject({ status: 'FINISHED', vectors_pending: true });
    expect(await embedded(ids.pool)).toEqual({ n: 1, embedded: 0 });
    const job = await latestJob(t.deps, VECTOR_QUEUE, `doc:${ids.pool}`);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, runAfter: new Date(t.clock.now().getTime() + 30_000) });
    // Recall works meanwhile, by full text.
    expect((await recall('database connection pool')).map((h) => [h.document_id, h.retriever])).toEqual([[ids.pool, 'fulltext']]);
  });

  it('waits longer while the model stays down, then fills the vectors in and clears the flag', async () => {
    if (!vectors) return;
    const key = `doc:${ids.pool}`;
    t.clock.advance(30_000);
    // The app's vector worker looks every second: its attempt fails and the next waits longer.
    const retried = await until(async () => {
      const job = await latestJob(t.deps, VECTOR_QUEUE, key);
      return job?.attempts === 1 && job.state === 'queued' && job;
    }, 'the first backfill attempt');
    expect(retried.runAfter).toEqual(new Date(t.clock.now().getTime() + backfillWaitMs(1)));
    expect(retried.lastError).toMatch(/^向量化失败：/);
    expect(await docOf(ids.pool)).toMatchObject({ status: 'FINISHED', vectorsPending: true });

    gate.mode = 'up';
    t.clock.advance(backfillWaitMs(1));
    const filled = await until(async () => {
      const row = await docOf(ids.pool);
      return !row.vectorsPending && row;
    }, 'the vectors filled in');
    expect(filled).toMatchObject({ status: 'FINISHED', result: '处理完成，共 1 个分块，已向量化' });
    expect(await embedded(ids.pool)).toEqual({ n: 1, embedded: 1 });
    await until(async () => (await latestJob(t.deps, VECTOR_QUEUE, key))?.state === 'done', 'the job done');
    expect(await latestJob(t.deps, VECTOR_QUEUE, key)).toMatchObject({ attempts: 2 });
    // Found by its vector now, where full text finds nothing ("databases"/"connections" are not the indexed words).
    const hits = await recall('databases connections');
    expect(hits.map((h) => [h.document_id, h.retriever])).toEqual([[ids.pool, 'vector']]);
  });

  it('gives up on an embedding slower than half the job\'s time: finished with full text, filled in later', async () => {
    gate.mode = 'hang';
    const id = await upload('switch.txt', 'Network switch firmware upgrade steps.');
    const started = Date.now();
    await processDocument({ ...t.deps, config: { ...t.deps.config, jobTimeoutMs: 2000 } }, id, new AbortController().signal);
    const doc = await docOf(id);
    if (!vectors) return expect(doc).toMatchObject({ status: 'FINISHED', vectorsPending: false });
    expect(Date.now() - started).toBeLessThan(1000 + 5000);
    expect(doc).toMatchObject({ status: 'FINISHED', vectorsPending: true });
    expect(doc.result).toContain('向量待补（向量化超时（超过 1 秒））');
    gate.mode = 'up';
    expect((await recall('switch firmware')).find((h) => h.document_id === id)).toMatchObject({ retriever: 'fulltext' });
    await fillVectors(t.deps, id, new AbortController().signal);
    expect(await docOf(id)).toMatchObject({ vectorsPending: false, result: '处理完成，共 1 个分块，已向量化' });
    expect(await embedded(id)).toEqual({ n: 1, embedded: 1 });
  });

  it('embeds only the chunks missing a vector, and nothing for a document whose vectors are in', async () => {
    if (!vectors) return;
    const id = await upload('长文.txt', Array.from({ length: 40 }, (_, i) => `第 ${i} 段：设备巡检记录，编号 ${i * 7}，状态正常。`).join('\n\n'));
    await processDocument({ ...t.deps, config: { ...t.deps.config, jobTimeoutMs: 60_000 } }, id, new AbortController().signal);
    const { n } = await embedded(id);
    expect(n).toBeGreaterThan(1);
    expect(await embedded(id)).toEqual({ n, embedded: n });
    const before = llm.stats.embedded;
    await fillVectors(t.deps, id, new AbortController().signal);
    expect(llm.stats.embedded).toBe(before);
    // One chunk without its vector (an edit while the model was down): only it is embedded, then the flag cleared.
    await t.deps.db.execute(sql`UPDATE document_chunks SET embedding = NULL WHERE document_id = ${id} AND seq = 1`);
    await t.deps.db.update(knowledgeDocuments).set({ vectorsPending: true }).where(eq(knowledgeDocuments.id, id));
    await fillVectors(t.deps, id, new AbortController().signal);
    expect(llm.stats.embedded).toBe(before + 1);
    expect(await embedded(id)).toEqual({ n, embedded: n });
    expect(await docOf(id)).toMatchObject({ vectorsPending: false });
  });
});
