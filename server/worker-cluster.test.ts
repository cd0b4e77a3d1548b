// Worker-only processes on PostgreSQL (issue 29 §6, docs/scaling.md): one built server that runs no jobs
// (RUN_JOBS=false) and two worker processes (dist-server/worker.js) share one database and one FILES_DIR. Documents
// uploaded through the server are processed by the workers, each exactly once; a worker stopped while it runs a
// document gives the job back and the other finishes it. Runs with DATABASE_URL (npm run test:pg); skipped without it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS } from '../contract/api';
import { DOCUMENT_QUEUE } from './knowledge/process';
import { multipartBody } from './test-support/multipart';
import { startCluster, type Cluster } from './test-support/server-processes';
import { pgAdmin } from './test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './test-support/test-config';

const ADMIN_URL = process.env.DATABASE_URL;
const SPACE = '处理进程资料';
const root = path.resolve(import.meta.dirname, '..');

type WorkerProcess = { child: ChildProcess; pid: number; dataDir: string; output: () => string; exited: Promise<number | null> };

/** Starts `dist-server/worker.js`; resolves once it says it started. */
async function startWorkerProcess(env: Record<string, string>, dataDir: string): Promise<WorkerProcess> {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'dist-server/worker.js')], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FILE_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes('后台处理进程已启动')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, pid: child.pid!, dataDir, output: () => out, exited };
}

/** The jobs a worker's log says it claimed, as `queue key`. */
function claimsOf(dataDir: string): string[] {
  const file = path.join(dataDir, 'logs', 'worker.log');
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg: string; queue: string; key: string })
    .filter((l) => l.msg === 'job claimed').map((l) => `${l.queue} ${l.key}`);
}

let cluster: Cluster;
let workers: WorkerProcess[] = [];
let db: pg.Client;
let dbName = '';
let token = '';
let serverUrl = '';

beforeAll(async () => {
  if (!ADMIN_URL) return;
  const { buildServerIfStale } = await import('../scripts/build-server-lib.mjs');
  await buildServerIfStale({ log: () => undefined });
  dbName = `kb_workers_${Math.random().toString(16).slice(2, 10)}`;
  await pgAdmin(ADMIN_URL, `create database ${dbName}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const shared = { JOB_CONCURRENCY: '1', JOB_LEASE_MS: '3000', RUN_JOBS: 'false' };
  cluster = await startCluster(1, url, { INITIAL_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DEMO_PASSWORD: TEST_DEMO_PASSWORD, SEED_DEMO: 'true', LOG_FILE_LEVEL: 'info', ...shared });
  serverUrl = cluster.servers[0].url;
  // The same configuration as the server (RUN_JOBS=false included: a worker runs jobs whatever it says).
  const base = path.dirname(cluster.filesDir);
  workers = await Promise.all([0, 1].map((n) => startWorkerProcess({ DATABASE_URL: url, FILES_DIR: cluster.filesDir, ...shared }, path.join(base, `worker-${n}`))));
  db = new pg.Client({ connectionString: url });
  await db.connect();
  const res = await fetch(`${serverUrl}${AUTH_PATHS.token}?${new URLSearchParams({ grant_type: 'password', username: 'demo', password: TEST_DEMO_PASSWORD })}`);
  token = ((await res.json()) as { access_token: string }).access_token;
  expect((await call(KNOWLEDGE_PATHS.spaceAdd, { name: SPACE, desc: '处理进程' })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  await cluster?.close();
  await db?.end();
  if (dbName) await pgAdmin(ADMIN_URL!, `drop database if exists ${dbName} with (force)`);
});

const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));

async function call(url: string, payload: unknown): Promise<Response> {
  return fetch(`${serverUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
}

/** Uploads text documents through the server and starts their processing; answers their ids. */
async function uploadAndStart(texts: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, text] of texts.entries()) {
    const body = multipartBody({ secrecy: 'internal', doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name: `文档${Date.now()}-${i}.txt`, bytes: Buffer.from(text) }]);
    const res = await fetch(`${serverUrl}${at(KNOWLEDGE_PATHS.upload)}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...body.headers }, body: body.payload });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { data: number[] }).data[0]);
  }
  expect((await call(KNOWLEDGE_PATHS.taskCreate, { doc_ids: ids })).status).toBe(200);
  return ids;
}

async function until<T>(check: () => Promise<T | false | null | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const keysOf = (ids: number[]) => ids.map((id) => `doc:${id}`);

/** Every document FINISHED and its job done; answers the jobs. */
async function settled(ids: number[]): Promise<{ key: string; attempts: number; state: string }[]> {
  await until(async () => {
    const { rows } = await db.query("select 1 from knowledge_documents where id = any($1) and status = 'FINISHED'", [ids]);
    const { rows: open } = await db.query("select 1 from jobs where queue = $1 and key = any($2) and state in ('queued', 'active')", [DOCUMENT_QUEUE, keysOf(ids)]);
    return rows.length === ids.length && open.length === 0;
  });
  const { rows } = await db.query('select key, attempts, state from jobs where queue = $1 and key = any($2)', [DOCUMENT_QUEUE, keysOf(ids)]);
  return rows;
}

/** A Chinese text of about `chars` characters. */
const text = (chars: number, seed: string) => `${seed}。${'后台处理进程从共用的数据库领取任务，每个任务只处理一次。文件目录由各进程共用。'.repeat(Math.ceil(chars / 40))}`.slice(0, chars);

describe.skipIf(!ADMIN_URL)('two worker processes and a server that runs no jobs, on one PostgreSQL', { timeout: 90_000 }, () => {
  it('processes every document uploaded through the server exactly once, in the workers only', async () => {
    const ids = await uploadAndStart(Array.from({ length: 8 }, (_, i) => text(40_000 + i * 5000, `文档${i}`)));
    const jobs = await settled(ids);
    expect(jobs).toHaveLength(ids.length);
    for (const job of jobs) expect(job, JSON.stringify(job)).toMatchObject({ attempts: 1, state: 'done' });
    // Each claimed once, by one worker or the other, both taking part; the server claimed none.
    const claims = workers.map((w) => claimsOf(w.dataDir).filter((c) => keysOf(ids).some((k) => c === `${DOCUMENT_QUEUE} ${k}`)));
    expect(claims.flat().sort()).toEqual(keysOf(ids).map((k) => `${DOCUMENT_QUEUE} ${k}`).sort());
    for (const mine of claims) expect(mine.length).toBeGreaterThan(0);
    const serverLog = path.join(cluster.servers[0].dataDir, 'logs', 'server.log');
    expect(fs.readFileSync(serverLog, 'utf8')).not.toContain('job claimed');
    const { rows: chunks } = await db.query(`select d.id, d.chunk_count, count(c.id)::int as n, count(distinct c.seq)::int as seqs
      from knowledge_documents d join document_chunks c on c.document_id = d.id where d.id = any($1) group by d.id`, [ids]);
    expect(chunks).toHaveLength(ids.length);
    for (const c of chunks) expect(c).toMatchObject({ n: c.chunk_count, seqs: c.chunk_count });
    expect(cluster.servers[0].child.exitCode).toBeNull();
  });

  it('a worker stopped with SIGTERM while it runs a document gives the job back; the other worker finishes it', async () => {
    const ids = await uploadAndStart([text(400_000, '大文档甲'), text(400_000, '大文档乙')]);
    const active = await until(async () => {
      const { rows } = await db.query("select key, lease_owner from jobs where queue = $1 and state = 'active' and key = any($2)", [DOCUMENT_QUEUE, keysOf(ids)]);
      return rows[0] as { key: string; lease_owner: string } | undefined;
    });
    const victim = workers.find((w) => active.lease_owner.startsWith(`${w.pid}-`))!;
    const other = workers.find((w) => w !== victim)!;
    victim.child.kill('SIGTERM');
    expect(await victim.exited, victim.output()).toBe(0);
    const jobs = await settled(ids);
    // Given back without using an attempt, then run once more, by the other worker.
    expect(jobs.find((j) => j.key === active.key)).toMatchObject({ state: 'done', attempts: 1 });
    expect(claimsOf(victim.dataDir)).toContain(`${DOCUMENT_QUEUE} ${active.key}`);
    expect(claimsOf(other.dataDir)).toContain(`${DOCUMENT_QUEUE} ${active.key}`);
    const { rows: chunks } = await db.query('select document_id, count(*)::int as n, count(distinct seq)::int as seqs from document_chunks where document_id = any($1) group by 1', [ids]);
    for (const c of chunks) expect(c.n).toBe(c.seqs);
  });
});
