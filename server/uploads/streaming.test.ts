// Uploads streamed to disk (issue 11 §3): over real HTTP, a file is on disk while the request is still arriving and
// memory does not hold it; a request over its total, or cut off, keeps nothing; leftovers go at start.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATHS, KNOWLEDGE_PATHS } from '../../contract/api';
import { knowledgeDocuments } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, openTestDatabase, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';

const MIB = 1024 * 1024;
const SPACE = '流式上传';
let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const incoming = () => path.join(t.config.dataDir, 'files', '.incoming');
const leftovers = () => (fs.existsSync(incoming()) ? fs.readdirSync(incoming()) : []);
const uploadUrl = () => KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE));

beforeAll(async () => {
  const db = await openTestDatabase({ config: { uploadMaxBytes: 40 * MIB, uploadMaxRequestBytes: 80 * MIB } });
  // What a crash in the middle of an upload leaves behind; the start removes it.
  fs.mkdirSync(path.join(db.dataDir, 'files', '.incoming'), { recursive: true });
  fs.writeFileSync(path.join(db.dataDir, 'files', '.incoming', 'crashed.part'), 'half a file');
  t = await createTestApp({ db, config: { uploadMaxBytes: 40 * MIB, uploadMaxRequestBytes: 80 * MIB } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tokens.demo = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: bearer(tokens.demo), payload: { name: SPACE } });
});
afterAll(async () => t?.close());

const BOUNDARY = '----kbstream';
const fileHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="secrecy"\r\n\r\ninternal\r\n`
  + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc_file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
const TAIL = `\r\n--${BOUNDARY}--\r\n`;

/** A knowledge upload over HTTP whose body the test writes piece by piece. */
function openUpload(): { req: http.ClientRequest; response: Promise<{ status: number; body: string }>; write: (b: Buffer | string) => Promise<void> } {
  const req = http.request(`${base}${uploadUrl()}`, {
    method: 'POST', headers: { ...bearer(tokens.demo), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  const write = (b: Buffer | string) => new Promise<void>((resolve, reject) => req.write(b, (err) => (err ? reject(err) : resolve())));
  return { req, response, write };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}

const partBytes = () => leftovers().filter((f) => f.endsWith('.part')).reduce((n, f) => n + fs.statSync(path.join(incoming(), f)).size, 0);
const documentCount = async () => (await t.deps.db.select().from(knowledgeDocuments)).length;

describe('uploads are streamed to disk', () => {
  it('removes what an upload cut off by a crash left, at start', () => {
    expect(leftovers()).toEqual([]);
  });

  it('writes a file to disk while its request is still arriving', async () => {
    const piece = Buffer.alloc(MIB, '知识库'); // 1 MiB of text, sent 24 times
    const sha = createHash('sha256');
    const upload = openUpload();
    let ended = false;
    try {
      await upload.write(fileHead('大文件.txt'));
      for (let i = 0; i < 24; i++) {
        await upload.write(piece);
        sha.update(piece);
      }
      // The server has the 24 MiB on disk under a temporary name, and the request has not ended.
      expect(await until(() => partBytes() >= 23 * MIB)).toBe(true);
      // Memory is not asserted here: client and server share this process, and on the loaded 2-core CI machine its
      // arrayBuffers figure swung from under 8 MiB to 13 and 23 MB between runs of the same code (freed socket and
      // stream buffers not yet given back). The server's own memory is measured in its own process by bench/uploads
      // (RSS growth for many 50 MiB uploads at once: 46 MiB, D35).
      await upload.write(TAIL);
      upload.req.end();
      ended = true;
      const res = await upload.response;
      expect(res.status, res.body).toBe(200);
      const [id] = JSON.parse(res.body).data as number[];
      const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
      expect(doc).toMatchObject({ docName: '大文件.txt', size: 24 * MIB, sha256: sha.digest('hex') });
      expect(fs.statSync(path.join(t.config.dataDir, doc.filePath)).size).toBe(24 * MIB);
      expect(leftovers()).toEqual([]);
    } finally {
      // A failed check must not leave this upload open for the tests after it.
      if (!ended) {
        upload.response.catch(() => undefined);
        upload.req.destroy();
        await until(() => leftovers().length === 0);
      }
    }
  });

  it('keeps nothing of an upload the client abandons half-way', async () => {
    const documents = await documentCount();
    const upload = openUpload();
    upload.response.catch(() => undefined);
    await upload.write(fileHead('半截.txt'));
    for (let i = 0; i < 3; i++) await upload.write(Buffer.alloc(MIB, 'a'));
    expect(await until(() => partBytes() >= 2 * MIB)).toBe(true);
    upload.req.destroy();
    expect(await until(() => leftovers().length === 0)).toBe(true);
    expect(await documentCount()).toBe(documents);
  });

  it('answers 413 for a request over UPLOAD_MAX_REQUEST_BYTES while the client still sends, keeping nothing', async () => {
    const documents = await documentCount();
    const saved = t.config.uploadMaxRequestBytes;
    t.config.uploadMaxRequestBytes = 2 * MIB;
    try {
      // Three files each within the per-file limit, 3 MiB together, and more being sent after the refusal.
      const body = multipartBody({ secrecy: 'internal' }, ['一.txt', '二.txt', '三.txt', '四.txt'].map((name) => ({ field: 'doc_file', name, bytes: Buffer.alloc(MIB, 'b') })));
      const upload = openUpload();
      upload.req.setHeader('content-type', body.headers['content-type']);
      upload.req.end(body.payload);
      const res = await upload.response;
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, err_msg: '本次上传的文件合计超过 2 MB 的上限，未上传任何文件' });
    } finally {
      t.config.uploadMaxRequestBytes = saved;
    }
    expect(await documentCount()).toBe(documents);
    expect(await until(() => leftovers().length === 0)).toBe(true);
    // The connection was drained, not broken: the server still answers.
    expect((await fetch(`${base}${HEALTH_PATHS.live}`)).status).toBe(200);
  });
});
