import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, KNOWLEDGE_PATHS, STREAM_DONE, type Citation, type RecallHit } from '../../../contract/api';
import { startFakeLlm, type FakeLlm } from '../../../tests/support/fake-llm';
import { noPassageAnswer } from '../../chat/modes/knowledge';
import { knowledgeDocuments } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { postCompletion, readCompletion } from '../../test-support/sse';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

// D29: one relevance scale (0..1, shown as a percentage) on which the space's 召回阈值 is applied, the same in the
// recall test and in knowledge chat. Real passages of an employee handbook; a nonsense question finds nothing.
const SPACE = '员工制度';
const DOCS: Record<string, string> = {
  '差旅制度.txt': [
    '差旅报销制度。员工出差需提前在系统中提交出差申请，经部门负责人批准后方可出行。',
    '住宿标准按城市等级执行：一线城市每晚不超过六百元，其他城市每晚不超过四百元。',
    '报销须在返回后十五日内提交，并附发票、行程单等报销材料。',
  ].join('\n\n'),
  '考勤制度.txt': [
    '考勤制度。公司实行弹性工作制，核心工作时间为上午十点至下午四点。',
    '员工迟到三十分钟以内记为迟到，超过三十分钟按事假半天处理。',
    '加班须提前申请，调休应在三个月内使用完毕。',
  ].join('\n\n'),
  '年假制度.txt': [
    '年休假制度。员工累计工作满一年不满十年的，年休假五天；满十年不满二十年的，年休假十天。',
    '年休假应在当年度内休完，确因工作需要未休的，可顺延至次年第一季度。',
    '新入职员工的培训材料由人力资源部统一发放。',
  ].join('\n\n'),
};

let t: TestApp;
let llm: FakeLlm;
let base = '';
let token = '';

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
async function recall(question: string, extra: Record<string, unknown> = {}): Promise<RecallHit[]> {
  const res = await post(at(KNOWLEDGE_PATHS.recallTest), { question, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RecallHit[];
}
async function setArguments(topk: number, recallScore: number) {
  const res = await post(KNOWLEDGE_PATHS.spaceSave, { name: SPACE, argument: { embedding: { topk, recall_score: recallScore } } });
  expect(res.statusCode, res.body).toBe(200);
}
async function askKnowledge(question: string) {
  const conv = (await post(`${CHAT_PATHS.dialogueNew}?chat_mode=chat_knowledge`)).json().data.conv_uid as string;
  const res = await readCompletion(await postCompletion(base, token, { conv_uid: conv, user_input: question, chat_mode: 'chat_knowledge', select_param: SPACE }));
  expect(res.status).toBe(200);
  const refs = res.frames.find((f) => f !== STREAM_DONE && f.object === 'chat.references') as { references: Citation[] } | undefined;
  return { text: res.text, references: refs?.references ?? [] };
}

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ config: { llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: 5 }], jobLeaseMs: 5000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  // Small chunks, so each paragraph is its own passage.
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, { name: SPACE })).statusCode).toBe(200);
  const saved = await post(KNOWLEDGE_PATHS.spaceSave, { name: SPACE, argument: { embedding: { chunk_size: 60, chunk_overlap: 0 } } });
  expect(saved.statusCode, saved.body).toBe(200);
  const ids: number[] = [];
  for (const [name, text] of Object.entries(DOCS)) {
    const body = multipartBody({ secrecy: 'public' }, [{ field: 'doc_file', name, bytes: Buffer.from(text, 'utf8') }]);
    const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data[0]);
  }
  await post(KNOWLEDGE_PATHS.taskCreate, { doc_ids: ids });
  const deadline = Date.now() + 20_000;
  while ((await t.deps.db.select().from(knowledgeDocuments)).some((d) => d.status !== 'FINISHED') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

describe('relevance and the space’s 召回阈值 (D29)', () => {
  it('a question about a passage finds it first with a high relevance', async () => {
    const hits = await recall('出差住宿标准是多少？');
    expect(hits[0].content).toContain('住宿标准按城市等级执行');
    // 住宿 and 标准 of 出差、住宿、标准 (多少 is a question word): two thirds of the question, by weight.
    expect(hits[0].score).toBeGreaterThanOrEqual(0.6);
    expect((await recall('一线城市的住宿标准'))[0]).toMatchObject({ score: 1 });
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
    expect(hits.every((h) => h.score >= 0.3 && h.score <= 1)).toBe(true);
    expect(hits[0].highlights).toEqual(expect.arrayContaining(['住宿', '标准']));
  });

  it('a nonsense question (量子纠缠超导材料) returns nothing at the default threshold, only weak passages without one', async () => {
    expect(await recall('量子纠缠超导材料')).toEqual([]);
    // The words it shares with the handbook (材料) are there, and weigh little on the same scale.
    const unfiltered = await recall('量子纠缠超导材料', { recall_score_threshold: 0 });
    expect(unfiltered.length).toBeGreaterThan(0);
    expect(Math.max(...unfiltered.map((h) => h.score))).toBeLessThan(0.3);
  });

  it('applies the space’s top-K and threshold; a question may name its own', async () => {
    await setArguments(2, 0.3);
    expect((await recall('员工 年休假 迟到 出差 报销')).length).toBeLessThanOrEqual(2);
    expect((await recall('员工 年休假 迟到 出差 报销', { recall_top_k: 5 })).length).toBeGreaterThan(2);
    await setArguments(5, 0.95);
    const strict = await recall('年休假 顺延 次年');
    expect(strict.every((h) => h.score >= 0.95)).toBe(true);
    expect(strict[0].content).toContain('顺延至次年');
    await setArguments(5, 0.3);
  });

  it('knowledge chat cites only passages above the threshold, with the recall test’s scores', async () => {
    const before = llm.stats.requests;
    const { references } = await askKnowledge('出差住宿标准是多少？');
    expect(llm.stats.requests).toBe(before + 1);
    const hits = await recall('出差住宿标准是多少？');
    expect(references.map((r) => [r.chunk_id, r.score])).toEqual(hits.map((h) => [h.chunk_id, h.score]));
    expect(references.every((r) => r.score >= 0.3)).toBe(true);
    expect(references[0].content).toContain('住宿标准');
  });

  it('knowledge chat answers that no relevant passage was found, without asking the model or citing anything', async () => {
    const before = llm.stats.requests;
    const { text, references } = await askKnowledge('量子纠缠超导材料');
    expect(references).toEqual([]);
    expect(text).toBe(noPassageAnswer(SPACE, 0.3));
    expect(text).toContain('没有找到与问题相关的内容');
    expect(text).toContain('30%');
    expect(llm.stats.requests).toBe(before);
  });
});
