// The worker-thread pool (issue 16 §3, D50): the same chunks as the request thread made before, a crashed worker
// failing only its job (with the reason in Chinese), and the durable queue resuming through the pool after a restart.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS } from '../../contract/api';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { claim, enqueue } from '../jobs/queue';
import { extractText } from '../knowledge/extract';
import { DOCUMENT_QUEUE, documentJobKey } from '../knowledge/process';
import { bearer, signIn } from '../test-support/http';
import { makeDocx, makePdf } from '../test-support/fixtures';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, openTestDatabase, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { chunksInPool, chunksOf } from '../knowledge/chunks-in-pool';
import { configureTextPool } from './pool';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const SENTENCES = ['企业知识库支持按密级管理文档。', '上传的文档会被拆分为若干分块并建立全文索引。', '检索时按用户的密级过滤可见的分块。', '管理员可以配置分块大小与重叠长度。'];
const page = (n: number) => Array.from({ length: 12 }, (_v, i) => `第${n}页第${i + 1}段：${SENTENCES[(n + i) % SENTENCES.length]}`).join('');
const SPACE = '产品资料';
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));

afterAll(() => configureTextPool({}));

/** Adds the space (once per database) and uploads one document to it; answers its id. */
async function uploadTo(t: TestApp, token: string, name: string, bytes: Buffer): Promise<number> {
  const added = await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: bearer(token), payload: { name: SPACE } });
  expect([200, 400]).toContain(added.statusCode);
  const body = multipartBody({ secrecy: 'internal', doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name, bytes }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as number;
}

describe('text work in worker threads (D50)', () => {
  it('makes the same text, chunks, paths, positions and terms in the pool as in the calling thread', async () => {
    const inputs = [
      { type: 'pdf' as const, bytes: makePdf(Array.from({ length: 20 }, (_v, i) => page(i + 1))) },
      { type: 'docx' as const, bytes: await makeDocx(Array.from({ length: 30 }, (_v, i) => page(i))) },
      { type: 'txt' as const, bytes: Buffer.from(Array.from({ length: 40 }, (_v, i) => page(i)).join('\n'), 'utf8') },
    ];
    for (const { type, bytes } of inputs) {
      // The same work in the calling thread (what TEXT_WORKER_THREADS=0 runs).
      const here = await chunksOf({ kind: 'chunks', bytes, type, limits: LIMITS, maxPages: 500, chunkSize: 300, chunkOverlap: 30 });
      const made = await chunksInPool({ bytes, type, limits: LIMITS, maxPages: 500, chunkSize: 300, chunkOverlap: 30 });
      expect(made.chunks.length, type).toBeGreaterThan(3);
      expect(made).toEqual(here);
      expect(made.text).toBe(await extractText(bytes, type));
    }
  });

  describe('in the server', () => {
    let t: TestApp;
    let token = '';
    afterAll(async () => t?.close());

    const settled = async (id: number) => {
      for (let i = 0; i < 300; i++) {
        const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
        if (doc.status === 'FINISHED' || doc.status === 'FAILED') return doc;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`document ${id} did not settle`);
    };
    const process = (id: number) => t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.taskCreate, headers: bearer(token), payload: { doc_ids: [id] } });

    it('fails only the job when its worker dies (out of memory), with the reason in Chinese, and keeps answering', async () => {
      t = await createTestApp();
      token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
      // A worker allowed a few MB of heap cannot hold pdf.js and a 60-page document: it is ended, not the server.
      await configureTextPool({ memoryMb: 16 });
      const id = await uploadTo(t, token, '大文件.pdf', makePdf(Array.from({ length: 60 }, (_v, i) => page(i + 1))));
      expect((await process(id)).statusCode).toBe(200);
      const failed = await settled(id);
      expect(failed).toMatchObject({ status: 'FAILED', result: expect.stringContaining('文档处理线程异常退出（内存不足）') });
      const me = await t.app.inject({ method: 'GET', url: `${AUTH_PATHS.userDetail}?visitorId=t`, headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      // With room again, the same document is processed again and finishes.
      await configureTextPool({});
      expect((await process(id)).statusCode).toBe(200);
      expect(await settled(id)).toMatchObject({ status: 'FINISHED' });
    });
  });

  it('resumes, through the pool, a document job a killed process left running', async () => {
    const db = await openTestDatabase({ label: 'pool-restart' });
    const first = await createTestApp({ db });
    const token = await signIn(first.app, 'demo', TEST_DEMO_PASSWORD);
    const id = await uploadTo(first, token, '制度.txt', Buffer.from(page(1).repeat(10), 'utf8'));
    await first.app.close();
    // The process was killed while it held the job: claimed, running, never finished.
    await enqueue(first.deps, { queue: DOCUMENT_QUEUE, key: documentJobKey(id), payload: { docId: id } });
    expect(await claim(first.deps, DOCUMENT_QUEUE, 'killed-process', 60 * 60_000)).toMatchObject({ key: documentJobKey(id) });
    const second = await createTestApp({ db });
    try {
      for (let i = 0; i < 300; i++) {
        const [doc] = await second.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
        if (doc.status === 'FINISHED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const [doc] = await second.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
      expect(doc.status).toBe('FINISHED');
      const chunks = await second.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, id));
      expect(chunks.length).toBe(doc.chunkCount);
    } finally {
      await second.close();
    }
  });
});
