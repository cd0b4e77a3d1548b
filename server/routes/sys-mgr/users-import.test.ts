import ExcelJS from 'exceljs';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, USER_PATHS, type ImportResult } from '../../../contract/api';
import { auditLog, users } from '../../db/schema';
import { readSheet } from '../../sys-mgr/users/import-sheet';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { multipartBody } from '../../test-support/multipart';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ config: { licenseUsers: 2000 } });
  for (const name of ['sysadmin', 'secadmin', 'auditadmin']) tok[name] = await signIn(t.app, name, TEST_ADMIN_PASSWORD);
  tok.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
});
afterAll(() => t.close());

type Row = (string | number)[];
const HEADER = ['用户名*', '姓名*', '部门', '手机', '座机', '邮箱', '职务'];

async function xlsx(rows: Row[], header: Row = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('人员导入');
  ws.addRow(['填写说明']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const upload = (who: string, file: Buffer | null, dryRun = false, filename?: string) => {
  const body = multipartBody(dryRun ? { dryRun: 'true' } : {}, file ? [{ field: 'file', name: filename ?? 'users.xlsx', bytes: file, type: XLSX_TYPE }] : []);
  return t.app.inject({ method: 'POST', url: USER_PATHS.import, payload: body.payload, headers: { ...bearer(tok[who]), ...body.headers } });
};
const usernamesLike = async (prefix: string) =>
  (await t.deps.db.select({ u: users.username }).from(users).where(like(users.username, `${prefix}%`))).map((r) => r.u);

describe('import template', () => {
  it('is an xlsx with a note row and the columns the import reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: USER_PATHS.importTemplate, headers: bearer(tok.sysadmin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(String(ws.getCell(1, 1).value)).toContain('填写说明');
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(HEADER);
    // Filled in, it reads back.
    ws.addRow(['newbie', '新人', '总部/研发中心', '13812345678']);
    const rows = await readSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toEqual([{ row: 3, username: 'newbie', fullName: '新人', deptPath: '总部/研发中心', mobile: '13812345678', phone: '', email: '', position: '' }]);
  });

  it('is only for the system administrator', async () => {
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      expect((await t.app.inject({ method: 'GET', url: USER_PATHS.importTemplate, headers: bearer(tok[who]) })).statusCode).toBe(403);
    }
  });
});

describe('import', () => {
  const good: Row[] = [
    ['imp.alice', '爱丽丝', '总部/研发中心/软件研发部', 13812345678, '010-12345678', 'alice@example.com', '工程师'],
    ['imp.bob', '鲍勃', '市场部', '', '', '', ''],
    ['imp.root', '根部门的人', '', '', '', '', ''],
  ];

  it('dry run reports every row’s problems and writes nothing', async () => {
    const file = await xlsx([
      ...good,
      ['imp.bob', '重复', '市场部'],
      ['demo', '已有', '市场部'],
      ['1bad', '', '不存在的部门', '123', 'abc', 'not-mail'],
    ]);
    const res = await upload('sysadmin', file, true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().results as ImportResult;
    expect(report).toMatchObject({ dryRun: true, total: 6, valid: 2, invalid: 4, created: [] });
    const byRow = Object.fromEntries(report.rows.map((r) => [r.row, r.problems]));
    expect(byRow[3]).toEqual([]);
    expect(byRow[4]).toEqual(['用户名在文件中重复（第 4、6 行）']);
    expect(byRow[5]).toEqual([]);
    expect(byRow[6]).toEqual(['用户名在文件中重复（第 4、6 行）']);
    expect(byRow[7]).toEqual(['用户名 demo 已存在']);
    expect(byRow[8]).toEqual([
      '用户名须以字母开头，由 3–32 位字母、数字、下划线、点或连字符组成', '姓名不能为空', '手机：请输入正确的手机号码',
      '座机：请输入正确的座机号码', '邮箱：请输入正确的邮箱地址', '部门「不存在的部门」不存在',
    ]);
    expect(await usernamesLike('imp.')).toEqual([]);
  });

  it('a real import with one bad row writes nothing and answers 400 with the report', async () => {
    const res = await upload('sysadmin', await xlsx([...good, ['imp.carol', '卡罗尔', '火星部']]));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('1 行有问题，未导入任何用户，请修改后重新导入');
    expect(body.results.rows.find((r: { row: number }) => r.row === 6).problems).toEqual(['部门「火星部」不存在']);
    expect(await usernamesLike('imp.')).toEqual([]);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user-import'));
    expect(entries.at(-1)).toMatchObject({ result: 'failure', actorUsername: 'sysadmin', detail: '导入 4 行，1 行有问题，未导入；HTTP 400' });
  });

  it('imports all rows with one-time passwords that must be changed', async () => {
    const res = await upload('sysadmin', await xlsx(good), false, '人员.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().results as ImportResult;
    expect(report.created.map((u) => u.username)).toEqual(['imp.alice', 'imp.bob', 'imp.root']);
    const [root] = await t.deps.db.select().from(users).where(eq(users.username, 'imp.root'));
    expect(root.deptId).toBe(-2);
    const [alice] = await t.deps.db.select().from(users).where(eq(users.username, 'imp.alice'));
    expect(alice).toMatchObject({ fullName: '爱丽丝', mobile: '13812345678', phone: '010-12345678', position: '工程师', clearance: 'public', mustChangePassword: true });
    const token = await signIn(t.app, 'imp.alice', report.created[0].password);
    const detail = await t.app.inject({ method: 'GET', url: AUTH_PATHS.userDetail, headers: bearer(token) });
    expect(detail.json().results.mustChangePassword).toBe(true);
    // The light one-time hash is replaced at full strength on sign-in.
    const [after] = await t.deps.db.select().from(users).where(eq(users.username, 'imp.alice'));
    expect(after.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user-import'));
    expect(entries.at(-1)).toMatchObject({ result: 'success', target: '人员.xlsx', detail: '导入 3 个用户：imp.alice、imp.bob、imp.root' });
  });

  it('refuses rows past the licence, naming them', async () => {
    const used = (await t.app.inject({ method: 'GET', url: AUTH_PATHS.license, headers: bearer(tok.sysadmin) })).json().results.usedUsers;
    const saved = t.config.licenseUsers;
    try {
      t.config.licenseUsers = used + 1;
      const res = await upload('sysadmin', await xlsx([['lic.one', '一', '市场部'], ['lic.two', '二', '市场部']]));
      expect(res.statusCode).toBe(400);
      expect(res.json().results.rows.map((r: { problems: string[] }) => r.problems)).toEqual([[], ['超出许可用户数（剩余 1 个名额）']]);
      expect(await usernamesLike('lic.')).toEqual([]);
      t.config.licenseExpires = new Date('2029-06-30T00:00:00Z');
      const expired = await upload('sysadmin', await xlsx([['lic.one', '一', '市场部']]), true);
      expect(expired.json()).toEqual({ code: 400, message: '软件许可已于 2029-06-30 到期，不能导入用户，请联系供应商续期', results: null });
    } finally {
      t.config.licenseUsers = saved;
      t.config.licenseExpires = null;
    }
  });

  it.each([
    ['a text file', Buffer.from('username,fullName\nx,y'), 415, '文件格式不正确，请上传 Excel 文件（.xlsx），可先下载导入模板'],
    ['a broken zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), 400, '文件 users.xlsx 被拒绝：不是有效的压缩包，文件可能已损坏，未导入任何用户'],
    ['no file', null, 400, '缺少文件参数'],
    ['a file over 5 MB', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]), 413, '文件 users.xlsx 超过 5 MB 的大小上限，未上传任何文件'],
  ])('refuses %s with a clear message', async (_n, file, status, message) => {
    const res = await upload('sysadmin', file as Buffer | null, true);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code: status, message, results: null });
  });

  it('refuses a sheet without the header or without data', async () => {
    expect((await upload('sysadmin', await xlsx([['a', 'b']], ['甲', '乙']), true)).json().message).toBe('未找到表头（用户名、姓名、部门……），请使用导入模板');
    expect((await upload('sysadmin', await xlsx([]), true)).json().message).toBe('文件中没有人员数据，请从表头下一行起填写');
  });

  it('refuses a JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: USER_PATHS.import, headers: bearer(tok.sysadmin), payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
  });

  it.each([['secadmin'], ['auditadmin'], ['staff']])('is refused to %s', async (who) => {
    expect((await upload(who, await xlsx(good), true)).statusCode).toBe(403);
  });

  // Its time is measured by `npm run bench` (users), not asserted here: a loaded machine is no failure.
  it('imports 1,000 rows, all or nothing', async () => {
    const rows: Row[] = Array.from({ length: 1000 }, (_, i) => [`bulk${i}`, `批量${i}`, '总部/研发中心/测试部', `139${String(i).padStart(8, '0')}`]);
    const res = await upload('sysadmin', await xlsx(rows));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().results.created).toHaveLength(1000);
    const names = rows.map((r) => String(r[0]));
    expect(await t.deps.db.select({ id: users.id }).from(users).where(inArray(users.username, names))).toHaveLength(1000);
  }, 30_000);
});
