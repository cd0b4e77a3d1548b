// 统计 per system account (issue 27 §6, 三员分立): each sees the figures of its duty from its own path, the other two
// paths and any parameter naming another duty are refused, and the export holds only the caller's figures.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PATHS, STATISTICS_PATHS } from '../../../contract/api';
import { knowledgeDocuments, knowledgeSpaces } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const RANGE = 'startDate=2026-03-01&endDate=2026-03-02';
const ADMINS = ['sysadmin', 'secadmin', 'auditadmin'] as const;
const PATH_OF = { sysadmin: STATISTICS_PATHS.system, secadmin: STATISTICS_PATHS.security, auditadmin: STATISTICS_PATHS.audit };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ADMINS) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
  const users = (await t.deps.db.execute(sql`SELECT id, username FROM users`)) as unknown as { rows: { id: number; username: string }[] };
  for (const r of users.rows) ids[r.username] = r.id;
  // 2026-03-01 in Beijing: users at work, the three administrators at theirs.
  const audit: [string, string, string, string][] = [
    ['staff', 'login', 'success', ''], ['staff', 'doc-upload', 'success', ''], ['demo', 'login', 'failure', '密码错误'],
    ['demo', 'login', 'failure', '密码错误'], ['demo', 'lock', 'success', '账号锁定'], ['secadmin', 'unlock', 'success', ''],
    ['secadmin', 'role-grants', 'success', ''], ['secadmin', 'user-clearance', 'success', ''], ['sysadmin', 'user-create', 'success', ''],
    ['sysadmin', 'user-create', 'failure', '用户名已存在；HTTP 400'], ['sysadmin', 'dept-create', 'success', ''],
    ['sysadmin', 'role-create', 'failure', '没有权限执行此操作；HTTP 403'], ['auditadmin', 'log-export', 'success', ''],
  ];
  for (const [who, action, result, detail] of audit) {
    await t.deps.db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_username, action, result, detail)
      VALUES ('2026-03-01T03:00:00Z', ${ids[who]}, ${who}, ${action}, ${result}, ${detail})`);
  }
  await t.deps.db.execute(sql`INSERT INTO error_logs (at, kind, user_id, summary) VALUES
    ('2026-03-01T04:00:00Z', 'http', ${ids.staff}, '接口异常'), ('2026-03-01T05:00:00Z', 'job', NULL, '文档处理失败'),
    ('2026-03-02T05:00:00Z', 'model', ${ids.staff}, '模型超时')`);
  await t.deps.db.execute(sql`INSERT INTO chat_answer_stats (at, user_id, chat_mode, status) VALUES
    ('2026-03-01T06:00:00Z', ${ids.staff}, 'chat_normal', 'complete'), ('2026-03-01T06:05:00Z', ${ids.staff}, 'chat_normal', 'complete')`);
  const at = new Date('2026-03-01T07:00:00Z');
  const [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '制度库', ownerId: ids.staff, createdAt: at, updatedAt: at }).returning();
  const doc = (name: string, secrecy: string, chunks: number) => ({
    spaceId: space.id, docName: name, contentType: 'text/plain', filePath: `x/${name}`, size: 1, sha256: name, secrecy,
    ownerId: ids.staff, status: 'FINISHED', result: '', chunkCount: chunks, createdAt: at, updatedAt: at,
  });
  await t.deps.db.insert(knowledgeDocuments).values([doc('a.txt', 'public', 4), doc('b.txt', 'secret', 6), doc('c.txt', 'secret', 1)]);
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const workbook = async (who: string, query = RANGE) => {
  const res = await get(`${STATISTICS_PATHS.export}?${query}`, who);
  expect(res.statusCode, who).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
};

describe('统计 per system account (issue 27 §6)', () => {
  it('answers each administrator its own figures and refuses it the other two duties’ paths; ordinary users none', async () => {
    for (const who of ADMINS) {
      for (const [duty, path] of Object.entries(PATH_OF)) {
        expect((await get(`${path}?${RANGE}`, who)).statusCode, `${who} → ${path}`).toBe(duty === who ? 200 : 403);
      }
    }
    for (const path of [...Object.values(PATH_OF), STATISTICS_PATHS.export]) expect((await get(`${path}?${RANGE}`, 'staff')).statusCode).toBe(403);
  });

  it('lets no parameter name another duty: unknown parameters are refused, the export follows the caller', async () => {
    for (const extra of ['duty=auditadmin', 'scope=audit', 'figures=security', 'userId=-3']) {
      expect((await get(`${STATISTICS_PATHS.system}?${RANGE}&${extra}`, 'sysadmin')).statusCode, extra).toBe(400);
      expect((await get(`${STATISTICS_PATHS.export}?${RANGE}&${extra}`, 'secadmin')).statusCode, extra).toBe(400);
    }
    const names = async (who: string) => (await workbook(who)).worksheets.map((w) => w.name);
    expect(await names('sysadmin')).toEqual(['每日运行', '每日提问', '知识空间排行', '文档与分段', '处理失败', '模型耗时', '错误类型']);
    expect(await names('secadmin')).toEqual(['每日安全', '账号与权限变更', '文档密级', '人员密级']);
    expect(await names('auditadmin')).toEqual(['每日操作', '操作排行', '每日提问', '知识空间排行', '文档与分段', '处理失败', '模型耗时', '管理员操作']);
    // Each export is audited under its own name (the refused attempts above as failures).
    const exports = (await t.deps.db.execute(sql`SELECT actor_username AS who, target FROM audit_log
      WHERE action = 'statistics-export' AND result = 'success' ORDER BY id`)) as unknown as {
      rows: { who: string; target: string }[];
    };
    expect(exports.rows).toEqual([
      { who: 'sysadmin', target: '系统运行统计' }, { who: 'secadmin', target: '安全保密统计' }, { who: 'auditadmin', target: '安全审计统计' },
    ]);
  });

  it('gives the system administrator how the system runs: users active, questions, documents per space, errors — nothing of audit or secrecy', async () => {
    const figures = (await get(`${STATISTICS_PATHS.system}?${RANGE}`, 'sysadmin')).json().results;
    expect(Object.keys(figures).sort()).toEqual(['days', 'errors', 'models', 'processingFailures', 'questions', 'spaceDocuments', 'topSpaces']);
    // The administrators' own entries do not make them active users: staff and demo on the 1st.
    expect(figures.days).toEqual([
      { day: '2026-03-01', activeUsers: 2, questions: 2, errors: 2 },
      { day: '2026-03-02', activeUsers: 0, questions: 0, errors: 1 },
    ]);
    expect(figures.errors).toEqual([{ kind: '接口错误', count: 1 }, { kind: '后台任务失败', count: 1 }, { kind: '模型调用失败', count: 1 }]);
    expect(figures.spaceDocuments).toEqual([{ space: '制度库', documents: 3, chunks: 11 }]);
    expect(JSON.stringify(figures)).not.toMatch(/秘密|公开|登录|操作/);
  });

  it('gives the security administrator sign-in failures, locks, refusals, account changes and the grades', async () => {
    const figures = (await get(`${STATISTICS_PATHS.security}?${RANGE}`, 'secadmin')).json().results;
    expect(Object.keys(figures).sort()).toEqual(['accountChanges', 'clearances', 'days', 'gradeDocuments']);
    expect(figures.days).toEqual([{ day: '2026-03-01', logins: 1, loginFailures: 2, locks: 1, unlocks: 1, refusals: 1 }]);
    // Done changes only: the refused role creation and the failed user creation are not changes.
    expect(figures.accountChanges).toEqual([
      { action: '角色授权', count: 1 }, { action: '账号解锁', count: 1 }, { action: '设置密级', count: 1 }, { action: '新增用户', count: 1 },
    ]);
    expect(figures.gradeDocuments).toEqual([
      { grade: '公开', documents: 1 }, { grade: '内部', documents: 0 }, { grade: '秘密', documents: 2 }, { grade: '机密', documents: 0 },
    ]);
    const clearances = figures.clearances as { grade: string; users: number }[];
    expect(clearances.map((c) => c.grade)).toEqual(['公开', '内部', '秘密', '机密']);
    const ordinary = (await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE NOT system`)) as unknown as { rows: { n: number }[] };
    expect(clearances.reduce((n, c) => n + c.users, 0)).toBe(ordinary.rows[0].n);
    expect(JSON.stringify(figures)).not.toMatch(/模型|提问|制度库/);

    // A real refusal today, as the server audits it: the system administrator tries the security administrator's role creation.
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const refusals = async () => ((await get(`${STATISTICS_PATHS.security}?startDate=${today}&endDate=${today}`, 'secadmin')).json().results
      .days as { refusals: number }[]).reduce((n, d) => n + d.refusals, 0);
    const before = await refusals();
    expect((await t.app.inject({ method: 'POST', url: ROLE_PATHS.create, headers: bearer(tokens.sysadmin), payload: { name: '越权角色' } })).statusCode).toBe(403);
    expect(await refusals()).toBe(before + 1);
  });

  it('gives the audit administrator its figures as before, with the other two administrators’ operations', async () => {
    const figures = (await get(`${STATISTICS_PATHS.audit}?${RANGE}`, 'auditadmin')).json().results;
    expect(figures.days[0]).toEqual({ day: '2026-03-01', operations: 13, activeUsers: 5, logins: 1, failures: 4 });
    expect(figures.adminActions).toEqual([
      { admin: '系统管理员', action: '新增用户', count: 2 },
      { admin: '系统管理员', action: '新增部门', count: 1 },
      { admin: '系统管理员', action: '新增角色', count: 1 },
      { admin: '安全保密管理员', action: '角色授权', count: 1 },
      { admin: '安全保密管理员', action: '账号解锁', count: 1 },
      { admin: '安全保密管理员', action: '设置密级', count: 1 },
    ]);
  });
});
