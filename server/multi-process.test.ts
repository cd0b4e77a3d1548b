// Several server processes on one PostgreSQL (issue 16 §4, docs/scaling.md, D61–D63): three built servers behind a
// round-robin proxy, so consecutive requests land on different processes. Runs with DATABASE_URL (npm run test:pg);
// skipped without it.
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS, AUTH_PATHS, CHAT_PATHS, KNOWLEDGE_PATHS, ROLE_PATHS, STREAM_DONE, USER_PATHS, type ChatMessage,
} from '../contract/api';
import { startFakeLlm, type FakeLlm } from '../tests/support/fake-llm';
import { seal } from './test-support/login-cipher';
import { multipartBody } from './test-support/multipart';
import { startRoundRobinProxy, type RoundRobinProxy } from './test-support/round-robin-proxy';
import { startCluster, type Cluster } from './test-support/server-processes';
import { postCompletion, readCompletion } from './test-support/sse';
import { pgAdmin } from './test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './test-support/test-config';

const ADMIN_URL = process.env.DATABASE_URL;
const SPACE = '多进程资料';
const LEASE_MS = 2000;

let llm: FakeLlm;
let cluster: Cluster;
let proxy: RoundRobinProxy;
let dbName = '';
let db: pg.Client;
const tokens: Record<string, string> = {};

const admin = (sql: string) => pgAdmin(ADMIN_URL!, sql);

beforeAll(async () => {
  if (!ADMIN_URL) return;
  const { buildServerIfStale } = await import('../scripts/build-server-lib.mjs');
  await buildServerIfStale({ log: () => undefined });
  dbName = `kb_cluster_${Math.random().toString(16).slice(2, 10)}`;
  await admin(`create database ${dbName}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  llm = await startFakeLlm();
  cluster = await startCluster(3, url, {
    INITIAL_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DEMO_PASSWORD: TEST_DEMO_PASSWORD, SEED_DEMO: 'true',
    LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', LLM_TIMEOUT_MS: '20000',
    LOGIN_MAX_FAILURES: '3', LOGIN_IP_MAX_FAILURES: '100000', LOGIN_IP_USER_MAX_FAILURES: '100000',
    JOB_LEASE_MS: String(LEASE_MS), JOB_CONCURRENCY: '1',
  });
  proxy = await startRoundRobinProxy(cluster.servers.map((s) => s.url));
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await cluster?.close();
  await db?.end();
  await llm?.close();
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
});

type Answer = { status: number; backend: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request through the proxy; answers the status, the backend that served it and the JSON body. */
async function call(method: string, url: string, who?: string, payload?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${tokens[who] ?? who}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${proxy.url}${url}`, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, backend: Number(res.headers.get('x-backend')), body };
}

/** The same request `n` times in a row: one on each process. */
async function onEach<T extends Answer>(n: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await make());
  expect(new Set(out.map((a) => a.backend)).size, 'each request on another process').toBe(n);
  return out;
}

const everyProcess = <T extends Answer>(make: () => Promise<T>) => onEach(3, make);

function tokenUrl(username: string, password: string): string {
  return `${AUTH_PATHS.token}?${new URLSearchParams({ grant_type: 'password', username, password })}`;
}

async function signIn(who: string, password = TEST_DEMO_PASSWORD): Promise<string> {
  const res = await call('GET', tokenUrl(who, password));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  tokens[who] = res.body.access_token;
  return tokens[who];
}

const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
const q = (p: string, query: Record<string, string>) => `${p}?${new URLSearchParams(query)}`;

async function upload(who: string, name: string, bytes: Buffer, secrecy: string): Promise<number> {
  const body = multipartBody({ secrecy, doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name, bytes }]);
  const res = await fetch(`${proxy.url}${at(KNOWLEDGE_PATHS.upload)}`, {
    method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, ...body.headers }, body: body.payload,
  });
  const json = await res.json() as { data: number[] };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data[0];
}

async function until<T>(check: () => Promise<T | false | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every document finished or failed, and its job's bookkeeping done (the job row ends just after the document). */
async function settled(ids: number[], timeoutMs = 60_000): Promise<void> {
  await until(async () => {
    const { rows } = await db.query('select status from knowledge_documents where id = any($1)', [ids]);
    if (rows.length !== ids.length || !rows.every((r) => r.status === 'FINISHED' || r.status === 'FAILED')) return false;
    const { rows: running } = await db.query("select 1 from jobs where key = any($1) and state in ('queued', 'active')", [ids.map((id) => `doc:${id}`)]);
    return running.length === 0;
  }, timeoutMs);
}

async function listIds(who: string): Promise<Answer & { ids: number[] }> {
  const res = await call('POST', at(KNOWLEDGE_PATHS.documentList), who, { page_size: 200 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res, ids: res.body.data.data.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b) };
}

/** A Chinese text of about `chars` characters, from sentences of this product's own documents. */
function chineseText(chars: number, seed: string): string {
  const sentences = ['员工出差需提前申请并经部门负责人批准。', '住宿标准按城市等级执行，超出部分自理。', '报销须在返回后十五日内提交。',
    '知识库文档按密级管理，用户只能看到不高于自己密级的文档。', '停止按钮会结束正在生成的回答。', '后台任务在多个进程之间只被领取一次。'];
  let out = `${seed}。`;
  for (let i = 0; out.length < chars; i++) out += sentences[(i * 7 + seed.length) % sentences.length];
  return out;
}

// Three servers, PostgreSQL and the test share the machine with the other test files: generous time per test.
describe.skipIf(!ADMIN_URL)('three server processes on one PostgreSQL behind a round-robin proxy', { timeout: 120_000 }, () => {
  it('sign-in works on every process, and logout ends the session on every process at the next request', async () => {
    for (const u of ['demo', 'staff', 'zhangwei', 'wangfang']) await signIn(u);
    await signIn('sysadmin', TEST_ADMIN_PASSWORD);
    await signIn('secadmin', TEST_ADMIN_PASSWORD);
    // The session is known (and kept in each process's identity cache) everywhere.
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.userDetail, 'wangfang'))) expect(a.status).toBe(200);
    const out = await call('POST', AUTH_PATHS.logout, 'wangfang', { username: 'wangfang' });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.userDetail, 'wangfang'))) expect(a.status).toBe(401);
  });

  it('encrypted sign-in (D91): one key on every process; a nonce from one, spent on another, is refused on all', async () => {
    const keys = (await everyProcess(() => call('GET', AUTH_PATHS.loginKey))).map((a) => a.body.results);
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    const url = `${AUTH_PATHS.token}?${new URLSearchParams({ grant_type: 'password', username: 'lina', password: seal(keys[0], 'password', 'lina', TEST_DEMO_PASSWORD) })}`;
    expect((await call('GET', url)).status).toBe(200);
    for (const a of await everyProcess(() => call('GET', url))) expect(a.body.message).toMatch(/^参数 password 已使用过/);
  });

  it('counts failed sign-ins across processes: the lock holds on every process, and an unlock lifts it everywhere', async () => {
    const failures = await everyProcess(() => call('GET', tokenUrl('wangfang', 'Wrong-pass-123')));
    expect(failures.map((f) => f.status)).toEqual([400, 400, 400]);
    // Three failures, each on another process: the account is locked for this address on every process.
    for (const a of await everyProcess(() => call('GET', tokenUrl('wangfang', TEST_DEMO_PASSWORD)))) {
      expect(a.body).toMatchObject({ error: 'invalid_grant', error_description: 'Account locked' });
    }
    const unlock = await call('PUT', `${ACCOUNT_PATHS.unlockUser}?username=wangfang`, 'secadmin', {});
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200);
    for (const a of await everyProcess(() => call('GET', tokenUrl('wangfang', TEST_DEMO_PASSWORD)))) expect(a.status).toBe(200);
  });

  it('a clearance lowered by secadmin on one process takes effect on every process at the next request', async () => {
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.grades, 'zhangwei'))) {
      expect(a.status).toBe(200);
    }
    const { rows: [user] } = await db.query("select id from users where username = 'zhangwei'");
    const lowered = await call('PUT', USER_PATHS.clearance.replace(':id', String(user.id)), 'secadmin', { clearance: 'internal' });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    // The old session ended on every process (D4: a clearance change ends the user's sessions).
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.userDetail, 'zhangwei'))) expect(a.status).toBe(401);
    await signIn('zhangwei');
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.userDetail, 'zhangwei'))) {
      expect(JSON.stringify(a.body)).toContain('internal');
      expect(JSON.stringify(a.body)).not.toContain('confidential');
    }
  });

  it('stores a file on one process that every process reads from the shared FILES_DIR', async () => {
    expect((await call('POST', KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: SPACE, desc: '多进程测试' })).status).toBe(200);
    const bytes = Buffer.from(chineseText(3000, '共享文件目录'), 'utf8');
    const id = await upload('demo', '共享.txt', bytes, 'internal');
    for (const a of await everyProcess(() => call('GET', at(KNOWLEDGE_PATHS.documentDownload).replace(':id', String(id)), 'demo'))) {
      expect(a.status).toBe(200);
      expect(a.body).toBe(bytes.toString('utf8'));
    }
    const { rows: [doc] } = await db.query('select file_path from knowledge_documents where id = $1', [id]);
    expect(fs.existsSync(path.join(cluster.filesDir, path.relative('files', doc.file_path)))).toBe(true);
  });

  it('processes every uploaded document exactly once across the processes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await upload('demo', `文档${i}.txt`, Buffer.from(chineseText(4000 + i * 500, `文档${i}`), 'utf8'), 'internal'));
    const created = await call('POST', KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: ids });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await settled(ids);
    const { rows: docs } = await db.query('select id, status, chunk_count from knowledge_documents where id = any($1)', [ids]);
    expect(docs.map((d) => d.status)).toEqual(ids.map(() => 'FINISHED'));
    const { rows: jobs } = await db.query('select key, attempts, state from jobs where key = any($1)', [ids.map((id) => `doc:${id}`)]);
    expect(jobs).toHaveLength(ids.length);
    for (const job of jobs) expect(job, JSON.stringify(job)).toMatchObject({ attempts: 1, state: 'done' });
    // Each chunk stored once: as many rows as the document counts, with distinct positions.
    const { rows: chunks } = await db.query('select document_id, count(*)::int as n, count(distinct seq)::int as seqs from document_chunks where document_id = any($1) group by 1', [ids]);
    for (const d of docs) expect(chunks.find((c) => c.document_id === d.id)).toMatchObject({ n: d.chunk_count, seqs: d.chunk_count });
  });

  it('停止 on one process stops an answer streaming from another, and the answer is stored as stopped', async () => {
    const created = await call('POST', q(CHAT_PATHS.dialogueNew, { chat_mode: 'chat_normal' }), 'demo');
    const conv = created.body.data.conv_uid as string;
    const before = proxy.counts.slice();
    const started = Date.now();
    let stop: Promise<Answer> | undefined;
    let streamedOn = -1;
    const streaming = postCompletion(proxy.url, tokens.demo, { conv_uid: conv, user_input: `[slow:100] 请详细介绍多进程部署 ${'很长的问题'.repeat(40)}` })
      .then((res) => readCompletion(res, (_frame, text) => {
        if (text.length >= 6 && !stop) {
          streamedOn = proxy.counts.findIndex((n, i) => n > before[i]);
          stop = call('POST', q(CHAT_PATHS.stop, { con_uid: conv }), 'demo');
        }
      }));
    const read = await streaming;
    const stopped = await stop!;
    expect(stopped.backend, 'the stop landed on another process').not.toBe(streamedOn);
    expect(stopped.body.data).toBe(true);
    expect(read.frames.at(-1)).toBe(STREAM_DONE);
    // The whole answer would take the fake model over 10 s; it ended soon after the stop.
    expect(Date.now() - started).toBeLessThan(5000);
    const history = await call('GET', q(CHAT_PATHS.history, { con_uid: conv }), 'demo');
    const view = (history.body.data as ChatMessage[]).find((m) => m.role === 'view');
    expect(view).toMatchObject({ status: 'stopped', context: read.text });
    // Nothing streams any more: another stop, on any process, finds nothing to stop.
    for (const a of await everyProcess(() => call('POST', q(CHAT_PATHS.stop, { con_uid: conv }), 'demo'))) expect(a.body.data).toBe(false);
  });

  it('a document regraded or deleted on one process is gone from lists and recall on every process at once', async () => {
    const id = await upload('demo', '调价通知.txt', Buffer.from(chineseText(1500, '调价通知蓝鲸计划'), 'utf8'), 'internal');
    await call('POST', KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [id] });
    await settled([id]);
    const recall = () => call('POST', at(KNOWLEDGE_PATHS.recallTest), 'staff', { question: '蓝鲸计划', recall_top_k: 20 });
    const recalled = (a: Answer) => (a.body.data as { document_id: number }[]).some((h) => h.document_id === id);
    // Every process answers (and keeps: the answer cache) the list and the recall with the document in them.
    for (let round = 0; round < 2; round++) {
      for (const a of await everyProcess(() => listIds('staff'))) expect(a.ids).toContain(id);
      for (const a of await everyProcess(recall)) expect(recalled(a)).toBe(true);
    }
    const regraded = await call('POST', at(KNOWLEDGE_PATHS.documentUpdate), 'demo', { doc_id: id, secrecy: 'secret' });
    expect(regraded.status, JSON.stringify(regraded.body)).toBe(200);
    for (const a of await everyProcess(() => listIds('staff'))) expect(a.ids).not.toContain(id);
    for (const a of await everyProcess(recall)) expect(recalled(a)).toBe(false);
    for (const a of await everyProcess(() => listIds('demo'))) expect(a.ids).toContain(id);
    expect((await call('POST', at(KNOWLEDGE_PATHS.documentDelete), 'demo', { doc_id: id })).status).toBe(200);
    for (const a of await everyProcess(() => listIds('demo'))) expect(a.ids).not.toContain(id);
    for (const a of await everyProcess(() => call('GET', at(KNOWLEDGE_PATHS.documentDownload).replace(':id', String(id)), 'demo'))) {
      expect(a.status).toBe(404);
    }
  });

  it('a user\'s roles changed on one process show on every process at once: user list, and what the user may see', async () => {
    const roles = await call('GET', ROLE_PATHS.options, 'secadmin');
    const market = (roles.body.results as { name: string; id: number }[]).find((r) => r.name === '市场人员')!;
    const membersUrl = ROLE_PATHS.members.replace(':id', String(market.id));
    const members = (await call('GET', membersUrl, 'secadmin')).body.results as { id: number; username: string }[];
    expect(members.map((m) => m.username)).toContain('staff');
    const reviewed = await upload('demo', '市场审核资料.txt', Buffer.from(chineseText(1200, '市场审核资料'), 'utf8'), 'internal');
    expect((await call('POST', at(KNOWLEDGE_PATHS.documentUpdate), 'demo', { doc_id: reviewed, review_role: String(market.id) })).status).toBe(200);
    await call('POST', KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [reviewed] });
    await settled([reviewed]);
    const staffRoles = (a: Answer) => (a.body.results.list as { username: string; roles: { name: string }[] }[])
      .find((u) => u.username === 'staff')!.roles.map((r) => r.name);
    const userList = () => call('GET', `${USER_PATHS.list}?pageSize=100`, 'sysadmin');
    for (const a of await everyProcess(userList)) expect(staffRoles(a)).toContain('市场人员');
    for (const a of await everyProcess(() => listIds('staff'))) expect(a.ids).toContain(reviewed);

    const changed = await call('PUT', membersUrl, 'secadmin', { userIds: members.filter((m) => m.username !== 'staff').map((m) => m.id) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const a of await everyProcess(userList)) expect(staffRoles(a)).not.toContain('市场人员');
    // The change ended staff's sessions everywhere; signed in again, the reviewed document is out of sight everywhere.
    for (const a of await everyProcess(() => call('GET', AUTH_PATHS.userDetail, 'staff'))) expect(a.status).toBe(401);
    await signIn('staff');
    for (const a of await everyProcess(() => listIds('staff'))) expect(a.ids).not.toContain(reviewed);
  });

  it('a process killed with -9 loses nothing: its job is finished by another, each chunk stored once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await upload('demo', `大文档${i}.txt`, Buffer.from(chineseText(300_000, `大文档${i}`), 'utf8'), 'internal'));
    await call('POST', KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: ids });
    const pids = cluster.servers.map((s) => s.child.pid);
    // A job running on one of the three processes: its owner is `<pid>-<uuid>`.
    const active = await until(async () => {
      const { rows } = await db.query("select key, lease_owner from jobs where state = 'active' and key = any($1)", [ids.map((id) => `doc:${id}`)]);
      return rows.find((r) => pids.includes(Number(String(r.lease_owner).split('-')[0])));
    });
    const victim = pids.indexOf(Number(String(active.lease_owner).split('-')[0]));
    await cluster.servers[victim].kill9();
    proxy.setDown(victim, true);
    await settled(ids, 90_000);
    const { rows: docs } = await db.query('select id, status, chunk_count from knowledge_documents where id = any($1)', [ids]);
    expect(docs.map((d) => d.status)).toEqual(ids.map(() => 'FINISHED'));
    const { rows: [job] } = await db.query('select attempts, state from jobs where key = $1', [active.key]);
    expect(job, 'the killed process\'s job was taken over after its lease').toMatchObject({ state: 'done', attempts: 2 });
    const { rows: chunks } = await db.query('select document_id, count(*)::int as n, count(distinct seq)::int as seqs from document_chunks where document_id = any($1) group by 1', [ids]);
    for (const d of docs) expect(chunks.find((c) => c.document_id === d.id)).toMatchObject({ n: d.chunk_count, seqs: d.chunk_count });
  });

  it('an upload cut by a kill -9 stores nothing; sent again it is stored once, by another process', async () => {
    const alive = cluster.servers.map((s, i) => (s.child.exitCode === null && s.child.signalCode === null ? i : -1)).filter((i) => i >= 0);
    const name = '断点上传.txt';
    const bytes = Buffer.from(chineseText(200_000, '断点上传'), 'utf8');
    const body = multipartBody({ secrecy: 'internal', doc_type: 'DOCUMENT' }, [{ field: 'doc_file', name, bytes }]);
    const payload = Buffer.from(body.payload);
    const before = proxy.counts.slice();
    // Half the body, then the process receiving it is killed.
    const cut = new Promise<string>((resolve) => {
      const req = httpRequest(`${proxy.url}${at(KNOWLEDGE_PATHS.upload)}`, {
        method: 'POST', headers: { authorization: `Bearer ${tokens.demo}`, ...body.headers, 'content-length': String(payload.length) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(`answered ${res.statusCode}`));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
      req.write(payload.subarray(0, payload.length >> 1));
    });
    const receiving = await until(async () => proxy.counts.findIndex((n, i) => n > before[i]) + 1) - 1;
    expect(alive).toContain(receiving);
    await new Promise((r) => setTimeout(r, 300));
    await cluster.servers[receiving].kill9();
    proxy.setDown(receiving, true);
    expect(await cut).not.toBe('answered 200');
    const { rows: none } = await db.query('select id from knowledge_documents where doc_name = $1', [name]);
    expect(none).toEqual([]);
    const id = await upload('demo', name, bytes, 'internal');
    const { rows: once } = await db.query('select id, file_path from knowledge_documents where doc_name = $1', [name]);
    expect(once.map((r) => r.id)).toEqual([id]);
    const stored = fs.readdirSync(path.dirname(path.join(cluster.filesDir, path.relative('files', once[0].file_path))));
    expect(stored.filter((f) => f.startsWith(`${id}.`))).toEqual([`${id}.txt`]);
  });
});
