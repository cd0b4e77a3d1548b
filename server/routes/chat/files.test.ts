import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_PATHS, type ChatFile } from '../../../contract/api';
import type { TableMeta } from '../../chat/excel/table';
import { CHAT_FILE_QUEUE, removeDialogueFiles, tablePathOf } from '../../chat/files';
import { searchChatFiles } from '../../chat/files-search';
import { processChatFile } from '../../chat/files-process';
import { claim, complete, enqueue, LeaseLostError, type Job } from '../../jobs/queue';
import { auditLog, chatDialogues, errorLogs, chatFileChunks, chatFiles, functionButtons, functions, roleButtons, roles } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { bearer, signIn } from '../../test-support/http';
import { makeDocx, makeXlsx } from '../../test-support/fixtures';
import { makeXls } from '../../test-support/legacy-fixtures';
import { makeOdt } from '../../test-support/office-fixtures';
import { makeZip } from '../../test-support/zip-fixtures';
import { multipartBody } from '../../test-support/multipart';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tokens: Record<string, string> = {};
const MAX_BYTES = 100_000;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES, jobLeaseMs: 5000 } });
  for (const u of ['demo', 'staff', 'wangfang']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => t?.close());

async function newDialogue(user: string, mode = 'chat_normal'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, headers: bearer(tokens[user]), payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.conv_uid;
}

type Upload = { fields?: Record<string, string>; file?: { name: string; bytes: Buffer; field?: string } };

function upload(user: string, { fields = {}, file }: Upload, url: string = CHAT_PATHS.fileAdd) {
  const body = multipartBody(fields, file ? [{ field: file.field ?? 'file', name: file.name, bytes: file.bytes }] : []);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
}

const get = (url: string, user: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]) });
const statusUrl = (id: number) => CHAT_PATHS.fileStatus.replace(':id', String(id));
const filesUrl = (conv: string) => CHAT_PATHS.files.replace(':id', conv);

async function settled(id: number, timeoutMs = 15_000): Promise<typeof chatFiles.$inferSelect> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.deps.db.select().from(chatFiles).where(eq(chatFiles.id, id));
    if (row.status === 'FINISHED' || row.status === 'FAILED' || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function storedFor(conv: string) {
  const [d] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, conv));
  const rows = await t.deps.db.select().from(chatFiles).where(eq(chatFiles.dialogueId, d.id));
  const dir = path.join(t.config.dataDir, 'files', 'chat', String(d.id));
  return { dialogueId: d.id, rows, files: fs.existsSync(dir) ? fs.readdirSync(dir) : [] };
}

const text = (s: string) => Buffer.from(s, 'utf8');
const POLICY = '差旅报销制度。员工出差需提前在系统中申请。住宿标准按城市等级执行。报销须在返回后十五日内提交，逾期不予受理。';

describe('chat file uploads: bad input', () => {
  it('answers 缺少文件参数 without a file, without conv_id, or without a multipart body', async () => {
    const conv = await newDialogue('demo');
    const noFile = await upload('demo', { fields: { conv_id: conv, user_id: '1', user_name: 'demo' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ success: false, err_msg: CHAT_MESSAGES.missingFile });
    const noConv = await upload('demo', { fields: { user_name: 'demo' }, file: { name: 'a.txt', bytes: text(POLICY) } });
    expect(noConv.statusCode).toBe(400);
    expect(noConv.json().err_msg).toBe('缺少文件参数');
    const emptyConv = await upload('demo', { fields: { conv_id: ' ' }, file: { name: 'a.txt', bytes: text(POLICY) } }, CHAT_PATHS.excelFileAdd);
    expect(emptyConv.json().err_msg).toBe('缺少文件参数');
    const json = await t.app.inject({ method: 'POST', url: CHAT_PATHS.fileAdd, headers: bearer(tokens.demo), payload: { conv_id: conv } });
    expect(json.statusCode).toBe(400);
    expect(json.json().err_msg).toBe('缺少文件参数');
    expect((await storedFor(conv)).rows).toEqual([]);
    // Refused uploads are in the audit log too.
    const refused = await t.deps.db.select().from(auditLog)
      .where(and(eq(auditLog.action, 'chat-file-upload'), eq(auditLog.actorUsername, 'demo'), eq(auditLog.result, 'failure')));
    expect(refused.map((e) => e.detail)).toEqual(expect.arrayContaining([
      `文件问答，对话 ${conv}；缺少文件参数；HTTP 400`, '表格问答，对话 （缺失）；缺少文件参数；HTTP 400',
    ]));
  });

  it('refuses another user\'s dialogue and an unknown one as 对话不存在, storing nothing', async () => {
    const conv = await newDialogue('demo');
    for (const id of [conv, 'no-such-dialogue']) {
      const res = await upload('staff', { fields: { conv_id: id }, file: { name: 'a.txt', bytes: text(POLICY) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
    }
    expect(await storedFor(conv)).toMatchObject({ rows: [], files: [] });
  });

  it('checks the type by content, and spreadsheets are csv or xlsx only', async () => {
    const conv = await newDialogue('demo', 'chat_excel');
    const cases: [string, Buffer, string, string | RegExp][] = [
      [CHAT_PATHS.fileAdd, Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'tool.exe', /^不支持的文件类型：tool\.exe/],
      [CHAT_PATHS.fileAdd, Buffer.from('%PDF-1.4 fake'), '表.docx', '文件内容与扩展名不符：表.docx'],
      [CHAT_PATHS.excelFileAdd, Buffer.from('%PDF-1.4 fake'), '表.xlsx', '文件内容与扩展名不符：表.xlsx'],
      [CHAT_PATHS.excelFileAdd, text(POLICY), '制度.txt', '电子表格对话只支持 csv、xlsx 文件：制度.txt'],
      [CHAT_PATHS.excelFileAdd, makeXls({ 表: [['列'], ['值']] }), '旧表.xls', /^暂不支持 Excel 97-2003（\.xls）格式/],
      // A truncated compound file (issue 29: the type is decided by content, so its streams are read).
      [CHAT_PATHS.excelFileAdd, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), '残缺.xls', '文件已损坏，无法读取：残缺.xls'],
      [CHAT_PATHS.excelFileAdd, Buffer.alloc(0), '空.csv', '文件为空：空.csv'],
    ];
    for (const [url, bytes, name, message] of cases) {
      const res = await upload('demo', { fields: { conv_id: conv }, file: { name, bytes } }, url);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().err_msg, name).toMatch(message);
    }
    expect(await storedFor(conv)).toMatchObject({ rows: [], files: [] });
    // An .xls that is really an xlsx is taken as the xlsx it is, and stored as one (issue 29).
    const renamed = await upload('demo', { fields: { conv_id: conv }, file: { name: '导出.xls', bytes: await makeXlsx(['产品', '销量'], [['阀门', 12]]) } }, CHAT_PATHS.excelFileAdd);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [stored] = (await storedFor(conv)).rows;
    expect([stored.fileName, path.extname(stored.storedPath)]).toEqual(['导出.xls', '.xlsx']);
    expect((await settled(stored.id)).status).toBe('FINISHED');
  });

  it('answers 413 for a file over the limit and keeps nothing', async () => {
    const conv = await newDialogue('demo');
    const res = await upload('demo', { fields: { conv_id: conv }, file: { name: 'big.txt', bytes: Buffer.alloc(MAX_BYTES + 10, 'a') } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, err_msg: '文件 big.txt 超过 97.7 KB 的大小上限，未上传任何文件' });
    expect(await storedFor(conv)).toMatchObject({ rows: [], files: [] });
  });

  it('refuses two files in one upload, and system accounts', async () => {
    const conv = await newDialogue('demo');
    const body = multipartBody({ conv_id: conv }, [
      { field: 'file', name: 'a.txt', bytes: text(POLICY) }, { field: 'file', name: 'b.txt', bytes: text(POLICY) },
    ]);
    const two = await t.app.inject({ method: 'POST', url: CHAT_PATHS.fileAdd, headers: { ...bearer(tokens.demo), ...body.headers }, payload: body.payload });
    expect(two.statusCode).toBe(400);
    expect(two.json().err_msg).toBe('每次只能上传一个文件');
    expect((await upload('sysadmin', { fields: { conv_id: conv }, file: { name: 'a.txt', bytes: text(POLICY) } })).statusCode).toBe(403);
    expect((await get(filesUrl(conv), 'sysadmin')).statusCode).toBe(403);
    expect(await storedFor(conv)).toMatchObject({ rows: [], files: [] });
  });
});

describe('chat file processing, status and search', () => {
  let conv = '';
  let docId = 0;

  it('stores a document under the dialogue with a sanitised name and processes it into chunks', async () => {
    conv = await newDialogue('wangfang');
    const res = await upload('wangfang', {
      fields: { conv_id: conv, user_id: '999', user_name: 'someone-else' },
      file: { name: '../../制度<1>.docx', bytes: await makeDocx([POLICY, '年假按工龄计算，满一年可休五天。']) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const added: ChatFile = res.json().data;
    expect(added).toMatchObject({ conv_uid: conv, file_name: '制度1.docx', kind: 'document', status: 'TODO' });
    docId = added.id;
    const row = await settled(docId);
    expect(row).toMatchObject({ status: 'FINISHED', ownerId: expect.any(Number), storedPath: path.join('files', 'chat', String(row.dialogueId), `${docId}.docx`) });
    expect(row.textContent).toContain('差旅报销制度');
    const chunks = await t.deps.db.select().from(chatFileChunks).where(eq(chatFileChunks.fileId, docId));
    expect(chunks.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(t.config.dataDir, row.storedPath))).toBe(true);
    // In the audit log by the session's user (not the body's user_name), under the name it was sent with.
    const entries = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'chat-file-upload'), eq(auditLog.actorUsername, 'wangfang')));
    expect(entries.at(-1)).toMatchObject({ target: '制度1.docx', result: 'success', detail: `文件问答，对话 ${conv}` });
  });

  it('processes an OpenDocument text into chunks (issue 29)', async () => {
    const conv2 = await newDialogue('wangfang');
    const res = await upload('wangfang', { fields: { conv_id: conv2 }, file: { name: '年假制度.odt', bytes: await makeOdt(['年假制度', '年假按工龄计算，满一年可休五天。']) } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await settled(res.json().data.id);
    expect(row).toMatchObject({ status: 'FINISHED', textContent: '年假制度\n\n年假按工龄计算，满一年可休五天。' });
    expect(row.storedPath.endsWith('.odt')).toBe(true);
  });

  it('shows status and the dialogue\'s files to their owner only', async () => {
    const status = await get(statusUrl(docId), 'wangfang');
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ id: docId, status: 'FINISHED', result: expect.stringContaining('处理完成'), conv_uid: conv });
    const list = await get(filesUrl(conv), 'wangfang');
    expect(list.json().data.map((f: ChatFile) => f.id)).toEqual([docId]);
    const foreign = await get(statusUrl(docId), 'demo');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().err_msg).toBe('文件不存在');
    expect((await get(statusUrl(999_999), 'wangfang')).statusCode).toBe(404);
    const foreignList = await get(filesUrl(conv), 'demo');
    expect(foreignList.statusCode).toBe(400);
    expect(foreignList.json().err_msg).toBe(CHAT_MESSAGES.dialogueNotFound);
  });

  it('searches the dialogue\'s finished documents only', async () => {
    const { dialogueId } = await storedFor(conv);
    const hits = await searchChatFiles(t.deps, dialogueId, '出差住宿标准是什么', 3);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ fileName: '制度1.docx', content: expect.stringContaining('住宿标准') });
    expect(hits[0].score).toBeGreaterThan(0);
    expect(await searchChatFiles(t.deps, dialogueId, '火星探测器轨道', 3)).toEqual([]);
    // Another dialogue with the same text sees only its own files.
    const other = await newDialogue('wangfang');
    const { dialogueId: otherId } = await storedFor(other);
    expect(await searchChatFiles(t.deps, otherId, '出差住宿标准', 3)).toEqual([]);
    const own = await upload('wangfang', { fields: { conv_id: other }, file: { name: 'p.txt', bytes: text(POLICY) } });
    const row = await settled(own.json().data.id);
    expect(row.status).toBe('FINISHED');
    expect((await searchChatFiles(t.deps, otherId, '出差住宿标准', 3)).map((h) => h.fileName)).toEqual(['p.txt']);
    // Only finished files are searched.
    await t.deps.db.update(chatFiles).set({ status: 'RUNNING' }).where(eq(chatFiles.id, row.id));
    expect(await searchChatFiles(t.deps, otherId, '出差住宿标准', 3)).toEqual([]);
  });

  it('writes a long document a batch at a time, and a worker whose job was taken over changes nothing (D85)', async () => {
    // About 29,000 characters (77 KB, under the test upload limit): more than one batch of chunks.
    const long = Array.from({ length: 800 }, (_, i) => `第${i + 1}条：出差第${i + 1}天的住宿与交通费用按城市等级和职级标准核定报销。`).join('\n');
    const added = await upload('wangfang', { fields: { conv_id: await newDialogue('wangfang') }, file: { name: '长制度.txt', bytes: text(long) } });
    expect(added.statusCode, added.body).toBe(200);
    const fileId: number = added.json().data.id;
    expect(await settled(fileId)).toMatchObject({ status: 'FINISHED' });
    const chunksOf = async () => (await t.deps.db.select().from(chatFileChunks).where(eq(chatFileChunks.fileId, fileId)))
      .map((c) => `${c.seq}:${c.content}`).sort();
    const rowOf = async () => (await t.deps.db.select().from(chatFiles).where(eq(chatFiles.id, fileId)))[0];
    const before = { chunks: await chunksOf(), row: await rowOf() };
    expect(before.chunks.length).toBeGreaterThan(50);
    expect(new Set(before.chunks.map((c) => Number(c.split(':')[0])))).toEqual(new Set(before.chunks.map((_, i) => i)));
    expect(before.row.result).toBe(`处理完成，共 ${before.chunks.length} 个分块`);
    await enqueue(t.deps, { queue: 'chat-lease-test', key: `file:${fileId}`, payload: { fileId } });
    const job = await claim(t.deps, 'chat-lease-test', 'new-owner', 60_000);
    expect(job).not.toBeNull();
    // The old owner, still running after its lease ran out, finishes its work: nothing of it reaches the database.
    const stale = { ...(job as Job), leaseOwner: 'old-owner' };
    await expect(processChatFile(t.deps, fileId, new AbortController().signal, stale)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await chunksOf()).toEqual(before.chunks);
    expect(await rowOf()).toMatchObject({ status: 'FINISHED', result: before.row.result, updatedAt: before.row.updatedAt });
    // The owner holding the lease replaces the chunks, a statement per batch, and finishes the file.
    await processChatFile(t.deps, fileId, new AbortController().signal, job as Job);
    expect(await chunksOf()).toEqual(before.chunks);
    expect((await rowOf()).status).toBe('FINISHED');
    await complete(t.deps, (job as Job).id, 'new-owner');
  });

  it('lets the next answers of the dialogue use the document (without a model: its best passages)', async () => {
    const res = await t.app.inject({
      method: 'POST', url: CHAT_PATHS.completions, headers: bearer(tokens.wangfang), payload: { conv_uid: conv, user_input: '出差住宿标准是什么' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CHAT_MESSAGES.noModel);
    expect(res.body).toContain('**[1] 制度1.docx**');
    expect(res.body).toContain('住宿标准按城市等级执行');
  });

  it('marks a file that cannot be processed FAILED with a Chinese reason', async () => {
    const conv2 = await newDialogue('wangfang', 'chat_excel');
    // A sound archive holding a document.xml that is not XML: accepted, then failed by the parser.
    const corrupt = await makeZip({ 'word/document.xml': 'garbage' });
    const doc = await upload('wangfang', { fields: { conv_id: conv2 }, file: { name: '坏.docx', bytes: corrupt } });
    expect((await settled(doc.json().data.id))).toMatchObject({ status: 'FAILED', result: expect.stringMatching(/^文件无法解析/) });
    // The failed job names the asker who uploaded the file in the error log.
    const logged = await t.deps.db.select().from(errorLogs).where(eq(errorLogs.route, CHAT_FILE_QUEUE));
    expect(logged.map((e) => [e.kind, e.username])).toEqual([['job', 'wangfang']]);
    const headerOnly = await upload('wangfang', { fields: { conv_id: conv2 }, file: { name: '空表.csv', bytes: text('姓名,年龄\n') } }, CHAT_PATHS.excelFileAdd);
    expect(headerOnly.statusCode, headerOnly.body).toBe(200);
    const failed = await settled(headerOnly.json().data.id);
    expect(failed).toMatchObject({ status: 'FAILED', result: '表格中只有表头，没有数据行', tableMeta: null });
    const status = (await get(statusUrl(failed.id), 'wangfang')).json().data;
    expect(status).toMatchObject({ status: 'FAILED', result: '表格中只有表头，没有数据行' });
  });

  it('loads a spreadsheet into a table with its columns, row count and samples', async () => {
    const conv3 = await newDialogue('wangfang', 'chat_excel');
    const bytes = await makeXlsx([' 部门 ', '人数', '预算'], [['研发', 12, 300.5], ['市场', 5, 120], ['行政', 3, 45]]);
    const res = await upload('wangfang', { fields: { conv_id: conv3 }, file: { name: 'budget-2024.xlsx', bytes } }, CHAT_PATHS.excelFileAdd);
    expect(res.json().data).toMatchObject({ kind: 'excel', file_name: 'budget-2024.xlsx' });
    const dialogue = (await get(CHAT_PATHS.dialogueList, 'wangfang')).json().data.find((d: { conv_uid: string }) => d.conv_uid === conv3);
    expect(dialogue).toMatchObject({ chat_mode: 'chat_excel', select_param: 'budget-2024.xlsx' });
    const row = await settled(res.json().data.id);
    expect(row).toMatchObject({ status: 'FINISHED', result: '处理完成：3 行，3 列' });
    const meta = row.tableMeta as TableMeta;
    expect(meta).toMatchObject({ table: 'budget_2024', rowCount: 3, sheet: 'Sheet1' });
    expect(meta.columns).toEqual([{ name: '部门', type: 'VARCHAR' }, { name: '人数', type: 'BIGINT' }, { name: '预算', type: 'DOUBLE' }]);
    expect(meta.sample[0]).toEqual(['研发', 12, 300.5]);
    expect(fs.existsSync(path.join(t.config.dataDir, tablePathOf(row.storedPath)))).toBe(true);
    await removeDialogueFiles(t.config, row.dialogueId);
    expect(fs.existsSync(path.join(t.config.dataDir, row.storedPath))).toBe(false);
  });
});

describe('the upload button', () => {
  it('is required: a role with the chat function but without 上传文件 cannot upload, yet still reads', async () => {
    const conv = await newDialogue('staff');
    const [button] = await t.deps.db.select({ id: functionButtons.id }).from(functionButtons)
      .innerJoin(functions, eq(functions.id, functionButtons.functionId))
      .where(and(eq(functions.path, '/chatWindow'), eq(functionButtons.code, 'upload')));
    const [role] = await t.deps.db.select().from(roles).where(eq(roles.name, '市场人员'));
    await t.deps.db.delete(roleButtons).where(and(eq(roleButtons.roleId, role.id), inArray(roleButtons.buttonId, [button.id])));
    invalidateIdentity(t.deps.db);
    try {
      const res = await upload('staff', { fields: { conv_id: conv }, file: { name: 'a.txt', bytes: text(POLICY) } });
      expect(res.statusCode).toBe(403);
      expect((await get(filesUrl(conv), 'staff')).statusCode).toBe(200);
    } finally {
      await t.deps.db.insert(roleButtons).values({ roleId: role.id, buttonId: button.id });
      invalidateIdentity(t.deps.db);
    }
    expect((await upload('staff', { fields: { conv_id: conv }, file: { name: 'a.txt', bytes: text(POLICY) } })).statusCode).toBe(200);
  });
});
