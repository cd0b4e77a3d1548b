// Zip bombs and lying archives through every upload path (issue 11 §3): refused at upload with nothing stored, or,
// when only inflating can tell, failed for good while processing.
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, KNOWLEDGE_PATHS, USER_PATHS } from '../../contract/api';
import { auditLog, chatDialogues, chatFileChunks, chatFiles, documentChunks, jobs, knowledgeDocuments, users } from '../db/schema';
import { makeDocx } from '../test-support/fixtures';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { makeDocxBomb, makeXlsxWithEntries, withDataBeforeDirectory, withDeclaredSize, makeZip } from '../test-support/zip-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const SPACE = '炸弹测试';
const MAX_ENTRIES = 300;
const bombs: Record<string, Buffer> = {};

beforeAll(async () => {
  // The entry cap is lowered so the crowded workbook stays small; server/uploads/zip-guard.test.ts checks the default.
  t = await createTestApp({ config: { uploadZipMaxEntries: MAX_ENTRIES, jobLeaseMs: 5000 } });
  for (const u of ['demo', 'wangfang']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  const added = await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: bearer(tokens.demo), payload: { name: SPACE } });
  expect(added.statusCode, added.body).toBe(200);
  const docx = await makeDocx(['正常的文档内容。']);
  bombs.ratio = await makeDocxBomb();
  bombs.crowded = await makeXlsxWithEntries(MAX_ENTRIES);
  bombs.localLies = withDeclaredSize(docx, 'word/document.xml', 10, 'local');
  bombs.hidden = withDataBeforeDirectory(docx, await makeZip({ 'word/document.xml': '夹带的条目'.repeat(1000) }));
  bombs.understated = withDeclaredSize(bombs.ratio, 'word/document.xml', 50_000, 'both');
});
afterAll(async () => t?.close());

/** The refusals expected at upload: status and reason (after "文件 <name> 被拒绝："). */
const REFUSED: [kind: string, status: number, reason: RegExp][] = [
  ['ratio', 413, /^word\/document\.xml 的压缩比为 1\d\d:1，超过 100:1 的上限$/],
  ['crowded', 413, new RegExp(`^包含 \\d+ 个压缩条目，超过 ${MAX_ENTRIES} 个的上限$`)],
  ['localLies', 400, /^压缩包结构异常：word\/document\.xml 的本地文件头与目录不一致$/],
  ['hidden', 400, /^压缩包结构异常：最后一个条目之后夹带了目录中没有的数据$/],
];

function post(url: string, user: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: payload as object });
}

function uploadTo(url: string, user: string, field: string, name: string, bytes: Buffer, fields: Record<string, string>) {
  const body = multipartBody(fields, [{ field, name, bytes }]);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(tokens[user]), ...body.headers }, payload: body.payload });
}

const knowledgeUpload = (name: string, bytes: Buffer) =>
  uploadTo(KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE)), 'demo', 'doc_file', name, bytes, { secrecy: 'internal' });

async function newDialogue(mode = 'chat_normal'): Promise<string> {
  const res = await post(`${CHAT_PATHS.dialogueNew}?chat_mode=${mode}`, 'wangfang', {});
  return res.json().data.conv_uid as string;
}

/** Splits "文件 <name> 被拒绝：<reason>，<nothing kept>" into the reason. */
function reasonOf(message: string, name: string, tail: string): string {
  const head = `文件 ${name} 被拒绝：`;
  expect(message.startsWith(head), message).toBe(true);
  expect(message.endsWith(tail), message).toBe(true);
  return message.slice(head.length, message.length - tail.length);
}

const filesUnder = (...parts: string[]) => {
  const dir = path.join(t.config.dataDir, ...parts);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.')) : [];
};

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('archives that declare too much are refused at upload, storing nothing', () => {
  it('knowledge uploads: no document row, no file, no job', async () => {
    for (const [kind, status, reason] of REFUSED) {
      const name = `${kind}.${kind === 'crowded' ? 'xlsx' : 'docx'}`;
      const res = await knowledgeUpload(name, bombs[kind]);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
      expect(reasonOf(res.json().err_msg, name, '，未上传任何文件')).toMatch(reason);
    }
    expect(await t.deps.db.select().from(knowledgeDocuments)).toEqual([]);
    expect(await t.deps.db.select().from(jobs)).toEqual([]);
    expect(filesUnder('files', 'knowledge')).toEqual([]);
    expect(filesUnder('files', '.incoming')).toEqual([]);
    const audited = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'doc-upload'));
    expect(audited.map((a) => a.result)).toEqual(['failure', 'failure', 'failure', 'failure']);
  });

  it('chat uploads, documents and spreadsheets: no file row, no file, no job', async () => {
    const conv = await newDialogue();
    const excelConv = await newDialogue('chat_excel');
    for (const [kind, status, reason] of REFUSED) {
      const spreadsheet = kind === 'crowded';
      const name = `${kind}.${spreadsheet ? 'xlsx' : 'docx'}`;
      const url = spreadsheet ? CHAT_PATHS.excelFileAdd : CHAT_PATHS.fileAdd;
      const res = await uploadTo(url, 'wangfang', 'file', name, bombs[kind], { conv_id: spreadsheet ? excelConv : conv });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
      expect(reasonOf(res.json().err_msg, name, '，未上传任何文件')).toMatch(reason);
    }
    expect(await t.deps.db.select().from(chatFiles)).toEqual([]);
    expect(await t.deps.db.select().from(jobs)).toEqual([]);
    expect(filesUnder('files', 'chat')).toEqual([]);
    expect(filesUnder('files', '.incoming')).toEqual([]);
    // The spreadsheet dialogue did not become a chat about the refused file.
    const [dialogue] = await t.deps.db.select().from(chatDialogues).where(eq(chatDialogues.convUid, excelConv));
    expect(dialogue.selectParam).toBeNull();
  });

  it('user import (unpacked during the request): every bomb, and a directory that lies, refused before exceljs; no user', async () => {
    const cases: [kind: string, status: number, reason: RegExp][] = [
      ...REFUSED,
      ['understated', 413, /^word\/document\.xml 解压后超过了目录声明的大小（疑似压缩炸弹）$/],
    ];
    for (const [kind, status, reason] of cases) {
      const res = await uploadTo(USER_PATHS.import, 'sysadmin', 'file', `${kind}.xlsx`, bombs[kind], {});
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
      expect(reasonOf(res.json().message, `${kind}.xlsx`, '，未导入任何用户')).toMatch(reason);
    }
    expect(await t.deps.db.select().from(users).where(like(users.username, 'bomb%'))).toEqual([]);
    expect(filesUnder('files', '.incoming')).toEqual([]);
    const audited = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user-import'));
    expect(audited.map((a) => `${a.target}:${a.result}`)).toEqual(cases.map(([kind]) => `${kind}.xlsx:failure`));
  });
});

describe('an archive whose directory understates an entry fails while processing, for good', () => {
  it('knowledge: FAILED with the reason after one attempt, no chunks', async () => {
    const res = await knowledgeUpload('伪装.docx', bombs.understated);
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data as number[];
    expect((await post(KNOWLEDGE_PATHS.taskCreate, 'demo', { doc_ids: [id] })).statusCode).toBe(200);
    const [doc] = await waitFor(
      () => t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id)),
      ([d]) => d.status === 'FAILED' || d.status === 'FINISHED',
    );
    expect(doc).toMatchObject({ status: 'FAILED', result: '文件未通过解压检查：word/document.xml 解压后超过了目录声明的大小（疑似压缩炸弹）', chunkCount: 0 });
    expect(await t.deps.db.select().from(documentChunks).where(eq(documentChunks.documentId, id))).toEqual([]);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.key, `doc:${id}`));
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('chat documents and spreadsheets: FAILED with the reason after one attempt, no chunks, no table', async () => {
    const conv = await newDialogue();
    const excelConv = await newDialogue('chat_excel');
    const doc = await uploadTo(CHAT_PATHS.fileAdd, 'wangfang', 'file', '伪装.docx', bombs.understated, { conv_id: conv });
    const sheet = await uploadTo(CHAT_PATHS.excelFileAdd, 'wangfang', 'file', '伪装.xlsx',
      withDeclaredSize(await makeXlsxWithEntries(0), 'xl/worksheets/sheet1.xml', 10, 'both'), { conv_id: excelConv });
    expect([doc.statusCode, sheet.statusCode], `${doc.body} ${sheet.body}`).toEqual([200, 200]);
    const ids = [doc.json().data.id as number, sheet.json().data.id as number];
    const rows = await waitFor(
      () => t.deps.db.select().from(chatFiles).where(inArray(chatFiles.id, ids)),
      (r) => r.every((f) => f.status === 'FAILED' || f.status === 'FINISHED'),
    );
    expect(rows.map((r) => [r.status, r.result])).toEqual([
      ['FAILED', '文件未通过解压检查：word/document.xml 解压后超过了目录声明的大小（疑似压缩炸弹）'],
      ['FAILED', '文件未通过解压检查：xl/worksheets/sheet1.xml 解压后超过了目录声明的大小（疑似压缩炸弹）'],
    ]);
    expect(rows[1].tableMeta).toBeNull();
    expect(await t.deps.db.select().from(chatFileChunks).where(inArray(chatFileChunks.fileId, ids))).toEqual([]);
    expect(filesUnder('files', 'chat').filter((f) => f.endsWith('.parquet'))).toEqual([]);
    const failedJobs = await t.deps.db.select().from(jobs).where(inArray(jobs.key, ids.map((id) => `chat-file:${id}`)));
    expect(failedJobs.map((j) => [j.state, j.attempts])).toEqual([['failed', 1], ['failed', 1]]);
  });
});
