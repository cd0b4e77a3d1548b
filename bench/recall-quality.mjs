// Recall quality (issue 16 §2) through the built server, as a user reaches it: Debian's Chinese FAQ uploaded to a
// space and processed with the space's default chunking, then each question of tests/support/recall-questions.ts
// (the set server/knowledge/recall-quality.test.ts asks) put to the recall test, on PGlite and on PostgreSQL. A
// question is answered when a passage among the first five holds its answering phrase; both databases must rank
// alike (the same first five, passage by passage).
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { callApi, DEMO_PASSWORD, pgAdmin, round, signIn, startServer } from './lib.mjs';

const SPACE = 'Debian常见问题';
const flat = (s) => s.replace(/\s+/g, '');

/** The first five passages of every question, on one server. */
async function firstFives(env, corpus, questions) {
  const s = await startServer({ env });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    await callApi(s.url, token, '/knowledge/space/add', { name: SPACE });
    const form = new FormData();
    form.append('secrecy', 'public');
    form.append('doc_file', new Blob([corpus]), 'debian-faq.zh-cn.txt');
    const space = encodeURIComponent(SPACE);
    const uploaded = await (await fetch(`${s.url}/knowledge/${space}/document/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
    if (!uploaded.success) throw new Error(uploaded.err_msg);
    await callApi(s.url, token, '/knowledge/task/create', { doc_ids: uploaded.data });
    for (const deadline = Date.now() + 120_000; ;) {
      const [doc] = (await callApi(s.url, token, `/knowledge/${space}/document/list`, {})).data;
      if (doc.status === 'FINISHED') break;
      if (doc.status === 'FAILED' || Date.now() > deadline) throw new Error(`文档未处理完成：${doc.status} ${doc.result ?? ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const out = [];
    for (const { question } of questions) {
      const hits = await callApi(s.url, token, `/knowledge/${space}/recall_test`, { question, recall_top_k: 5, recall_score_threshold: 0 });
      out.push(hits.map((h) => flat(h.content)));
    }
    return out;
  } finally {
    await s.stop();
  }
}

export async function benchRecallQuality() {
  const { FAQ_ZH_CN, RECALL_QUESTIONS } = await tsImport('../tests/support/recall-questions.ts', import.meta.url);
  if (!existsSync(FAQ_ZH_CN)) return [{ name: `recall quality: not measured (no ${FAQ_ZH_CN}; apt-get install debian-faq-zh-cn)`, value: NaN, unit: '' }];
  const corpus = gunzipSync(readFileSync(FAQ_ZH_CN));
  const missedPercent = (fives) => round((100 * RECALL_QUESTIONS.filter((q, i) => !fives[i].some((c) => c.includes(flat(q.answer)))).length) / RECALL_QUESTIONS.length, 1);
  const about = `${RECALL_QUESTIONS.length} questions over Debian's Chinese FAQ`;
  const embedded = await firstFives({}, corpus, RECALL_QUESTIONS);
  const rows = [
    { name: `recall quality: questions whose answering passage is not among the first five (PGlite; %, hit@5 = 100 − this; ${about})`, value: missedPercent(embedded), budget: 10, unit: '%' },
  ];
  const admin = await pgAdmin();
  if (!admin) return [...rows, { name: 'recall quality on PostgreSQL: not measured (no PostgreSQL on 127.0.0.1:5432)', value: NaN, unit: '' }];
  const name = `kb_bench_quality_${process.pid}`;
  try {
    await admin.client.query(`CREATE DATABASE ${name}`);
    const postgres = await firstFives({ DATABASE_URL: `postgres://${admin.user}@${admin.host}:${admin.port}/${name}` }, corpus, RECALL_QUESTIONS);
    const differ = postgres.filter((five, i) => five.join('\n') !== embedded[i].join('\n')).length;
    rows.push(
      { name: `recall quality: questions whose answering passage is not among the first five (PostgreSQL; %, hit@5 = 100 − this; ${about})`, value: missedPercent(postgres), budget: 10, unit: '%' },
      { name: 'recall quality: questions whose first five passages differ between PGlite and PostgreSQL (the same ranking on both)', value: differ, budget: 0, unit: '' },
    );
    return rows;
  } finally {
    await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.client.end();
  }
}
