// A scan read in the worker thread (issue 29 §3): its pages recognised reach the calling thread and the document's
// row (已识别 1/2 页, cleared when done), and a stop (a cancelled or timed-out job) ends the recognition in the
// worker at once, leaving no tesseract running and the pool free for the next document.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS, type ChunkPosition } from '../../contract/api';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { textPage, tiffOf } from '../test-support/scan-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { configureTextPool } from '../workers/pool';
import { chunksInPool } from './chunks-in-pool';
import { STOPPED_RESULT } from './documents';
import { processDocument } from './process';
import { absolute, documentFilePath } from './storage';

const LIMITS = { maxBytes: 1 << 28, maxRatio: 100, maxEntries: 1000 };
const SPACE = '扫描件';
const scan = tiffOf([textPage(['阀门的公称压力为十六兆帕', 'DN50 Valve PN16'], { size: 44 }), textPage(['第二页：安装要求', 'Install 2026'], { size: 44 })]);
/** Pages quick to read one by one (each well within the test's time limit), many of them. */
const manyPages = tiffOf(Array.from({ length: 16 }, (_, i) => textPage([`第${i + 1}页：阀门的公称压力为十六兆帕`], { size: 44 })));
const longScan = tiffOf(Array.from({ length: 4 }, () => textPage(Array.from({ length: 14 }, (_, i) => `第${i + 1}行：阀门的公称压力为十六兆帕，管道安装应符合设计要求`), { size: 40 })));

/** The tesseract processes this test process (its worker threads included) started that still run. */
function ourTesseracts(): string {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-x', 'tesseract'], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep finds none
  }
}

const rowOf = async (t: TestApp, id: number) => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)))[0];

/** A document uploaded as text, its stored file then replaced by the scan (sniffing images is not this test's). */
async function scannedDocument(t: TestApp, token: string, bytes: Buffer): Promise<number> {
  const body = multipartBody({ secrecy: 'internal', doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name: '占位.txt', bytes: Buffer.from('占位', 'utf8') }]);
  const res = await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE)), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data[0] as number;
  const doc = await rowOf(t, id);
  const relative = documentFilePath(doc.spaceId, id, 'tif');
  await fs.mkdir(path.dirname(absolute(t.config, relative)), { recursive: true });
  await fs.writeFile(absolute(t.config, relative), bytes);
  await t.deps.db.update(knowledgeDocuments).set({ filePath: relative }).where(eq(knowledgeDocuments.id, id));
  return id;
}

/** An app whose jobs stop after `jobTimeoutMs` without progress (one attempt), demo signed in, the scans' space added. */
async function scanSpaceApp(jobTimeoutMs: number): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp({ config: { jobTimeoutMs, jobMaxAttempts: 1 } });
  const token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  expect((await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: bearer(token), payload: { name: SPACE } })).statusCode).toBe(200);
  return { t, token };
}

beforeAll(() => configureTextPool({ threads: 1 }));
afterAll(() => configureTextPool({}));

describe('a scan read in the worker thread', { timeout: 120_000 }, () => {
  it('reports each page recognised to the calling thread', async () => {
    const seen: [number, number][] = [];
    const made = await chunksInPool({ bytes: scan, type: 'tif', limits: LIMITS, maxPages: 500, chunkSize: 500, chunkOverlap: 50 }, { progress: (d, t) => seen.push([d, t]) });
    expect(seen).toEqual([[1, 2], [2, 2]]);
    expect(made.text.replace(/\s+/g, '')).toContain('安装要求');
    expect(made.positions.flatMap((p) => p.boxes ?? []).map(([page]) => page)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('stops the recognition in the worker when its signal stops, and the worker takes the next task at once', async () => {
    const controller = new AbortController();
    // Stopped once the first of the four pages is done: the others are then still to read, however fast the machine.
    const reading = chunksInPool({ bytes: longScan, type: 'tif', limits: LIMITS, maxPages: 500, chunkSize: 500, chunkOverlap: 50 }, {
      signal: controller.signal,
      progress: () => controller.abort(new Error('job cancelled')),
    });
    await expect(reading).rejects.toThrow('处理已停止');
    await expect.poll(ourTesseracts, { timeout: 1000 }).toBe('');
    const started = Date.now();
    const next = await chunksInPool({ bytes: Buffer.from('下一个文档。', 'utf8'), type: 'txt', limits: LIMITS, maxPages: 500, chunkSize: 500, chunkOverlap: 50 });
    expect(next.chunks).toEqual(['下一个文档。']);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('a scan in a knowledge space', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    ({ t, token } = await scanSpaceApp(4000));
  });
  afterAll(async () => t?.close());


  it('shows 已识别 n/N 页 on the row while it runs, cleared when it finishes with chunks at their pages', async () => {
    const id = await scannedDocument(t, token, scan);
    const seen = new Set<string>();
    let running = true;
    const watching = (async () => {
      while (running) {
        const row = await rowOf(t, id);
        if (row.status === 'RUNNING') seen.add(row.progress);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await processDocument(t.deps, id, new AbortController().signal);
    running = false;
    await watching;
    expect(seen).toContain('已识别 1/2 页');
    expect(await rowOf(t, id)).toMatchObject({ status: 'FINISHED', progress: '' });
    const chunks = await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, id));
    const pages = chunks.flatMap((c) => (c.position as ChunkPosition).boxes ?? []).map(([page]) => page);
    expect(pages).toEqual(expect.arrayContaining([1, 2]));
  });

  it('停止 ends a running scan at once (FAILED, no tesseract left), and 重新处理 reads it again', async () => {
    const id = await scannedDocument(t, token, manyPages);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expect((await post(KNOWLEDGE_PATHS.taskCreate, { doc_ids: [id] })).statusCode).toBe(200);
    await expect.poll(async () => (await rowOf(t, id)).progress, { timeout: 60_000 }).toMatch(/已识别 \d+\/16 页/);
    const stop = await post(KNOWLEDGE_PATHS.taskStop, { doc_id: id });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data).toEqual({ tasks: [id] });
    expect(await rowOf(t, id)).toMatchObject({ status: 'FAILED', result: STOPPED_RESULT, progress: '' });
    // The recognition ends with the lease checked at the stop, not at the next heartbeat (a third of a 30 s lease).
    await expect.poll(() => t.app.documentWorker?.running(), { timeout: 3000 }).toBe(0);
    await expect.poll(ourTesseracts, { timeout: 1000 }).toBe('');
    expect(await rowOf(t, id)).toMatchObject({ status: 'FAILED', result: STOPPED_RESULT });
    // Nothing to stop now; then taken up again by 重新处理 and read to the end.
    expect((await post(KNOWLEDGE_PATHS.taskStop, { doc_id: id })).json()).toMatchObject({ success: false, err_msg: expect.stringContaining('不在处理中') });
    expect((await post(KNOWLEDGE_PATHS.taskRetry, { doc_id: id })).json().data).toEqual({ tasks: [id] });
    await expect.poll(async () => (await rowOf(t, id)).status, { timeout: 60_000 }).toBe('FINISHED');
  });
});

describe('a scan whose job stalls', { timeout: 120_000 }, () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    // A time limit far below one page's reading: the job times out on its first page, however fast the machine.
    ({ t, token } = await scanSpaceApp(400));
  });
  afterAll(async () => t?.close());

  it('ends the recognition of a job stopped by its time limit: FAILED with the reason, no tesseract left running', async () => {
    const id = await scannedDocument(t, token, longScan);
    expect((await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.taskCreate, headers: bearer(token), payload: { doc_ids: [id] } })).statusCode).toBe(200);
    await expect.poll(async () => (await rowOf(t, id)).status, { timeout: 30_000 }).toBe('FAILED');
    expect((await rowOf(t, id)).result).toMatch(/处理超时/);
    await expect.poll(ourTesseracts, { timeout: 1000 }).toBe('');
  });
});
