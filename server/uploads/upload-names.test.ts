// Names a user gives files lose their invisible formatting characters on every upload path (issue 11 §3):
// `invoice\u202Egnp.txt` would be shown as "invoicetxt.png".
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, KNOWLEDGE_PATHS, USER_PATHS } from '../../contract/api';
import { auditLog, knowledgeDocuments, users } from '../db/schema';
import { bearer, signIn } from '../test-support/http';
import { multipartBody } from '../test-support/multipart';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';

const SPACE = '名称';
let t: TestApp;
const tokens: Record<string, string> = {};
const uploadUrl = () => KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE));

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['demo', 'wangfang']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  await t.app.inject({ method: 'POST', url: KNOWLEDGE_PATHS.spaceAdd, headers: bearer(tokens.demo), payload: { name: SPACE } });
});
afterAll(async () => t?.close());

describe('names lose their invisible characters on every upload path', () => {
  it('knowledge: the document, the audit log and the download name', async () => {
    const body = multipartBody({ secrecy: 'internal' }, [{ field: 'doc_file', name: 'invoice\u202Egnp.txt', bytes: Buffer.from('发票') }]);
    const res = await t.app.inject({ method: 'POST', url: uploadUrl(), headers: { ...bearer(tokens.demo), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data as number[];
    const [doc] = await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
    expect(doc.docName).toBe('invoicegnp.txt');
    const [entry] = (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'doc-upload'))).slice(-1);
    expect(entry.target).toBe(`${SPACE}：invoicegnp.txt`);
    // A name stored before this rule is cleaned on the way out.
    await t.deps.db.update(knowledgeDocuments).set({ docName: 'old\u202Efdp.exe' }).where(eq(knowledgeDocuments.id, id));
    const download = await t.app.inject({
      method: 'GET', url: KNOWLEDGE_PATHS.documentDownload.replace(':space', encodeURIComponent(SPACE)).replace(':id', String(id)), headers: bearer(tokens.demo),
    });
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('oldfdp.exe')}`);
  });

  it('chat: the stored file name', async () => {
    const conv = (await t.app.inject({ method: 'POST', url: `${CHAT_PATHS.dialogueNew}?chat_mode=chat_normal`, headers: bearer(tokens.wangfang), payload: {} })).json().data.conv_uid;
    const body = multipartBody({ conv_id: conv }, [{ field: 'file', name: '\u2066报告\u2069\u200B.txt', bytes: Buffer.from('报告内容') }]);
    const res = await t.app.inject({ method: 'POST', url: CHAT_PATHS.fileAdd, headers: { ...bearer(tokens.wangfang), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file_name).toBe('报告.txt');
  });

  it('user import: the audit log names the file cleanly, and imported names lose invisible characters', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('人员导入');
    sheet.addRow(['用户名*', '姓名*']);
    sheet.addRow(['invisible1', '张\u200B伟\u202E']);
    const body = multipartBody({}, [{ field: 'file', name: 'users\u202Exslx.xlsx', bytes: Buffer.from(await book.xlsx.writeBuffer()) }]);
    const res = await t.app.inject({ method: 'POST', url: USER_PATHS.import, headers: { ...bearer(tokens.sysadmin), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await t.deps.db.select().from(users).where(eq(users.username, 'invisible1'));
    expect(user.fullName).toBe('张伟');
    const [entry] = (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user-import'))).slice(-1);
    expect(entry.target).toBe('usersxslx.xlsx');
  });
});
