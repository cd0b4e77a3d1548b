import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, LOG_PATHS, type LogEntry, type LogPage } from '../../../contract/api';
import { functionButtons, functions, roleButtons } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let audit: string;
let sys: string;
let sec: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  audit = await signIn(t.app, 'auditadmin', TEST_ADMIN_PASSWORD);
  t.clock.advance(60_000);
  sys = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
  t.clock.advance(60_000);
  sec = await signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD);
  t.clock.advance(60_000);
  staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
  t.clock.advance(60_000);
});
afterAll(() => t.close());

const get = (url: string, token: string, query: Record<string, string | number> = {}) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

async function list(query: Record<string, string | number> = {}): Promise<LogPage> {
  const res = await get(LOG_PATHS.list, audit, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as LogPage;
}

describe('audit log list', () => {
  it('shows the actions of the system administrator and the security administrator to the auditor', async () => {
    const res = await t.app.inject({ method: 'PUT', url: ACCOUNT_PATHS.unlockUser, headers: bearer(sec), query: { username: 'lina' } });
    expect(res.statusCode).toBe(200);
    const page = await list({ username: 'admin' });
    const seen = page.list.map((e) => `${e.actorUsername}:${e.action}`);
    expect(seen).toEqual(expect.arrayContaining(['sysadmin:login', 'secadmin:login', 'secadmin:unlock']));
    const unlock = page.list.find((e) => e.action === 'unlock') as LogEntry;
    expect(unlock).toMatchObject({ actionName: '账号解锁', actorId: -2, result: 'success', target: expect.stringContaining('lina') });
  });

  it('answers newest first with paging and the page size', async () => {
    const all = await list({ limit: 200 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.list.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list({ page: 2, limit: 2 });
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(second.list.map((e) => e.id)).toEqual(all.list.slice(2, 4).map((e) => e.id));
  });

  it('filters by user (Like), operation type, result, keyword and time range', async () => {
    expect((await list({ username: 'AUDIT' })).list.every((e) => e.actorUsername === 'auditadmin')).toBe(true);
    expect((await list({ username: '%' })).total).toBe(0);
    const logins = await list({ action: 'login' });
    expect(logins.total).toBeGreaterThanOrEqual(4);
    expect(logins.list.every((e) => e.action === 'login' && e.actionName === '登录')).toBe(true);
    expect((await list({ result: 'failure' })).list.every((e) => e.result === 'failure')).toBe(true);
    expect((await list({ keyword: 'lina' })).list.map((e) => e.action)).toContain('unlock');
    const start = new Date('2030-01-01T08:01:00Z').toISOString();
    const end = new Date('2030-01-01T08:02:30Z').toISOString();
    const window = await list({ from: start, to: end, action: 'login' });
    expect(window.list.map((e) => e.actorUsername).sort()).toEqual(['secadmin', 'sysadmin']);
  });

  it.each([
    ['a page size above 200', { limit: 201 }, '参数 limit 不能大于 200'],
    ['page 0', { page: 0 }, '参数 page 不能小于 1'],
    ['a malformed time', { from: '2030-13-45' }, '参数 from 格式不正确'],
    ['an unknown result', { result: 'maybe' }, '参数 result 取值不正确'],
    ['an unknown parameter', { sort: 'at' }, '不支持的参数 sort'],
    ['a start after the end', { from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' }, '开始时间不能晚于结束时间'],
  ])('refuses %s with a Chinese message', async (_n, query, message) => {
    const res = await get(LOG_PATHS.list, audit, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });
});

describe('who may read the log', () => {
  it.each([LOG_PATHS.list, LOG_PATHS.export, LOG_PATHS.actions])('only the auditor may call %s', async (url) => {
    for (const token of [sys, sec, staff]) expect((await get(url, token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lists the operation types with their Chinese names', async () => {
    const res = await get(LOG_PATHS.actions, audit);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual(expect.arrayContaining([{ code: 'login', name: '登录' }, { code: 'log-export', name: '导出日志' }]));
  });

  it('has no call that edits or deletes entries', async () => {
    const [entry] = (await list({ limit: 1 })).list;
    for (const url of [LOG_PATHS.list, `${LOG_PATHS.list}/${entry.id}`, LOG_PATHS.export, LOG_PATHS.actions, LOG_PATHS.recent]) {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(audit), payload: { result: 'success' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await list({ limit: 1 })).list[0]).toEqual(entry);
  });
});

describe('recent activity of /sysMgr/index', () => {
  it('answers the caller’s own last entries only', async () => {
    const res = await get(LOG_PATHS.recent, sec);
    expect(res.statusCode).toBe(200);
    const entries = res.json().results as LogEntry[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(entries.every((e) => e.actorId === -2)).toBe(true);
    expect(entries.map((e) => e.action)).toContain('unlock');
    // Its refused attempt at the export is there too: refusals are audited.
    expect(entries[0]).toMatchObject({ action: 'log-export', result: 'failure' });
  });

  it('refuses ordinary users and callers without a session', async () => {
    expect((await get(LOG_PATHS.recent, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: LOG_PATHS.recent })).statusCode).toBe(401);
  });
});

describe('export', () => {
  it('answers an xlsx file with Chinese headers, Beijing times and a UTF-8 file name, and is audited', async () => {
    const res = await get(LOG_PATHS.export, audit, { action: 'login' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('审计日志-20300101.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('审计日志');
    expect(sheet?.getRow(1).values).toEqual([undefined, '操作时间（北京时间）', '用户', '操作类型', '操作对象', '结果', 'IP 地址', '详情', '客户端']);
    const logins = await list({ action: 'login' });
    expect(sheet?.rowCount).toBe(logins.total + 1);
    // The first sign-in was at 08:00 UTC, 16:00 in Beijing; the oldest is the last row.
    const last = sheet?.getRow(logins.total + 1).values as unknown[];
    expect(last.slice(1, 6)).toEqual(['2030-01-01 16:00:00', 'auditadmin', '登录', expect.any(String), '成功']);
    const [entry] = (await list({ action: 'log-export' })).list;
    expect(entry).toMatchObject({ actorUsername: 'auditadmin', result: 'success', target: '审计日志' });
    expect(entry.detail).toContain('操作类型 login');
    expect(entry.detail).toContain(`导出 ${logins.total} 条`);
  });

  it('refuses an empty result and one above the row cap with a clear message', async () => {
    const none = await get(LOG_PATHS.export, audit, { username: 'nobody-here' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('没有符合条件的日志，无需导出');
    await t.deps.db.execute(sql`insert into audit_log (at, actor_username, action, result)
      select now(), 'bulk-writer', 'login', 'success' from generate_series(1, 50001)`);
    const res = await get(LOG_PATHS.export, audit, { username: 'bulk-writer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('符合条件的日志共 50001 条，超过单次导出上限 50000 条，请缩小时间范围或增加筛选条件后再导出');
    const [entry] = (await list({ action: 'log-export', result: 'failure' })).list;
    expect(entry.detail).toContain('超过单次导出上限');
  });

  it('is refused on replay once the export button is no longer granted', async () => {
    const [button] = await t.deps.db.select({ id: functionButtons.id }).from(functionButtons)
      .innerJoin(functions, eq(functions.id, functionButtons.functionId))
      .where(and(eq(functions.path, '/sysMgr/logMgr'), eq(functionButtons.code, 'export')));
    await t.deps.db.delete(roleButtons).where(inArray(roleButtons.buttonId, [button.id]));
    // A direct write, unlike a call, does not empty the identity cache (D12).
    invalidateIdentity(t.deps.db);
    expect((await get(LOG_PATHS.export, audit, { action: 'login' })).statusCode).toBe(403);
    expect((await get(LOG_PATHS.list, audit)).statusCode).toBe(200);
  });
});
