import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS } from '../../../contract/api';
import { auditLog, documentChunks, errorLogs, knowledgeDocuments, roles } from '../../db/schema';
import { claim, complete, enqueue, LeaseLostError, type Job } from '../../jobs/queue';
import { rowStatusJobHandler } from '../../jobs/row-status-handler';
import { DOCUMENT_QUEUE, documentJobKey, processDocument } from '../../knowledge/process';
import { STOPPED_RESULT } from '../../knowledge/documents';
import { bearer, signIn } from '../../test-support/http';
import { makeDocx, makePdf } from '../../test-support/fixtures';
import { makeEncryptedOoxml, makeXls } from '../../test-support/legacy-fixtures';
import { makePptx } from '../../test-support/office-fixtures';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tokens: Record<string, string> = {};
const SPACE = '产品资料';
const at = (p: string, space = SPACE) => p.replace(':space', encodeURIComponent(space));

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: 200_000, jobLeaseMs: 5000 } });
  for (const u of ['demo', 'staff', 'wangfang', 'lina', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => t?.close());

function post(url: string, user: string, body: unknown = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body as object });
}

function upload(user: string, files: { name: string; bytes: Buffer }[], fields: Record<string, string>, space = SPACE) {
  const body = multipartBody(fields, files.map((f) => ({ field: 'doc_file', ...f })));
  return t.app.inject({ method: 'POST', url: at(KNOWLEDGE_PATHS.upload, space), headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
}

async function listIds(user: string, body: Record<string, unknown> = {}, space = SPACE): Promise<number[]> {
  const res = await post(at(KNOWLEDGE_PATHS.documentList, space), user, { page_size: 200, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b);
}

async function waitSettled(ids: number[], timeoutMs = 15_000): Promise<Record<number, { status: string; result: string; chunkCount: number }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.deps.db.select().from(knowledgeDocuments);
    const mine = rows.filter((r) => ids.includes(r.id));
    if (mine.every((r) => r.status === 'FINISHED' || r.status === 'FAILED') || Date.now() > deadline) {
      return Object.fromEntries(mine.map((r) => [r.id, { status: r.status, result: r.result, chunkCount: r.chunkCount }]));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const text = (s: string) => Buffer.from(s, 'utf8');
const POLICY = '公司差旅报销制度。员工出差需提前申请。住宿标准按城市等级执行。报销须在返回后十五日内提交。';
const SECRET = '新一代产品路线图。核心算法采用自研引擎。发布计划定于明年第三季度。';

describe('knowledge spaces', () => {
  it('lets a user with the button add a space, checks names, and lists it with defaults', async () => {
    expect((await post(KNOWLEDGE_PATHS.spaceCheck, 'demo', { name: SPACE })).json().data).toEqual({ available: true, message: '名称可用' });
    const added = await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: SPACE, desc: '产品相关文档', vector_type: 'Chroma' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ success: true, data: { name: SPACE } });
    expect((await post(KNOWLEDGE_PATHS.spaceCheck, 'demo', { name: SPACE })).json().data.available).toBe(false);
    const dup = await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: SPACE });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, err_msg: `知识空间名称已存在：${SPACE}` });
    const bad = await post(KNOWLEDGE_PATHS.spaceAdd, 'demo', { name: 'a b/c' });
    expect(bad.json().err_msg).toBe('知识空间名称只能包含中文、字母、数字、下划线和中划线，且不超过 100 个字符');
    const list = (await post(KNOWLEDGE_PATHS.spaceList, 'staff', {})).json().data;
    const space = list.find((s: { name: string }) => s.name === SPACE);
    expect(space).toMatchObject({ owner: 'demo', owner_name: '演示用户', desc: '产品相关文档', docs: 0, editable: false });
    expect(JSON.parse(space.context).embedding).toMatchObject({ topk: 5, chunk_size: 500, chunk_overlap: 50, recall_type: 'TopK' });
  });

  it('refuses space changes to users without the button or not owning the space, and to system accounts', async () => {
    expect((await post(KNOWLEDGE_PATHS.spaceAdd, 'staff', { name: '市场资料' })).statusCode).toBe(403);
    const notOwner = await post(KNOWLEDGE_PATHS.spaceSave, 'wangfang', { name: SPACE, desc: 'x' });
    expect(notOwner.statusCode).toBe(400);
    expect(notOwner.json().err_msg).toBe('只有知识空间的创建者可以修改或删除它');
    expect((await post(KNOWLEDGE_PATHS.spaceList, 'sysadmin', {})).statusCode).toBe(403);
  });

  it('saves arguments given as DB-GPT\'s JSON string and refuses values out of range', async () => {
    const argument = JSON.stringify({ embedding: { chunk_size: '120', chunk_overlap: 20, topk: 3 } });
    expect((await post(KNOWLEDGE_PATHS.spaceSave, 'demo', { name: SPACE, argument })).statusCode).toBe(200);
    const args = (await post(at(KNOWLEDGE_PATHS.spaceArguments), 'demo', {})).json().data;
    expect(args.embedding).toMatchObject({ chunk_size: 120, chunk_overlap: 20, topk: 3 });
    const bad = await post(KNOWLEDGE_PATHS.spaceSave, 'demo', { name: SPACE, argument: { embedding: { chunk_overlap: 500 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err_msg).toBe('分块重叠（chunk_overlap）必须小于分块大小（chunk_size）');
  });
});

describe('documents: upload, processing, visibility', () => {
  const ids: Record<string, number> = {};
  let marketRole = 0;

  beforeAll(async () => {
    [{ id: marketRole }] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '市场人员'));
    // zhangwei (机密) owns a space-wide confidential document in demo's space.
    const up = async (user: string, name: string, body: string, secrecy: string, review = '') => {
      const res = await upload(user, [{ name, bytes: text(body) }], { secrecy, review_role: review, doc_type: 'DOCUMENT' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0] as number;
    };
    ids.internal = await up('demo', '差旅制度.txt', POLICY, 'internal');
    ids.secret = await up('demo', '路线图.md', `# 路线图\n\n${SECRET}`, 'secret');
    ids.reviewed = await up('demo', '市场审核.txt', `${POLICY}市场审核专用。`, 'internal', String(marketRole));
    ids.confidential = await up('zhangwei', '机密方案.txt', `机密方案。${SECRET}`, 'confidential', '-2');
    const created = await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [ids.internal, ids.secret, ids.reviewed] });
    expect(created.json().data.tasks.sort()).toEqual([ids.internal, ids.secret, ids.reviewed].sort());
    expect((await post(KNOWLEDGE_PATHS.taskCreate, 'zhangwei', { doc_ids: [ids.confidential] })).statusCode).toBe(200);
    const settled = await waitSettled(Object.values(ids));
    for (const id of Object.values(ids)) expect(settled[id]?.status, JSON.stringify(settled)).toBe('FINISHED');
  });

  it('lists the documents with grade names, review roles, owner and sync time', async () => {
    const res = await post(at(KNOWLEDGE_PATHS.documentList), 'demo', { doc_name: '审核' });
    const [doc] = res.json().data.data;
    expect(res.json().data).toMatchObject({ total: 1, page: 1, processing: false });
    expect(doc).toMatchObject({
      id: ids.reviewed, doc_name: '市场审核.txt', status: 'FINISHED', secrecy: 'internal', secrecy_name: '内部',
      review_role: String(marketRole), review_role_names: ['市场人员'], owner: 'demo', queue_position: null, editable: true,
    });
    expect(doc.chunk_size).toBeGreaterThan(0);
    expect(doc.gmt_modified).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('sorts the list by a column (spec §3 sort item), grades by rank, and refuses an unknown column', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await post(at(KNOWLEDGE_PATHS.documentList), 'demo', { page_size: 200, ...body })).json().data.data as { doc_name: string; secrecy: string }[];
    const byName = (await names({ sort_by: 'doc_name', sort_order: 'ASC' })).map((d) => d.doc_name);
    expect(byName.length).toBeGreaterThan(1);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = (await names({ sort_by: 'doc_name', sort_order: 'DESC' })).map((d) => d.doc_name);
    expect(desc).toEqual([...byName].reverse());
    const rank: Record<string, number> = { public: 10, internal: 20, secret: 30, confidential: 40 };
    const grades = (await names({ sort_by: 'secrecy_name', sort_order: 'DESC' })).map((d) => rank[d.secrecy]);
    expect(grades).toEqual([...grades].sort((a, b) => b - a));
    const bad = await post(at(KNOWLEDGE_PATHS.documentList), 'demo', { sort_by: 'file_path' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows each user exactly the documents of ARCHITECTURE §5 (clearance × grade × review roles × owner)', async () => {
    const expected: Record<string, string[]> = {
      demo: ['internal', 'secret', 'reviewed'], // 秘密, owner of reviewed
      staff: ['internal', 'reviewed'], // 内部, holds 市场人员
      wangfang: ['internal'], // 内部, 研发人员 only
      lina: [], // 公开
      zhangwei: ['internal', 'secret', 'confidential'], // 机密, no 市场人员
    };
    for (const [user, names] of Object.entries(expected)) {
      const visible = names.map((n) => ids[n]).sort((a, b) => a - b);
      expect(await listIds(user), user).toEqual(visible);
      for (const [name, id] of Object.entries(ids)) {
        const seen = names.includes(name);
        const chunks = await post(at(KNOWLEDGE_PATHS.chunkList), user, { document_id: id });
        expect(chunks.statusCode, `${user} chunks of ${name}`).toBe(seen ? 200 : 404);
        const file = await t.app.inject({
          method: 'GET', url: at(KNOWLEDGE_PATHS.documentDownload).replace(':id', String(id)), headers: bearer(tokens[user]),
        });
        expect(file.statusCode, `${user} download of ${name}`).toBe(seen ? 200 : 404);
        if (!seen) {
          // Refused either way: 403 without the edit button (staff, lina), 404 with it: nothing tells it exists.
          const update = await post(at(KNOWLEDGE_PATHS.documentUpdate), user, { doc_id: id, doc_name: 'x.txt' });
          expect(update.statusCode, `${user} update of ${name}`).toBe(['staff', 'lina'].includes(user) ? 403 : 404);
        }
      }
      const hits = (await post(at(KNOWLEDGE_PATHS.recallTest), user, { question: '产品路线图 差旅 机密方案', recall_top_k: 50 })).json().data;
      const hitDocs = new Set(hits.map((h: { document_id: number }) => h.document_id));
      expect([...hitDocs].every((d) => visible.includes(d as number)), `${user} recall`).toBe(true);
    }
  });

  it('answers the download with the original bytes and a UTF-8 file name', async () => {
    const res = await t.app.inject({
      method: 'GET', url: at(KNOWLEDGE_PATHS.documentDownload).replace(':id', String(ids.internal)), headers: bearer(tokens.demo),
    });
    expect(res.body).toBe(POLICY);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('差旅制度.txt')}`);
  });

  it('finds chunks by meaning words in a recall test, best first, with scores', async () => {
    const hits = (await post(at(KNOWLEDGE_PATHS.recallTest), 'demo', { question: '出差住宿标准是什么？' })).json().data;
    expect(hits[0]).toMatchObject({ document_id: expect.any(Number), chunk_name: expect.stringMatching(/差旅制度|市场审核/), retriever: 'fulltext' });
    expect(hits[0].content).toContain('住宿标准');
    expect(hits[0].score).toBeGreaterThan(0);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
  });

  it('refuses a grade above the uploader\'s clearance, a file that is not what its name says, and unknown roles', async () => {
    const high = await upload('staff', [{ name: 'a.txt', bytes: text('内容') }], { secrecy: 'secret' });
    expect(high.statusCode).toBe(400);
    expect(high.json().err_msg).toBe('文档密级不能高于您的密级，或该密级不存在');
    const fake = await upload('demo', [{ name: 'report.pdf', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3]) }], { secrecy: 'internal' });
    expect(fake.json().err_msg).toBe('文件内容与扩展名不符：report.pdf');
    const role = await upload('demo', [{ name: 'a.txt', bytes: text('内容') }], { secrecy: 'internal', review_role: '999999' });
    expect(role.json().err_msg).toBe('审核角色不存在');
    expect((await upload('demo', [], { secrecy: 'internal' })).json().err_msg).toBe('请选择要上传的文件');
    expect((await upload('demo', [{ name: 'a.txt', bytes: text('x') }], { secrecy: 'internal' }, '没有这个空间')).statusCode).toBe(404);
  });

  it('answers 413 for a file over UPLOAD_MAX_BYTES and writes neither a row nor a file', async () => {
    const before = (await t.deps.db.select().from(knowledgeDocuments)).length;
    const res = await upload('demo', [{ name: 'ok.txt', bytes: text('小文件') }, { name: 'big.txt', bytes: Buffer.alloc(300_000, 0x61) }], { secrecy: 'internal' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, err_msg: '文件 big.txt 超过 195.3 KB 的大小上限，未上传任何文件' });
    expect((await t.deps.db.select().from(knowledgeDocuments)).length).toBe(before);
    const files = fs.readdirSync(path.join(t.config.dataDir, 'files', 'knowledge'), { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.includes('.')).length).toBe(before);
  });

  it('fails a corrupt file with its reason without holding up the others, and retries all failed documents', async () => {
    const res = await upload('demo', [
      { name: '损坏.pdf', bytes: Buffer.from('%PDF-1.4\n这不是一个真正的 PDF') },
      { name: '正常.pdf', bytes: makePdf(['第一页：产品手册', '第二页：安装说明']) },
    ], { secrecy: 'internal' });
    const [broken, good] = res.json().data as number[];
    await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [broken, good] });
    const settled = await waitSettled([broken, good]);
    expect(settled[good].status).toBe('FINISHED');
    expect(settled[broken].status).toBe('FAILED');
    expect(settled[broken].result).toMatch(/^文件无法解析/);
    // The failed job names the uploader in the error log.
    const logged = await t.deps.db.select().from(errorLogs).where(eq(errorLogs.route, DOCUMENT_QUEUE));
    expect(logged.map((e) => [e.kind, e.username])).toEqual([['job', 'demo']]);
    const failedList = await post(at(KNOWLEDGE_PATHS.documentList), 'demo', { status: 'FAILED' });
    expect(failedList.json().data.data.map((d: { id: number }) => d.id)).toEqual([broken]);
    const retried = await post(KNOWLEDGE_PATHS.taskRetryFailed, 'demo', { space_name: SPACE });
    expect(retried.json().data.tasks).toEqual([broken]);
    expect((await waitSettled([broken]))[broken].status).toBe('FAILED');
  });

  it('processes a pptx into chunks that keep each slide with its notes (issue 29)', async () => {
    const pptx = await makePptx([
      { title: '阀门选型', body: ['按公称通径选择阀门。'], notes: '讲解时强调 DN50 阀门的公称压力为 1.6 MPa。', file: 2 },
      { title: '参数表', table: [['型号', '公称压力'], ['DN80', '2.5 MPa']], file: 1 },
    ]);
    const res = await upload('demo', [{ name: '选型汇报.pptx', bytes: pptx }], { secrecy: 'internal' });
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data as number[];
    await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [id] });
    expect((await waitSettled([id]))[id]).toMatchObject({ status: 'FINISHED' });
    const chunks = (await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, id))).map((c) => c.content);
    expect(chunks.join('\n')).toContain('型号: DN80；公称压力: 2.5 MPa');
    expect(chunks.find((c) => c.includes('备注：讲解时强调 DN50 阀门的公称压力为 1.6 MPa。'))).toContain('第 1 张幻灯片：阀门选型');
  });

  it('stores a renamed file as what it is and reads it so; refuses an encrypted one (issue 29)', async () => {
    const res = await upload('demo', [
      { name: '安装说明.doc', bytes: await makeDocx(['阀门安装前应检查密封性。']) },
      { name: '参数.xls', bytes: makeXls({ 参数: [['型号', '公称压力'], ['DN50', '1.6 MPa']] }) },
    ], { secrecy: 'internal' });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data as number[];
    const rows = await t.deps.db.select().from(knowledgeDocuments);
    const stored = ids.map((id) => rows.find((r) => r.id === id)!);
    expect(stored.map((r) => [r.docName, path.extname(r.filePath)])).toEqual([['安装说明.doc', '.docx'], ['参数.xls', '.xls']]);
    await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: ids });
    const settled = await waitSettled(ids);
    expect(ids.map((id) => settled[id].status)).toEqual(['FINISHED', 'FINISHED']);
    const chunks = (await t.deps.db.select().from(documentChunks)).filter((c) => ids.includes(c.documentId)).map((c) => c.content).join('\n');
    expect(chunks).toContain('阀门安装前应检查密封性。');
    expect(chunks).toContain('型号: DN50；公称压力: 1.6 MPa');
    const encrypted = await upload('demo', [{ name: '加密.xlsx', bytes: makeEncryptedOoxml() }], { secrecy: 'internal' });
    expect([encrypted.statusCode, encrypted.json().err_msg]).toEqual([400, '文档已加密，请去除密码后上传：加密.xlsx']);
  });

  it('reprocessing replaces a document\'s chunks instead of adding to them', async () => {
    const before = await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, ids.secret));
    expect((await post(KNOWLEDGE_PATHS.taskRetry, 'demo', { doc_id: ids.secret })).json().data.tasks).toEqual([ids.secret]);
    await new Promise((r) => setTimeout(r, 50));
    await waitSettled([ids.secret]);
    const after = await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, ids.secret));
    expect(after.map((c) => c.content)).toEqual(before.map((c) => c.content));
  });

  it('停止: only a document being processed, only by its uploader or the space owner with the button; 重新处理 takes it up again', async () => {
    const res = await upload('demo', [{ name: '待停止.txt', bytes: text('等待处理的文档。') }], { secrecy: 'internal' });
    const [id] = res.json().data as number[];
    const statusOf = async () => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)))[0];
    expect((await statusOf()).status).toBe('TODO');
    expect((await post(KNOWLEDGE_PATHS.taskStop, 'staff', { doc_id: id })).statusCode).toBe(403); // no 重新处理 button
    expect((await post(KNOWLEDGE_PATHS.taskStop, 'wangfang', { doc_id: id })).json()).toMatchObject({ success: false, err_msg: '只有文档的上传者或知识空间的创建者可以处理文档' });
    expect((await post(KNOWLEDGE_PATHS.taskStop, 'demo', { doc_id: 999_999 })).statusCode).toBe(404);
    expect((await post(KNOWLEDGE_PATHS.taskStop, 'demo', { doc_id: ids.internal })).json()).toMatchObject({ success: false, err_msg: expect.stringContaining('不在处理中，无需停止') });
    expect((await statusOf()).status).toBe('TODO');
    const stopped = await post(KNOWLEDGE_PATHS.taskStop, 'demo', { doc_id: id });
    expect(stopped.json()).toMatchObject({ success: true, data: { tasks: [id] } });
    expect(await statusOf()).toMatchObject({ status: 'FAILED', result: STOPPED_RESULT });
    expect((await post(KNOWLEDGE_PATHS.taskRetry, 'demo', { doc_id: id })).json().data.tasks).toEqual([id]);
    expect((await waitSettled([id]))[id].status).toBe('FINISHED');
    await post(at(KNOWLEDGE_PATHS.documentDelete), 'demo', { doc_id: id });
  });

  it('停止 of a document another process is reading: its job cancelled, and nothing that process writes afterwards lands', async () => {
    const res = await upload('demo', [{ name: '另一进程.txt', bytes: text('另一进程正在处理的文档。') }], { secrecy: 'internal' });
    const [id] = res.json().data as number[];
    // Held by a worker of another process (claimed, RUNNING): put in place at once, so this process's worker never claims it.
    const now = new Date();
    const inserted = await t.deps.db.execute(sql`
      INSERT INTO jobs (queue, key, payload, max_attempts, run_after, created_at, updated_at, state, attempts, lease_owner, lease_expires_at)
      VALUES (${DOCUMENT_QUEUE}, ${documentJobKey(id)}, ${JSON.stringify({ docId: id })}::jsonb, 3, ${now}, ${now}, ${now}, 'active', 1, 'other-process',
              ${new Date(now.getTime() + 60_000)})
      RETURNING id`) as unknown as { rows: { id: number }[] };
    const job = { id: Number(inserted.rows[0].id), leaseOwner: 'other-process', attempts: 1, maxAttempts: 3, payload: { docId: id } } as Job;
    await t.deps.db.update(knowledgeDocuments).set({ status: 'RUNNING' }).where(eq(knowledgeDocuments.id, id));
    expect((await post(KNOWLEDGE_PATHS.taskStop, 'demo', { doc_id: id })).json()).toMatchObject({ success: true, data: { tasks: [id] } });
    const stateOf = async () => ((await t.deps.db.execute(sql`SELECT state FROM jobs WHERE id = ${job.id}`)) as unknown as { rows: { state: string }[] }).rows[0].state;
    expect(await stateOf()).toBe('cancelled');
    const rowOf = async () => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)))[0];
    // That process, before it notices: its reading ends lease-less (nothing written), and a failure it would retry
    // does not put the row back to 等待处理 with no job behind it.
    await expect(processDocument(t.deps, id, new AbortController().signal, job)).rejects.toBeInstanceOf(LeaseLostError);
    const failing = rowStatusJobHandler(t.deps, { queue: DOCUMENT_QUEUE, payloadKey: 'docId', table: knowledgeDocuments, process: async () => {
      throw new Error('模型服务暂不可用');
    } });
    await expect(failing.run(job, new AbortController().signal, () => undefined)).rejects.toThrow('模型服务暂不可用');
    expect(await rowOf()).toMatchObject({ status: 'FAILED', result: STOPPED_RESULT, chunkCount: 0 });
    expect(await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, id))).toEqual([]);
    await post(at(KNOWLEDGE_PATHS.documentDelete), 'demo', { doc_id: id });
  });

  it('shows no chunk of a document while it is processed, as its chunks are replaced a batch at a time (D80)', async () => {
    const shown = async () => ({
      listed: (await post(at(KNOWLEDGE_PATHS.chunkList), 'demo', { document_id: ids.internal })).json().data.total,
      recalled: (await post(at(KNOWLEDGE_PATHS.recallTest), 'demo', { question: '出差住宿标准是什么？' })).json().data
        .filter((h: { document_id: number }) => h.document_id === ids.internal).length,
    });
    expect(await shown()).toEqual({ listed: expect.any(Number), recalled: 1 });
    // The state between two batches: RUNNING (set before the old chunks are deleted), some of the new ones written.
    const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, ids.internal));
    await t.deps.db.update(knowledgeDocuments).set({ status: 'RUNNING', updatedAt: new Date() }).where(eq(knowledgeDocuments.id, ids.internal));
    expect(await shown()).toEqual({ listed: 0, recalled: 0 });
    await t.deps.db.update(knowledgeDocuments).set({ status: doc.status, updatedAt: new Date() }).where(eq(knowledgeDocuments.id, ids.internal));
    expect(await shown()).toEqual({ listed: expect.any(Number), recalled: 1 });
  });

  it('lets a worker whose job was taken over change nothing: its lease guards every write', async () => {
    const chunksOf = async () => (await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, ids.internal)))
      .map((c) => `${c.seq}:${c.content}`).sort();
    const statusOf = async () => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, ids.internal)))[0];
    const before = { chunks: await chunksOf(), doc: await statusOf() };
    expect(before.chunks.length).toBeGreaterThan(0);
    await enqueue(t.deps, { queue: 'lease-test', key: `doc:${ids.internal}`, payload: { docId: ids.internal } });
    const job = await claim(t.deps, 'lease-test', 'new-owner', 60_000);
    expect(job).not.toBeNull();
    // The old owner, still running after its lease ran out, finishes its work: nothing of it reaches the database.
    const stale = { ...(job as Job), leaseOwner: 'old-owner' };
    await expect(processDocument(t.deps, ids.internal, new AbortController().signal, stale)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await chunksOf()).toEqual(before.chunks);
    expect(await statusOf()).toMatchObject({ status: before.doc.status, result: before.doc.result, updatedAt: before.doc.updatedAt });
    // The owner holding the lease replaces the chunks as usual.
    await processDocument(t.deps, ids.internal, new AbortController().signal, job as Job);
    expect(await chunksOf()).toEqual(before.chunks);
    expect((await statusOf()).status).toBe('FINISHED');
    await complete(t.deps, (job as Job).id, 'new-owner');
  });

  it('lets the owner rename and regrade within clearance; others get 403, and the change is audited', async () => {
    const other = await post(at(KNOWLEDGE_PATHS.documentUpdate), 'staff', { doc_id: ids.internal, doc_name: '改名.txt' });
    expect(other.statusCode).toBe(403); // staff lacks the edit button
    const notOwner = await post(at(KNOWLEDGE_PATHS.documentUpdate), 'wangfang', { doc_id: ids.internal, doc_name: '改名.txt' });
    expect(notOwner.json()).toMatchObject({ success: false, err_msg: '只有文档的上传者或知识空间的创建者可以修改或删除文档' });
    const tooHigh = await post(at(KNOWLEDGE_PATHS.documentUpdate), 'demo', { doc_id: ids.internal, secrecy: 'confidential' });
    expect(tooHigh.statusCode).toBe(400);
    const ok = await post(at(KNOWLEDGE_PATHS.documentUpdate), 'demo', { doc_id: ids.internal, doc_name: '差旅制度（2026）.txt', review_role: '-2' });
    expect(ok.statusCode, ok.body).toBe(200);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'doc-update'));
    expect(entries.map((e) => `${e.actorUsername}:${e.result}`)).toEqual(expect.arrayContaining(['staff:failure', 'wangfang:failure', 'demo:success']));
  });

  it('deletes a document with its chunks and file; a space with everything in it', async () => {
    const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, ids.reviewed));
    expect((await post(at(KNOWLEDGE_PATHS.documentDelete), 'demo', { doc_id: ids.reviewed })).statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, doc.filePath))).toBe(false);
    expect(await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, ids.reviewed))).toEqual([]);

    expect((await post(KNOWLEDGE_PATHS.spaceDelete, 'wangfang', { name: SPACE })).statusCode).toBe(400);
    expect((await post(KNOWLEDGE_PATHS.spaceDelete, 'demo', { name: SPACE })).statusCode).toBe(200);
    expect(await t.deps.db.select().from(knowledgeDocuments)).toEqual([]);
    expect(await t.deps.db.select().from(documentChunks)).toEqual([]);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'knowledge'))).toEqual([]);
  });
});
