// Issue 29: every chunk knows where it came from and the headings above it — stored while processing, returned by
// the chunk list and the recall test, and given to the model with each cited passage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS, type Chunk, type Citation, type RecallHit } from '../../../contract/api';
import { numberedPassages } from '../../chat/modes/knowledge';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { documentsSettled } from '../../test-support/documents-settled';

let t: TestApp;
let token = '';
const SPACE = '位置资料';
const at = (p: string) => p.replace(':space', encodeURIComponent(SPACE));
const ids: Record<string, number> = {};

const post = (url: string, body: unknown = {}) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: body as object });

async function upload(name: string, content: string): Promise<number> {
  const body = multipartBody({ secrecy: 'internal', review_role: '-2' }, [{ field: 'doc_file', name, bytes: Buffer.from(content) }]);
  const res = await t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as number;
}

async function processed(docIds: number[]) {
  expect((await post(KNOWLEDGE_PATHS.taskCreate, { doc_ids: docIds })).statusCode).toBe(200);
  return documentsSettled(t, docIds);
}

async function chunksOf(docId: number): Promise<Chunk[]> {
  const res = await post(at(KNOWLEDGE_PATHS.chunkList), { document_id: docId, page_size: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

async function recall(question: string): Promise<RecallHit[]> {
  const res = await post(at(KNOWLEDGE_PATHS.recallTest), { question, recall_top_k: 5 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
  expect((await post(KNOWLEDGE_PATHS.spaceAdd, { name: SPACE, desc: '位置' })).statusCode).toBe(200);
  ids.manual = await upload('安装手册.md', '# 第三章 安装\n\n## 3.1 准备\n\n检查管道是否清洁。\n\n## 3.2 安装要求\n\n阀门应垂直安装在水平管道上。\n');
  ids.table = await upload('阀门参数.csv', '型号,公称压力,材质\nDN50,1.6 MPa,球墨铸铁\nDN80,2.5 MPa,铸钢\n');
  for (const r of await processed(Object.values(ids))) expect(r.status, r.result).toBe('FINISHED');
});
afterAll(async () => {
  await t?.close();
});

describe('where a chunk came from', () => {
  it('lists each chunk with the headings above it', async () => {
    const chunks = await chunksOf(ids.manual);
    expect(chunks.map((c) => [c.heading_path, c.content])).toEqual([
      ['第三章 安装 › 3.1 准备', '检查管道是否清洁。'],
      ['第三章 安装 › 3.2 安装要求', '阀门应垂直安装在水平管道上。'],
    ]);
  });

  it('keeps a table row with its header and says which rows a chunk holds', async () => {
    const [chunk] = await chunksOf(ids.table);
    expect(chunk.content).toBe('型号: DN50；公称压力: 1.6 MPa；材质: 球墨铸铁\n型号: DN80；公称压力: 2.5 MPa；材质: 铸钢');
    expect(chunk.position).toEqual({ rows: [2, 3] });
  });

  it('finds a passage by its headings too, and the recall test returns its path and position', async () => {
    // "安装要求" is only in the heading above the passage.
    const hits = await recall('安装要求是什么');
    expect(hits[0]).toMatchObject({ document_id: ids.manual, heading_path: '第三章 安装 › 3.2 安装要求', content: '阀门应垂直安装在水平管道上。', position: {} });
    const [row] = await recall('DN50 的公称压力');
    expect(row).toMatchObject({ document_id: ids.table, position: { rows: [2, 3] } });
  });

  it('gives the model each passage with its place and headings', () => {
    const cited: Citation = {
      index: 1, space: SPACE, doc_id: 1, doc_name: '手册.pdf', chunk_id: 1, content: '阀门应垂直安装。', score: 0.9,
      heading_path: '第三章 › 3.2 安装要求', position: { page: 12 },
    };
    expect(numberedPassages([cited])).toBe('[1] 《手册.pdf》 第 12 页 · 第三章 › 3.2 安装要求\n阀门应垂直安装。');
    expect(numberedPassages([{ ...cited, heading_path: undefined, position: undefined }])).toBe('[1] 《手册.pdf》\n阀门应垂直安装。');
  });
});
