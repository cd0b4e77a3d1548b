import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS_PATHS } from '../../../contract/api';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tokens: Record<string, string> = {};
let staffDept = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['sysadmin', 'auditadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
  const users = (await t.deps.db.execute(sql`SELECT id, username, dept_id FROM users WHERE username IN ('staff', 'demo', 'lina')`)) as unknown as {
    rows: { id: number; username: string; dept_id: number }[];
  };
  const id = (name: string) => users.rows.find((r) => r.username === name)!;
  staffDept = id('staff').dept_id;
  // 2026-03-01 and 03-02 in Beijing; 23:30 UTC on 03-01 is already 03-02 in Beijing.
  const rows: [string, string, string, string][] = [
    ['2026-03-01T02:00:00Z', 'staff', 'login', 'success'],
    ['2026-03-01T03:00:00Z', 'staff', 'doc-upload', 'success'],
    ['2026-03-01T04:00:00Z', 'demo', 'login', 'failure'],
    ['2026-03-01T23:30:00Z', 'lina', 'login', 'success'],
    ['2026-03-02T05:00:00Z', 'staff', 'doc-upload', 'success'],
    ['2026-04-01T05:00:00Z', 'staff', 'login', 'success'],
  ];
  for (const [at, who, action, result] of rows) {
    await t.deps.db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_username, action, result)
      VALUES (${at}::timestamptz, ${id(who).id}, ${who}, ${action}, ${result})`);
  }
});
afterAll(() => t.close());

const stats = (query: string, who = 'auditadmin') =>
  t.app.inject({ method: 'GET', url: `${STATISTICS_PATHS.audit}?${query}`, headers: bearer(tokens[who]) });

describe('统计 (issue 17)', () => {
  it('counts per Beijing day: operations, active users, sign-ins, failures; the top operations by name', async () => {
    const res = await stats('startDate=2026-03-01&endDate=2026-03-02');
    expect(res.statusCode).toBe(200);
    const { days, topActions } = res.json().results;
    expect(days).toEqual([
      { day: '2026-03-01', operations: 3, activeUsers: 2, logins: 1, failures: 1 },
      { day: '2026-03-02', operations: 2, activeUsers: 2, logins: 1, failures: 0 },
    ]);
    expect(topActions.slice(0, 2)).toEqual([{ action: '登录', count: 3 }, { action: '上传文档', count: 2 }]);
  });

  it('narrows to a department and its sub-departments', async () => {
    const { days } = (await stats(`startDate=2026-03-01&endDate=2026-03-31&deptId=${staffDept}`)).json().results;
    const staffOps = days.reduce((n: number, d: { operations: number }) => n + d.operations, 0);
    expect(staffOps).toBeGreaterThanOrEqual(3);
    expect(staffOps).toBeLessThanOrEqual(5);
  });

  it('refuses bad ranges in Chinese', async () => {
    for (const [q, message] of [
      ['startDate=2026-3-1&endDate=2026-03-02', '开始时间和结束日期须为 YYYY-MM-DD'],
      ['startDate=2026-03-05&endDate=2026-03-02', '开始时间不能晚于结束日期'],
      ['startDate=2024-01-01&endDate=2026-03-02', '统计范围不能超过 366 天'],
    ]) {
      const res = await stats(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is the audit administrator\'s (the others have their own, statistics-duties.test.ts), exported as xlsx', async () => {
    expect((await stats('startDate=2026-03-01&endDate=2026-03-02', 'sysadmin')).statusCode).toBe(403);
    expect((await stats('startDate=2026-03-01&endDate=2026-03-02', 'staff')).statusCode).toBe(403);
    const file = await t.app.inject({
      method: 'GET', url: `${STATISTICS_PATHS.export}?startDate=2026-03-01&endDate=2026-03-02`, headers: bearer(tokens.auditadmin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Every figure is a sheet; the daily sheet holds the same numbers as the page.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['每日操作', '操作排行', '每日提问', '知识空间排行', '文档与分段', '处理失败', '模型耗时', '管理员操作']);
    const rows = (name: string) => book.getWorksheet(name)!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows('每日操作')).toEqual([['日期（北京时间）', '操作次数', '活跃用户', '登录次数', '失败操作'], ['2026-03-01', 3, 2, 1, 1], ['2026-03-02', 2, 2, 1, 0]]);
    expect(rows('操作排行').slice(1, 3)).toEqual([['登录', 3], ['上传文档', 2]]);
    expect(rows('模型耗时')[0]).toEqual(['模型', '回答数', '首字时间平均（毫秒）', '首字时间P90（毫秒）', '每秒 token 数', '排队等待平均（毫秒）', '排队等待最长（毫秒）']);
  });
});
