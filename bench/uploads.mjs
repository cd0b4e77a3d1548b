// Upload memory (issue 11 §3, D35): 4 clients each send 4 files of 50 MiB in one knowledge upload, at once, to the
// built server with the default limits; the server's resident memory is sampled throughout. Goal: it grows by less
// than 100 MiB over idle, whatever the upload (files are streamed to disk, never held whole).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { DEMO_PASSWORD, round, signIn, startServer } from './lib.mjs';

const MIB = 1024 * 1024;
const CLIENTS = 4;
const FILES = 4;
const FILE_BYTES = 50 * MIB;
const GOAL_MIB = 100;
const SPACE = '上传基准';

/** Resident memory of a process now, in MiB (Linux). */
function rssMib(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One knowledge upload of FILES text files, written piece by piece from one reused buffer (the client holds ~1 MiB). */
function upload(url, token, client) {
  const boundary = `----kbbench${client}`;
  const piece = Buffer.alloc(MIB, `第${client}号客户端上传的文本。`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/knowledge/${encodeURIComponent(SPACE)}/document/upload`, {
      method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d)).on('end', () => {
        const json = JSON.parse(body);
        if (res.statusCode !== 200 || json.data?.length !== FILES) reject(new Error(`upload ${client}: ${res.statusCode} ${body}`));
        else resolve(json.data);
      });
    });
    req.on('error', reject);
    const write = (chunk) => new Promise((done) => (req.write(chunk) ? done() : req.once('drain', done)));
    (async () => {
      await write(`--${boundary}\r\nContent-Disposition: form-data; name="secrecy"\r\n\r\ninternal\r\n`);
      for (let f = 0; f < FILES; f++) {
        await write(`--${boundary}\r\nContent-Disposition: form-data; name="doc_file"; filename="客户端${client}-文件${f}.txt"\r\nContent-Type: text/plain\r\n\r\n`);
        for (let sent = 0; sent < FILE_BYTES; sent += MIB) await write(piece);
        await write('\r\n');
      }
      req.end(`--${boundary}--\r\n`);
    })().catch(reject);
  });
}

/** Waits until the demo space's documents, processed in the background at first start, are done. */
async function settled(url, token) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/knowledge/${encodeURIComponent('示例知识库')}/document/list`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}',
    });
    if ((await res.json()).data?.processing === false) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
}

export async function benchUploads() {
  const server = await startServer({ env: { SEED_DEMO: 'true' } });
  try {
    const token = await signIn(server.url, 'demo', DEMO_PASSWORD);
    const added = await fetch(`${server.url}/knowledge/space/add`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: SPACE }),
    });
    if (!(await added.json()).success) throw new Error('space/add failed');
    await settled(server.url, token);
    const idle = rssMib(server.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMib(server.pid))), 10);
    const started = performance.now();
    const ids = await Promise.all(Array.from({ length: CLIENTS }, (_, c) => upload(server.url, token, c)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMib(server.pid));
    const growth = round(peak - idle, 0);
    const totalMib = (CLIENTS * FILES * FILE_BYTES) / MIB;
    process.stdout.write(`  ${CLIENTS} clients × ${FILES} files × 50 MiB (${ids.flat().length} documents, ${totalMib} MiB) in ${round(seconds, 1)} s: `
      + `RSS idle ${round(idle, 0)} MiB, peak ${round(peak, 0)} MiB, growth ${growth} MiB — goal < ${GOAL_MIB} MiB: ${growth < GOAL_MIB ? 'met' : 'MISSED'}\n`);
    return [
      { name: `upload RSS growth over idle, ${CLIENTS} × ${FILES} × 50 MiB at once (MiB)`, value: growth, budget: GOAL_MIB, unit: 'MiB' },
      { name: 'upload throughput, all clients (MiB/s)', value: round(totalMib / seconds, 0), unit: 'MiB/s' },
    ];
  } finally {
    await server.stop();
  }
}
