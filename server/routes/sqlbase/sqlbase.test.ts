// Database chat connections and the SQL editor against the machine's real PostgreSQL and MariaDB, with a
// read-write account on purpose: the attack corpus is refused or harmless and no table changes; passwords are
// in no answer, no log line and not in plain text at rest; who may list, test and use a connection.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_PATHS, SQL_RUN_STREAM_TYPE, type SqlRunFrame } from '../../../contract/api';
import { auditLog, dbConnections, roles } from '../../db/schema';
import { MYSQL_CORPUS, PG_CORPUS, type Attempt } from '../../sqlbase/corpus';
import { KEY_FILE } from '../../crypto/secret';
import { createMyDatabase, createPgDatabase, externalOrSkip, ORDER_ROWS, SECRET_MARK, type ExternalDb } from '../../test-support/external-dbs';
import { bearer, signIn } from '../../test-support/http';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { formatDateTime } from '../../http/date-time';

let t: TestApp;
let pgDb: ExternalDb | null = null;
let myDb: ExternalDb | null = null;
const tokens: Record<string, string> = {};
const logLines: string[] = [];

const allowLoopback = parseOutboundAllow('127.0.0.1') as OutboundRule;

beforeAll(async () => {
  [pgDb, myDb] = await Promise.all([externalOrSkip(createPgDatabase, 'PostgreSQL'), externalOrSkip(createMyDatabase, 'MariaDB')]);
  t = await createTestApp({
    config: { outboundAllow: allowLoopback, dbChatTimeoutMs: 1500, dbChatMaxRows: 1000, logLevel: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  for (const u of ['demo', 'staff', 'zhangwei', 'wangfang', 'lina']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pgDb?.drop();
  await myDb?.drop();
});

function post(url: string, user: string, body: unknown = {}) {
  return t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body as object });
}
const get = (url: string, user: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[user]) });

const configOf = (db: ExternalDb, name: string, extra: Record<string, unknown> = {}) => ({
  db_type: db.kind, db_name: name, db_host: db.host, db_port: db.port, db_user: db.user, db_pwd: db.password, comment: '测试库', ...extra,
});

/** The connection's db_name is the database's name: the test databases are named by the fixture. */
const pgName = () => pgDb!.database;
const myName = () => myDb!.database;

describe.runIf(process.env.CI === 'true' || true)('connections', () => {
  it('adds a connection for users with the button, keeps its password encrypted and never sends it back', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    expect((await post(DB_PATHS.add, 'demo', configOf(pgDb, pgName()))).statusCode).toBe(403);
    expect((await post(DB_PATHS.add, 'staff', configOf(pgDb, pgName()))).statusCode).toBe(403);
    // Granted to 研发人员 (demo, wangfang): with no role a connection is its owner's alone (D89).
    const [dev] = await t.deps.db.select().from(roles).where(eq(roles.name, '研发人员'));
    const added = await post(DB_PATHS.add, 'zhangwei', configOf(pgDb, pgName(), { secrecy: 'internal', allowed_tables: 'orders,customers', review_role: String(dev.id) }));
    expect(added.json(), added.body).toMatchObject({ success: true, data: true });
    const addedMy = await post(DB_PATHS.add, 'zhangwei', configOf(myDb, myName(), { secrecy: 'internal', allowed_tables: 'orders, customers', review_role: String(dev.id) }));
    expect(addedMy.json(), addedMy.body).toMatchObject({ success: true });
    const again = await post(DB_PATHS.add, 'zhangwei', configOf(pgDb, pgName()));
    expect(again.json()).toMatchObject({ success: false, err_msg: '数据库连接名称已存在' });

    const [row] = await t.deps.db.select().from(dbConnections).where(eq(dbConnections.dbName, pgName()));
    expect(row.dbPwdEnc).toMatch(/^v1:/);
    expect(row.dbPwdEnc).not.toContain(pgDb.password);
    const keyFile = path.join(t.config.dataDir, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const list = await get(DB_PATHS.list, 'zhangwei');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(pgDb.password);
    expect(list.body).not.toContain('db_pwd');
    const shown = list.json().data.find((c: { db_name: string }) => c.db_name === pgName());
    expect(shown).toMatchObject({ db_type: 'postgresql', db_port: String(pgDb.port), has_password: true, allowed_tables: 'orders,customers', secrecy: 'internal' });
    // One date-time format on the wire (spec §9): the server's zone, as documents answer it, not ISO UTC.
    expect(shown.gmt_created).toBe(formatDateTime(row.createdAt));
    expect(shown.gmt_modified).toBe(formatDateTime(row.updatedAt));
  });

  it('tests a connection and says whether the account can write; the password is in no log line', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    const pgTest = await post(DB_PATHS.testConnect, 'demo', configOf(pgDb, pgName()));
    expect(pgTest.json(), pgTest.body).toMatchObject({ success: true, data: { can_write: true, tables: 2 } });
    expect(pgTest.json().data.message).toContain('建议改用只读账号');
    // MariaDB checks passwords (this machine's PostgreSQL trusts local connections): an empty one uses the stored one.
    const myTest = await post(DB_PATHS.testConnect, 'demo', configOf(myDb, myName(), { db_pwd: '' }));
    expect(myTest.json(), myTest.body).toMatchObject({ success: true, data: { can_write: true, tables: 2 } });
    const wrong = await post(DB_PATHS.testConnect, 'zhangwei', configOf(myDb, myName(), { db_pwd: 'wrong-password' }));
    expect(wrong.json()).toMatchObject({ success: false, err_msg: '连接失败：用户名或密码错误' });
    // A stored password never goes to another server or account: there an empty password stays empty.
    const elsewhere = await post(DB_PATHS.testConnect, 'zhangwei', configOf(myDb, myName(), { db_pwd: '', db_port: 3307 }));
    expect(elsewhere.json().success).toBe(false);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(pgDb.password);
      expect(line).not.toContain(myDb.password);
    }
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'db-test'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain(pgDb.password);
  });

  it('edits without a password keeps it; a new host or account needs a new password', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const edited = await post(DB_PATHS.edit, 'zhangwei', configOf(pgDb, pgName(), { db_pwd: '', comment: '改过的说明', secrecy: 'internal' }));
    expect(edited.json(), edited.body).toMatchObject({ success: true });
    const run = await post(DB_PATHS.sqlRun, 'zhangwei', { db_name: pgName(), sql: 'SELECT count(*) AS n FROM orders' });
    expect(run.json(), run.body).toMatchObject({ success: true, data: { data: [{ n: ORDER_ROWS }] } });
    const moved = await post(DB_PATHS.edit, 'zhangwei', configOf(pgDb, pgName(), { db_pwd: '', db_host: 'db.example.com' }));
    expect(moved.json()).toMatchObject({ success: false, err_msg: '主机、端口、用户名或类型已更改，请重新填写密码' });
    expect((await post(DB_PATHS.edit, 'demo', configOf(pgDb, pgName(), { db_pwd: '' }))).statusCode).toBe(403);
  });

  it('only users whose clearance and roles reach a connection list, test or use it, even by name', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    const [dev] = await t.deps.db.select().from(roles).where(eq(roles.name, '研发人员'));
    const secret = `${pgName()}_top`;
    const roleOnly = `${pgName()}_rd`;
    expect((await post(DB_PATHS.add, 'zhangwei', configOf(myDb, secret, { secrecy: 'confidential' }))).json().success).toBe(true);
    expect((await post(DB_PATHS.add, 'zhangwei', configOf(pgDb, roleOnly, { secrecy: 'public', review_role: String(dev.id) }))).json().success).toBe(true);
    const names = async (user: string) => (await get(DB_PATHS.list, user)).json().data.map((c: { db_name: string }) => c.db_name);
    expect(await names('zhangwei')).toEqual(expect.arrayContaining([pgName(), secret, roleOnly]));
    // demo: 秘密 clearance, 研发人员.
    expect(await names('demo')).toEqual(expect.arrayContaining([pgName(), roleOnly]));
    expect(await names('demo')).not.toContain(secret);
    // lina: 公开, 市场人员, no /sqlBase at all.
    expect((await get(DB_PATHS.list, 'lina')).statusCode).toBe(403);
    // By name: 404 as if it did not exist.
    const run = await post(DB_PATHS.sqlRun, 'demo', { db_name: secret, sql: 'SELECT 1' });
    expect(run.json()).toMatchObject({ success: false, err_msg: '数据库连接不存在或您无权使用' });
    const runLina = await post(DB_PATHS.sqlRun, 'lina', { db_name: pgName(), sql: 'SELECT 1' });
    expect(runLina.json()).toMatchObject({ success: false, err_msg: '数据库连接不存在或您无权使用' });
    const runStaff = await post(DB_PATHS.sqlRun, 'staff', { db_name: roleOnly, sql: 'SELECT 1' });
    expect(runStaff.json()).toMatchObject({ success: false, err_msg: '数据库连接不存在或您无权使用' });
    // A test by name with an empty password does not borrow the stored one of a connection the user may not use.
    const probe = await post(DB_PATHS.testConnect, 'demo', configOf(myDb, secret, { db_pwd: '' }));
    expect(probe.json()).toMatchObject({ success: false, err_msg: '连接失败：用户名或密码错误' });
    const del = await post(`${DB_PATHS.remove}?db_name=${encodeURIComponent(secret)}`, 'demo');
    expect(del.statusCode).toBe(403);
    const delOk = await post(`${DB_PATHS.remove}?db_name=${encodeURIComponent(secret)}`, 'zhangwei');
    expect(delOk.json()).toMatchObject({ success: true, data: true });
    expect(await names('zhangwei')).not.toContain(secret);
  });

  it('refuses loopback without OUTBOUND_ALLOW', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const strict = await createTestApp({ config: { dbChatTimeoutMs: 1500 } });
    try {
      const token = await signIn(strict.app, 'zhangwei', TEST_DEMO_PASSWORD);
      for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '127.1', '[::ffff:127.0.0.1]', '169.254.169.254', '0.0.0.0']) {
        const res = await strict.app.inject({ method: 'POST', url: DB_PATHS.testConnect, headers: bearer(token), payload: configOf(pgDb, 'x', { db_host: host }) });
        expect(res.json().success, host).toBe(false);
        expect(res.json().err_msg, host).toMatch(/不允许连接该地址|主机地址格式不正确|无法解析主机地址/);
      }
    } finally {
      await strict.close();
    }
  });
});

async function corpus(db: ExternalDb | null, name: () => string, attempts: Attempt[]) {
  if (!db) return;
  const before = await db.checksum();
  const refused: string[] = [];
  for (const attempt of attempts) {
    const res = await post(DB_PATHS.sqlRun, 'zhangwei', { db_name: name(), sql: attempt.sql });
    const body = res.json();
    expect(res.statusCode, attempt.sql).toBe(body.success ? 200 : 400);
    if (!attempt.harmless) expect(body.success, `${attempt.sql} → ${res.body}`).toBe(false);
    if (!body.success) {
      refused.push(attempt.sql);
      // Chinese, and no driver internals (no English error text, no stack).
      expect(body.err_msg, attempt.sql).toMatch(/^[^a-z]*[\u4e00-\u9fa5]/);
      expect(body.err_msg).not.toMatch(/ERROR:|at .*\.js|syntax error at or near|You have an error in your SQL|Expected /);
    }
    expect(res.body, attempt.sql).not.toContain(SECRET_MARK);
  }
  expect(await db.checksum()).toBe(before);
  for (const file of ['/tmp/kbchat-pwned', '/tmp/kbchat-orders.csv', '/tmp/kbchat-orders.txt', '/tmp/kbchat-orders2.txt', '/tmp/kbchat-dump']) {
    expect(fs.existsSync(file), file).toBe(false);
  }
  const audited = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'db-query'));
  expect(audited.filter((a) => a.target === name() && a.result === 'failure').length).toBeGreaterThanOrEqual(refused.length);
  return refused.length;
}

describe('the four gates against the attack corpus (read-write account)', () => {
  it('PostgreSQL: every attempt refused or harmless; tables unchanged', async (ctx) => {
    if (!pgDb) return ctx.skip();
    expect(PG_CORPUS.length).toBeGreaterThanOrEqual(60);
    const refused = await corpus(pgDb, pgName, PG_CORPUS);
    expect(refused).toBeGreaterThanOrEqual(60);
  }, 120_000);

  it('MariaDB: every attempt refused or harmless; tables unchanged', async (ctx) => {
    if (!myDb) return ctx.skip();
    expect(MYSQL_CORPUS.length).toBeGreaterThanOrEqual(50);
    await corpus(myDb, myName, MYSQL_CORPUS);
  }, 120_000);

  it('cuts long queries off by the database timeout and caps rows', async (ctx) => {
    if (!pgDb || !myDb) return ctx.skip();
    for (const [name, sql] of [
      [pgName(), 'SELECT count(*) FROM orders a, orders b, orders c'],
      [myName(), 'SELECT count(*) FROM orders a, orders b, orders c'],
    ]) {
      const started = Date.now();
      const res = await post(DB_PATHS.sqlRun, 'zhangwei', { db_name: name, sql });
      expect(res.json(), res.body).toMatchObject({ success: false, err_msg: '查询超时，已被数据库终止' });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    for (const name of [pgName(), myName()]) {
      const res = await post(DB_PATHS.sqlRun, 'zhangwei', { db_name: name, sql: 'SELECT * FROM orders' });
      const body = res.json();
      expect(body.success, res.body.slice(0, 300)).toBe(true);
      expect(body.data.data).toHaveLength(1000);
      expect(body.data.truncated).toBe(true);
    }
    // The editor's stream: PostgreSQL's cursor batches and MariaDB's row stream arrive as separate frames, capped.
    for (const name of [pgName(), myName()]) {
      const res = await t.app.inject({
        method: 'POST', url: DB_PATHS.sqlRun, headers: { ...bearer(tokens.zhangwei), accept: SQL_RUN_STREAM_TYPE }, payload: { db_name: name, sql: 'SELECT * FROM orders' },
      });
      const frames = res.body.trim().split('\n').map((line) => JSON.parse(line) as SqlRunFrame);
      const batches = frames.filter((f) => f.type === 'rows');
      expect(batches.length, name).toBeGreaterThan(1);
      expect(batches.flatMap((b) => (b.type === 'rows' ? b.rows : []))).toHaveLength(1000);
      expect(frames.at(-1)).toMatchObject({ type: 'end', rows: 1000, truncated: true });
    }
    // Nothing keeps running on the server after the answer (PostgreSQL: no active statement of the account).
    const active = await pgDb.admin(`select count(*)::int n from pg_stat_activity where usename = '${pgDb.user}' and state = 'active'`);
    expect(active).toEqual([{ n: 0 }]);
  }, 60_000);
});
