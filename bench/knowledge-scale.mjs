// Knowledge at scale on both databases (issue 16): 10,000 documents and 100,000 passages of real Chinese text
// (Debian's manuals, recombined: bench/corpus.mjs), loaded into the embedded database and into PostgreSQL; then, with
// 20 connections, the document list and the recall test asked with a distinct body every time (pages, filters,
// sorts; questions drawn from the text), so no answer comes from a cache: p95, median of three rounds with the
// spread. Then the server is restarted and the first recall timed. `node bench/knowledge-scale.mjs` runs it alone.
//
// Building the set takes minutes. BENCH_SCALE_DIR=/some/dir keeps it between runs: the embedded database's data
// directory is kept in <dir>/pglite and PostgreSQL's set in the database kb_bench_scale (its server's DATA_DIR, with
// the term index's snapshots, in <dir>/postgres); a run that finds them (with <dir>/<db>/built.json naming the same
// set) reuses them, with the server's migrations applied at its start as usual; `rm -rf <dir>` and
// `DROP DATABASE kb_bench_scale` build them again. Only reads are measured, so a kept set stays the same set.
// BENCH_SCALE_DBS=pglite or =postgres measures one database only (default both).
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { indexTerms, questionWords, realSentences, recombinedRuns, seeded } from './corpus.mjs';
import { DEMO_PASSWORD, load, median, pgAdmin, round, signIn, spread, startServer } from './lib.mjs';

const DOCS = 10_000;
const CHUNKS_PER_DOC = 10;
const CHUNK_CHARS = 440;
const ROUNDS = 3;
const SECONDS = 5;
const SPACE = '规模';
const GRADES = ['public', 'internal', 'secret', 'confidential'];

/** The set, built once for both databases: each document's name and its passages with their terms. */
function buildSet() {
  const sentences = realSentences();
  const termsOf = new Map();
  const terms = (i) => {
    let t = termsOf.get(i);
    if (t === undefined) termsOf.set(i, (t = indexTerms(sentences[i])));
    return t;
  };
  const runs = recombinedRuns(DOCS * CHUNKS_PER_DOC, CHUNK_CHARS, 7);
  const docs = [];
  for (let d = 0; d < DOCS; d++) {
    const chunks = runs.slice(d * CHUNKS_PER_DOC, (d + 1) * CHUNKS_PER_DOC).map((run) => ({
      content: run.map((i) => sentences[i]).join(''), terms: run.map(terms).join(' '),
    }));
    // Named by the words its first passage begins with, as an uploaded file would be.
    const name = `${questionWords(chunks[0].content).slice(0, 3).join('') || '文档'}${d + 1}.txt`;
    docs.push({ name, chunks });
  }
  return docs;
}

/** The set written into a stopped server's database (`query(sql, params)`), into a new space of demo's. */
async function insertSet(query, docs) {
  const owner = (await query("SELECT id FROM users WHERE username = 'demo'")).rows[0].id;
  const space = (await query(
    "INSERT INTO knowledge_spaces (name, owner_id, argument, created_at, updated_at) VALUES ($1, $2, '{}', now(), now()) RETURNING id", [SPACE, owner],
  )).rows[0].id;
  for (let start = 0; start < docs.length; start += 1000) {
    const batch = docs.slice(start, start + 1000);
    const ids = (await query(
      `INSERT INTO knowledge_documents (space_id, doc_name, content_type, file_path, size, sha256, secrecy, review_roles, owner_id, status, chunk_count, created_at, updated_at)
       SELECT $1, n, 'text/plain', '', 4400, '', g, CASE WHEN k % 5 = 0 THEN ARRAY[k % 7]::int[] ELSE '{}'::int[] END, $2, 'FINISHED', ${CHUNKS_PER_DOC}, now(), now()
       FROM unnest($3::text[], $4::text[], $5::int[]) WITH ORDINALITY AS x(n, g, k, o) ORDER BY o RETURNING id`,
      [space, owner, batch.map((d) => d.name), batch.map((_d, i) => GRADES[(start + i) % 4]), batch.map((_d, i) => start + i)],
    )).rows.map((r) => r.id);
    const docIds = []; const seqs = []; const contents = []; const terms = [];
    batch.forEach((d, i) => d.chunks.forEach((c, seq) => {
      docIds.push(ids[i]); seqs.push(seq); contents.push(c.content); terms.push(c.terms);
    }));
    await query(
      `INSERT INTO document_chunks (document_id, space_id, seq, content, terms)
       SELECT d, $1, s, c, t FROM unnest($2::int[], $3::int[], $4::text[], $5::text[]) AS x(d, s, c, t)`,
      [space, docIds, seqs, contents, terms],
    );
  }
  await query('ANALYZE');
}

/** Each call a body not asked before: the next of a long list drawn with a seeded generator. */
function distinct(make, count, seed) {
  const random = seeded(seed);
  const bodies = Array.from({ length: count }, (_v, i) => JSON.stringify(make(random, i)));
  let next = 0;
  return [{ method: 'POST', setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }];
}

const LIST_SORTS = [undefined, 'doc_name', 'gmt_modified', 'size', 'secrecy_name'];
function listBody(random, i, words) {
  const body = { page: 1 + Math.floor(random() * (DOCS / 25)), page_size: 25 };
  if (i % 3 === 1) body.doc_name = words[Math.floor(random() * words.length)];
  if (i % 4 === 2) body.secrecy = GRADES[Math.floor(random() * 4)];
  const sort = LIST_SORTS[i % LIST_SORTS.length];
  if (sort) Object.assign(body, { sort_by: sort, sort_order: random() < 0.5 ? 'ASC' : 'DESC' });
  if (body.doc_name) body.page = 1 + Math.floor(random() * 3);
  return body;
}
function recallBody(random) {
  const sentences = realSentences();
  const words = questionWords(sentences[Math.floor(random() * sentences.length)]);
  const take = words.slice(0, 2 + Math.floor(random() * 3));
  return { question: `${take.join('')}是什么？`, recall_top_k: 5 };
}

/** Three rounds of a load; the median p95 and the spread. */
async function rounds(run) {
  const figures = [];
  let errors = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const result = await run(r);
    figures.push(result.p95);
    errors += result.errors;
  }
  return { p95: median(figures), spread: spread(figures), errors };
}

async function measure(s, db) {
  const headers = { authorization: `Bearer ${await signIn(s.url, 'demo', DEMO_PASSWORD)}`, 'content-type': 'application/json' };
  const space = encodeURIComponent(SPACE);
  // The term index is brought up to date in the background at start; one recall waits for it (steady state).
  await fetch(`${s.url}/knowledge/${space}/recall_test`, { method: 'POST', headers, body: JSON.stringify({ question: '软件包的依赖关系' }) });
  // Likewise the list's documents are read once per state of the space (D71); one list brings them in.
  await fetch(`${s.url}/knowledge/${space}/document/list`, { method: 'POST', headers, body: JSON.stringify({ page: 1 }) });
  const words = [...new Set(realSentences().slice(0, 400).flatMap(questionWords))];
  const list = await rounds((r) => load({
    url: `${s.url}/knowledge/${space}/document/list`, method: 'POST', headers, connections: 20, seconds: SECONDS,
    requests: distinct((random, i) => listBody(random, i, words), 20_000, 100 + r),
  }));
  const recall = await rounds((r) => load({
    url: `${s.url}/knowledge/${space}/recall_test`, method: 'POST', headers, connections: 20, seconds: SECONDS,
    requests: distinct(recallBody, 20_000, 200 + r),
  }));
  return [
    { name: `document/list, 10,000 documents, a distinct page/filter/sort each request: p95 (${db}; ms, 20 connections; rounds ${list.spread})`, value: list.p95, budget: 50, unit: 'ms' },
    { name: `recall test, 100,000 passages of real text (Debian's Chinese manuals, sentences recombined), a distinct question each request: p95 (${db}; ms, 20 connections; rounds ${recall.spread})`, value: recall.p95, budget: 100, unit: 'ms' },
    { name: `knowledge load errors (${db})`, value: list.errors + recall.errors, budget: 0, unit: '' },
  ];
}

/** The first recall after a restart (the term index from its snapshot, patched from the database). */
async function firstRecallAfterRestart(dataDir, env, db) {
  const s = await startServer({ dataDir, env });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    const t0 = performance.now();
    const res = await fetch(`${s.url}/knowledge/${encodeURIComponent(SPACE)}/recall_test`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ question: '如何配置网络接口？' }),
    });
    const json = await res.json();
    if (!json.success || !json.data.length) throw new Error(`first recall failed: ${JSON.stringify(json).slice(0, 200)}`);
    const ms = performance.now() - t0;
    return { name: `first recall after a restart, 100,000 passages (${db}; ms from ready; start took ${round(s.readyMs)} ms)`, value: round(ms), budget: 1000, unit: 'ms' };
  } finally {
    await s.stop({ keepData: true });
  }
}

const ENV = { SEED_DEMO: 'true', LOG_LEVEL: 'error' };

/** Where a kept set lives (BENCH_SCALE_DIR), or null; `built.json` there says which set it holds. */
const KEEP = process.env.BENCH_SCALE_DIR || null;
const SET_SHAPE = JSON.stringify({ docs: DOCS, chunksPerDoc: CHUNKS_PER_DOC, chunkChars: CHUNK_CHARS, version: 1 });
const keptDir = (db) => (KEEP ? join(KEEP, db) : null);
const isKept = (db) => KEEP !== null && existsSync(join(keptDir(db), 'built.json')) && readFileSync(join(keptDir(db), 'built.json'), 'utf8') === SET_SHAPE;
function markKept(db) {
  if (KEEP) writeFileSync(join(keptDir(db), 'built.json'), SET_SHAPE);
}

async function onPglite(docs) {
  let dataDir = keptDir('pglite');
  if (!isKept('pglite')) {
    if (dataDir) {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
    const first = await startServer({ dataDir: dataDir ?? undefined, env: ENV });
    await first.stop({ keepData: true });
    dataDir = first.dataDir;
    const client = new PGlite(join(dataDir, 'pgdata'), { extensions: { vector } });
    await insertSet((q, p) => client.query(q, p), docs());
    await client.close();
    markKept('pglite');
  }
  const s = await startServer({ dataDir, env: ENV });
  try {
    const rows = await measure(s, 'PGlite');
    await s.stop({ keepData: true });
    rows.push(await firstRecallAfterRestart(dataDir, ENV, 'PGlite'));
    return rows;
  } finally {
    await s.stop({ keepData: true });
    if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(docs) {
  const admin = await pgAdmin();
  if (!admin) return [{ name: 'knowledge at scale on PostgreSQL: not measured (no PostgreSQL on 127.0.0.1:5432)', value: NaN, unit: '' }];
  const name = KEEP ? 'kb_bench_scale' : `kb_bench_${process.pid}_${Date.now()}`;
  const env = { ...ENV, DATABASE_URL: `postgres://${admin.user}@127.0.0.1:5432/${name}` };
  let dataDir = keptDir('postgres');
  const exists = (await admin.client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  const reuse = exists && isKept('postgres');
  try {
    if (!reuse) {
      await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.client.query(`CREATE DATABASE ${name}`);
      if (dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
      }
      const first = await startServer({ dataDir: dataDir ?? undefined, env });
      await first.stop({ keepData: true });
      dataDir = first.dataDir;
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await insertSet((q, p) => client.query(q, p), docs());
      await client.end();
      markKept('postgres');
    }
    const s = await startServer({ dataDir, env });
    try {
      const rows = await measure(s, 'PostgreSQL');
      await s.stop({ keepData: true });
      rows.push(await firstRecallAfterRestart(dataDir, env, 'PostgreSQL'));
      return rows;
    } finally {
      await s.stop({ keepData: true });
      if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    if (!KEEP) await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.client.end();
  }
}

export async function benchKnowledgeScale() {
  // Built at most once, and only when a database has no kept set.
  let set = null;
  const docs = () => (set ??= buildSet());
  const only = process.env.BENCH_SCALE_DBS;
  return [
    ...(only && only !== 'pglite' ? [] : await onPglite(docs)),
    ...(only && only !== 'postgres' ? [] : await onPostgres(docs)),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await benchKnowledgeScale());
