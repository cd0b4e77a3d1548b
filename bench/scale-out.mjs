// Scale-out on PostgreSQL (issue 16 §4, docs/scaling.md): throughput of a read mix with one server process, and
// with two processes on the same database, as a ratio. The mix: the document list of a 5,000-document space with
// distinct pages, filters and orders (60%), user-detail (25%) and the space list (15%), 20 connections in all (with
// two processes, 10 to each: the client balances, so no proxy takes a share of the two cores). Rounds alternate
// one and two processes; the median of 3 rounds is printed with the spread. Needs the PostgreSQL of this machine
// (127.0.0.1:5432, or BENCH_PG_HOST/BENCH_PG_PORT); without it the suite says so and measures nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { callApi, DEMO_PASSWORD, median, percentile, pgAdmin, round, signIn, spread, startServer } from './lib.mjs';

const SPACE = '扩展测试';
const DOCUMENTS = 5000;
const ROUNDS = 3;
const SECONDS = 8;
const CONNECTIONS = 20;
const WORDS = ['差旅', '报销', '代码', '评审', '密级', '合同', '巡检', '发布', '预算', '培训'];
const SORTS = [undefined, 'doc_name', 'gmt_modified', 'size'];

/** A request of the mix, drawn at random (autocannon's setupRequest). */
function mixRequest(token) {
  const auth = `Bearer ${token}`;
  const list = `/knowledge/${encodeURIComponent(SPACE)}/document/list`;
  return (req) => {
    const r = Math.random();
    if (r < 0.6) {
      const body = { page: 1 + Math.floor(Math.random() * 50), page_size: 20 };
      if (Math.random() < 0.5) body.doc_name = WORDS[Math.floor(Math.random() * WORDS.length)];
      const sort = SORTS[Math.floor(Math.random() * SORTS.length)];
      if (sort) Object.assign(body, { sort_by: sort, sort_order: Math.random() < 0.5 ? 'ASC' : 'DESC' });
      return { ...req, method: 'POST', path: list, headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    }
    if (r < 0.85) return { ...req, method: 'GET', path: '/api/sysMgr/home-page/user-detail?visitorId=bench', headers: { authorization: auth }, body: undefined };
    return { ...req, method: 'POST', path: '/knowledge/space/list', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}' };
  };
}

/** Loads every URL at once, the connections shared out; answers the total rate and the latency percentiles. */
async function loadMix(urls, token) {
  const latencies = [];
  let errors = 0;
  const runs = urls.map((url) => {
    const instance = autocannon({
      url, connections: CONNECTIONS / urls.length, duration: SECONDS, requests: [{ setupRequest: mixRequest(token) }],
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 400) errors++;
    });
    return instance;
  });
  const results = await Promise.all(runs);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p95: percentile(latencies, 95),
    errors: errors + results.reduce((n, r) => n + r.errors + r.timeouts, 0),
  };
}

export async function benchScaleOut() {
  const admin = await pgAdmin();
  if (!admin) return [{ name: 'scale-out on PostgreSQL: not measured (no PostgreSQL at BENCH_PG_HOST:BENCH_PG_PORT, default 127.0.0.1:5432)', value: NaN, unit: '' }];
  const { host: HOST, port: PORT } = admin;
  const dbName = `kb_bench_${randomBytes(5).toString('hex')}`;
  await admin.client.query(`create database ${dbName}`);
  const shared = mkdtempSync(join(tmpdir(), 'kb-bench-files-'));
  const env = {
    DATABASE_URL: `postgres://${admin.user}@${HOST}:${PORT}/${dbName}`, FILES_DIR: shared,
    DB_SECRET_KEY: randomBytes(32).toString('hex'), SEED_DEMO: 'true',
  };
  const servers = [];
  try {
    servers.push(await startServer({ env }));
    const token = await signIn(servers[0].url, 'demo', DEMO_PASSWORD);
    await callApi(servers[0].url, token, '/knowledge/space/add', { name: SPACE, desc: '扩展基准' });
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      // Finished documents (their rows only: the list reads rows), names from the words of the mix.
      await db.query(`insert into knowledge_documents (space_id, doc_name, content_type, file_path, size, sha256, secrecy, owner_id, status, chunk_count, created_at, updated_at)
        select s.id, ($2::text[])[1 + i % 10] || '制度' || i || '.txt', 'text/plain', 'files/knowledge/' || s.id || '/' || i || '.txt', 1000 + i, md5(i::text),
          (array['public', 'internal', 'secret'])[1 + i % 3], u.id, 'FINISHED', 1 + i % 40, now() - i * interval '1 minute', now() - i * interval '1 minute'
        from generate_series(1, $1::int) i, knowledge_spaces s, users u where s.name = $3 and u.username = 'demo'`, [DOCUMENTS, WORDS, SPACE]);
      await db.query('analyze');
    } finally {
      await db.end();
    }
    servers.push(await startServer({ env }));
    const one = [];
    const two = [];
    // Warm both (the first requests compile schemas, open pool connections).
    await loadMix([servers[0].url, servers[1].url], token);
    for (let i = 0; i < ROUNDS; i++) {
      one.push(await loadMix([servers[0].url], token));
      two.push(await loadMix([servers[0].url, servers[1].url], token));
    }
    const rps1 = one.map((r) => r.rps);
    const rps2 = two.map((r) => r.rps);
    const ratio = median(rps2) / median(rps1);
    return [
      { name: `read mix, 1 process on PostgreSQL (req/s, median of ${ROUNDS}, spread ${spread(rps1)})`, value: round(median(rps1), 0), unit: 'req/s' },
      { name: `read mix, 2 processes on PostgreSQL (req/s, median of ${ROUNDS}, spread ${spread(rps2)})`, value: round(median(rps2), 0), unit: 'req/s' },
      { name: 'read mix p95, 1 / 2 processes (ms)', value: `${round(median(one.map((r) => r.p95)), 0)} / ${round(median(two.map((r) => r.p95)), 0)}`, unit: 'ms' },
      { name: `read mix throughput ratio, 2 processes : 1 (${CONNECTIONS} connections, this machine's cores shared with PostgreSQL and the load)`, value: round(ratio, 2), unit: '×' },
      { name: 'read mix errors', value: [...one, ...two].reduce((n, r) => n + r.errors, 0), budget: 0, unit: '' },
    ];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(shared, { recursive: true, force: true });
    await admin.client.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.client.end();
  }
}
