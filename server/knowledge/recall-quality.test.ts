// Recall quality on a real Chinese corpus (issue 16): Debian's Chinese FAQ processed as a user uploads it (the
// space's default chunking), then each question of tests/support/recall-questions.ts asked in the recall test. Run
// on the embedded database by `npm run test:unit` and on PostgreSQL by `npm run test:pg`: the same ranking on both.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS, type RecallHit } from '../../contract/api';
import { FAQ_ZH_CN, RECALL_QUESTIONS } from '../../tests/support/recall-questions';
import { knowledgeDocuments } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../test-support/test-config';

const SPACE = 'Debian常见问题';
const flat = (s: string) => s.replace(/\s+/g, '');

let t: TestApp;
let token = '';
const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));

beforeAll(async () => {
  if (!existsSync(FAQ_ZH_CN)) throw new Error(`缺少语料 ${FAQ_ZH_CN}：请安装 Debian 软件包 debian-faq-zh-cn（.ci/run 会安装）`);
  t = await createTestApp();
  token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, { name: SPACE })).statusCode).toBe(200);
  const body = multipartBody({ secrecy: 'public' }, [{ field: 'doc_file', name: 'debian-faq.zh-cn.txt', bytes: gunzipSync(readFileSync(FAQ_ZH_CN)) }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  expect((await post(KNOWLEDGE_PATHS.taskCreate, { doc_ids: res.json().data })).statusCode).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [doc] = await t.deps.db.select().from(knowledgeDocuments);
    if (doc.status === 'FINISHED') break;
    if (doc.status === 'FAILED' || Date.now() > deadline) throw new Error(`文档未处理完成：${doc.status} ${doc.result ?? ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(async () => t?.close());

describe('recall quality on a real Chinese corpus', () => {
  it(`finds the answering passage among the first five for at least 90% of ${RECALL_QUESTIONS.length} questions`, async () => {
    expect(RECALL_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    const missed: string[] = [];
    for (const { question, answer } of RECALL_QUESTIONS) {
      // The first 50, so a miss says where the answering passage came.
      const res = await post(at(KNOWLEDGE_PATHS.recallTest), { question, recall_top_k: 50, recall_score_threshold: 0 });
      expect(res.statusCode, res.body).toBe(200);
      const hits = res.json().data as RecallHit[];
      const rank = hits.findIndex((h) => flat(h.content).includes(flat(answer)));
      if (rank < 0 || rank >= 5) {
        const found = rank < 0 ? '前 50 中没有' : `排第 ${rank + 1}（${(hits[rank].score * 100).toFixed(0)}%）`;
        missed.push(`${question} → 应含「${answer}」的段落${found}；前五：${hits.slice(0, 5).map((h) => `${flat(h.content).slice(0, 16)}（${(h.score * 100).toFixed(0)}%）`).join(' | ')}`);
      }
    }
    const hitAt5 = (RECALL_QUESTIONS.length - missed.length) / RECALL_QUESTIONS.length;
    console.log(`recall hit@5 on ${t.deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${(hitAt5 * 100).toFixed(1)}% (${missed.length} missed)`);
    if (missed.length) console.log(missed.join("\n"));
    expect(hitAt5, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
