// Durability of document processing against the real server process: `kill -9` while a document is being
// processed, then restart: it finishes with the same chunks as a clean run. And an upload cut off half-way
// leaves no row and no file.
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, demoToken } from './support/api';
import { startServer, type TestServer } from './support/server';

let server: TestServer | undefined;
afterAll(async () => server?.stop());

async function upload(url: string, token: string, space: string, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('secrecy', 'internal');
  form.append('doc_file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${url}/knowledge/${encodeURIComponent(space)}/document/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  const json = await res.json() as { data: number[] };
  return json.data[0];
}

type Doc = { id: number; status: string; result: string; chunk_size: number };
async function doc(url: string, token: string, space: string, id: number): Promise<Doc> {
  const page = await callApi<{ data: Doc[] }>(url, token, `/knowledge/${encodeURIComponent(space)}/document/list`, { page_size: 200 });
  const found = page.data.find((d) => d.id === id);
  if (!found) throw new Error(`document ${id} not listed`);
  return found;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 250): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  if (process.env.DEBUG_E2E) console.log(`${what}: ${Date.now() - started} ms`);
}

/** Every chunk's text, in order. */
async function chunks(url: string, token: string, space: string, id: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const res = await callApi<{ data: { content: string }[]; total: number }>(url, token, `/knowledge/${encodeURIComponent(space)}/chunk/list`,
      { document_id: id, page, page_size: 200 });
    out.push(...res.data.map((c) => c.content));
    if (out.length >= res.total || res.data.length === 0) return out;
  }
}

/** About 1 MB of varied Chinese text, the same every run. */
function bigText(): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < 12_000; i++) lines.push(`第${i}条：企业知识库的文档在后台处理，分块后建立全文索引，编号${(i * 7919) % 10007}。`);
  return Buffer.from(lines.join('\n'), 'utf8');
}

describe('document processing survives kill -9', () => {
  it('finishes after a restart with the same chunks as a clean run', async () => {
    const env = { JOB_CONCURRENCY: '1', JOB_LEASE_MS: '600000', UPLOAD_MAX_BYTES: String(20 * 1024 * 1024), BODY_LIMIT_BYTES: String(25 * 1024 * 1024) };
    server = await startServer(env);
    let token = await demoToken(server.url);
    await callApi(server.url, token, '/knowledge/space/add', { name: '耐久' });
    await callApi(server.url, token, '/knowledge/space/add', { name: '对照' });
    const file = bigText();

    const killed = await upload(server.url, token, '耐久', '大文件.txt', file);
    await callApi(server.url, token, '/knowledge/task/create', { doc_ids: [killed] });
    await waitFor(async () => (await doc(server!.url, token, '耐久', killed)).status === 'RUNNING', 30_000, 'RUNNING', 20);
    await server.kill();

    // The lease (10 min) has not run out: only the restart's recovery can pick the job up within the test.
    server = await startServer(env, { dataDir: server.dataDir });
    token = await demoToken(server.url);
    await waitFor(async () => (await doc(server!.url, token, '耐久', killed)).status === 'FINISHED', 60_000, 'FINISHED after restart');

    const clean = await upload(server.url, token, '对照', '大文件.txt', file);
    await callApi(server.url, token, '/knowledge/task/create', { doc_ids: [clean] });
    await waitFor(async () => (await doc(server!.url, token, '对照', clean)).status === 'FINISHED', 60_000, 'clean run');

    const after = await chunks(server.url, token, '耐久', killed);
    expect(after.length).toBeGreaterThan(100);
    expect(after).toEqual(await chunks(server.url, token, '对照', clean));
    expect((await doc(server.url, token, '耐久', killed)).chunk_size).toBe(after.length);
  }, 180_000);

  it('keeps neither a row nor a file of an upload cut off half-way', async () => {
    const token = await demoToken(server!.url);
    await callApi(server!.url, token, '/knowledge/space/add', { name: '断开' });
    const storedFiles = () => readdirSync(join(server!.dataDir, 'files', 'knowledge'), { recursive: true, encoding: 'utf8' }).sort();
    const before = storedFiles();
    const boundary = '----cut';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="secrecy"\r\n\r\ninternal\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="doc_file"; filename="半截.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(2 * 1024 * 1024, 0x61)]);
    const { port } = new URL(server!.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write([
          `POST /knowledge/${encodeURIComponent('断开')}/document/upload HTTP/1.1`, `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${token}`, `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${body.length + 1024}`, '', '',
        ].join('\r\n'));
        socket.write(body.subarray(0, body.length / 2), () => setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200));
      });
      socket.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 500));
    const page = await callApi<{ total: number }>(server!.url, token, `/knowledge/${encodeURIComponent('断开')}/document/list`, {});
    expect(page.total).toBe(0);
    expect(storedFiles()).toEqual(before);
  }, 60_000);
});
