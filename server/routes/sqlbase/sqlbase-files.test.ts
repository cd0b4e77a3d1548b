// SQLite and DuckDB file connections through the routes: only files inside DB_FILE_DIR (no way out by `..`, an
// absolute path or a symbolic link; none at all without the setting), opened read-only, the attack corpus refused
// or harmless with every file of the directory unchanged and nothing written elsewhere, timeouts and row caps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_PATHS, SQL_RUN_STREAM_TYPE, type SqlRunFrame } from '../../../contract/api';
import { auditLog } from '../../db/schema';
import { DUCKDB_CORPUS, SQLITE_CORPUS, type Attempt } from '../../sqlbase/corpus';
import { SECRET_MARK } from '../../test-support/external-dbs';
import { createDuckDbFile, createSqliteFile, dirChecksum } from '../../test-support/file-dbs';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let token = '';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-dbfiles-'));
const fileDir = path.join(root, 'dbfiles');
const outside = path.join(root, 'outside');
const WRITTEN = ['/tmp/kbchat-attach.db', '/tmp/kbchat-attach.duckdb', '/tmp/kbchat-vacuum.db', '/tmp/kbchat-orders.csv', '/tmp/kbchat-orders.txt', '/tmp/kbchat-export'];

beforeAll(async () => {
  fs.mkdirSync(fileDir);
  fs.mkdirSync(outside);
  createSqliteFile(fileDir);
  await createDuckDbFile(fileDir);
  createSqliteFile(outside, 'secret.sqlite');
  fs.symlinkSync(path.join(outside, 'secret.sqlite'), path.join(fileDir, 'link.sqlite'));
  fs.mkdirSync(path.join(fileDir, 'sub'));
  t = await createTestApp({ config: { dbFileDir: fileDir, dbChatTimeoutMs: 1500, dbChatMaxRows: 1000 } });
  token = await signIn(t.app, 'zhangwei', TEST_DEMO_PASSWORD);
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (url: string, body: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: body });
const fileConfig = (type: string, name: string, dbPath: string, extra: Record<string, unknown> = {}) => ({
  db_type: type, db_name: name, db_path: dbPath, comment: '文件库', secrecy: 'internal', allowed_tables: 'orders,customers', ...extra,
});

describe('file connections', () => {
  it('adds SQLite and DuckDB files inside DB_FILE_DIR; refuses every path that leads elsewhere', async () => {
    for (const [type, name, file] of [['sqlite', 'shop_sqlite', 'shop.sqlite'], ['duckdb', 'shop_duck', `${fileDir}/shop.duckdb`]]) {
      const added = await post(DB_PATHS.add, fileConfig(type, name, file, { db_host: 'ignored', db_pwd: 'ignored' }));
      expect(added.json(), added.body).toMatchObject({ success: true });
      const tested = await post(DB_PATHS.testConnect, fileConfig(type, name, file));
      expect(tested.json(), tested.body).toMatchObject({ success: true, data: { can_write: false, tables: 2 } });
      expect(tested.json().data.message).toContain('只读方式打开');
    }
    const list = (await t.app.inject({ method: 'GET', url: DB_PATHS.list, headers: bearer(token) })).json().data;
    expect(list.find((c: { db_name: string }) => c.db_name === 'shop_sqlite')).toMatchObject({ db_type: 'sqlite', db_path: 'shop.sqlite', db_host: '', has_password: false });
    for (const [dbPath, message] of [
      ['../outside/secret.sqlite', /必须位于/], [`${outside}/secret.sqlite`, /必须位于/], ['/etc/passwd', /必须位于/], [t.config.dataDir, /必须位于/],
      ['link.sqlite', /必须位于/], ['sub', /不是文件/], ['missing.sqlite', /不存在/], ['file:shop.sqlite?mode=rw', /格式不正确/], ['', /请填写/],
    ] as const) {
      const res = await post(DB_PATHS.testConnect, fileConfig('sqlite', 'probe', dbPath));
      expect(res.json().success, dbPath).toBe(false);
      expect(res.json().err_msg, dbPath).toMatch(message);
      expect(res.body, dbPath).not.toContain(outside);
    }
    // Stored paths are checked again at every use: a link planted later leads nowhere.
    const planted = await post(DB_PATHS.add, fileConfig('sqlite', 'planted', 'later.sqlite'));
    expect(planted.json().success).toBe(true);
    fs.symlinkSync(path.join(outside, 'secret.sqlite'), path.join(fileDir, 'later.sqlite'));
    const run = await post(DB_PATHS.sqlRun, { db_name: 'planted', sql: 'SELECT * FROM orders' });
    expect(run.json()).toMatchObject({ success: false });
    expect(run.json().err_msg).toMatch(/必须位于/);
    fs.unlinkSync(path.join(fileDir, 'later.sqlite'));
  });

  it('answers that file connections are closed where DB_FILE_DIR is not set', async () => {
    const closed = await createTestApp({});
    try {
      const tok = await signIn(closed.app, 'zhangwei', TEST_DEMO_PASSWORD);
      const res = await closed.app.inject({ method: 'POST', url: DB_PATHS.add, headers: bearer(tok), payload: fileConfig('sqlite', 'x', 'shop.sqlite') });
      expect(res.json()).toMatchObject({ success: false, err_msg: expect.stringContaining('DB_FILE_DIR') });
      const types = await closed.app.inject({ method: 'GET', url: DB_PATHS.supportType, headers: bearer(tok) });
      expect(types.json().data.map((x: { db_type: string }) => x.db_type)).toEqual(['postgresql', 'mysql']);
    } finally {
      await closed.close();
    }
  });
});

async function corpus(name: string, attempts: Attempt[]) {
  const before = dirChecksum(fileDir);
  let refused = 0;
  for (const attempt of attempts) {
    const res = await post(DB_PATHS.sqlRun, { db_name: name, sql: attempt.sql });
    const body = res.json();
    if (!attempt.harmless) expect(body.success, `${attempt.sql} → ${res.body.slice(0, 300)}`).toBe(false);
    else expect(body.success, `${attempt.sql} → ${res.body.slice(0, 300)}`).toBe(true);
    if (!body.success) {
      refused++;
      expect(body.err_msg, attempt.sql).toMatch(/^[^a-z]*[\u4e00-\u9fa5]/);
      expect(body.err_msg).not.toMatch(/Error:|at .*\.js|syntax error|not authorized|Permission/);
    }
    expect(res.body, attempt.sql).not.toContain(SECRET_MARK);
  }
  expect(dirChecksum(fileDir)).toBe(before);
  for (const file of WRITTEN) expect(fs.existsSync(file), file).toBe(false);
  const audited = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'db-query'));
  expect(audited.filter((a) => a.target === name && a.result === 'failure').length).toBeGreaterThanOrEqual(refused);
  return refused;
}

describe('the four gates on files against the attack corpus', () => {
  it('SQLite: every attempt refused or harmless; every file unchanged', async () => {
    expect(SQLITE_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(await corpus('shop_sqlite', SQLITE_CORPUS)).toBeGreaterThanOrEqual(56);
  }, 120_000);

  it('DuckDB: every attempt refused or harmless; every file unchanged', async () => {
    expect(DUCKDB_CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(await corpus('shop_duck', DUCKDB_CORPUS)).toBeGreaterThanOrEqual(60);
  }, 120_000);

  it('cuts long queries off at the timeout (the SQLite process is killed, DuckDB interrupted) and caps rows', async () => {
    for (const name of ['shop_sqlite', 'shop_duck']) {
      const started = Date.now();
      const res = await post(DB_PATHS.sqlRun, { db_name: name, sql: 'SELECT count(*) FROM orders a, orders b, orders c' });
      expect(res.json(), res.body).toMatchObject({ success: false, err_msg: expect.stringMatching(/^查询超时/) });
      expect(Date.now() - started).toBeLessThan(8000);
      const capped = await post(DB_PATHS.sqlRun, { db_name: name, sql: 'SELECT * FROM orders' });
      expect(capped.json().data.data).toHaveLength(1000);
      expect(capped.json().data.truncated).toBe(true);
      // The connection works again after the timeout.
      const after = await post(DB_PATHS.sqlRun, { db_name: name, sql: 'SELECT region, count(*) AS n FROM orders GROUP BY region ORDER BY region' });
      expect(after.json().data.data).toHaveLength(4);
    }
  }, 60_000);

  it('streams the editor rows as they are read with Accept: application/x-ndjson; refusals before any row stay JSON', async () => {
    const stream = (name: string, sql: string) => t.app.inject({
      method: 'POST', url: DB_PATHS.sqlRun, headers: { ...bearer(token), accept: SQL_RUN_STREAM_TYPE }, payload: { db_name: name, sql },
    });
    for (const name of ['shop_sqlite', 'shop_duck']) {
      const res = await stream(name, 'SELECT id, region FROM orders ORDER BY id');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain(SQL_RUN_STREAM_TYPE);
      const frames = res.body.trim().split('\n').map((line) => JSON.parse(line) as SqlRunFrame);
      expect(frames[0]).toEqual({ type: 'columns', columns: ['id', 'region'] });
      const batches = frames.filter((f): f is Extract<SqlRunFrame, { type: 'rows' }> => f.type === 'rows');
      expect(batches.flatMap((b) => b.rows)).toHaveLength(1000);
      expect(batches.flatMap((b) => b.rows)[999]).toEqual({ id: 1000, region: '华东' });
      expect(frames.at(-1)).toMatchObject({ type: 'end', rows: 1000, truncated: true });
      // SQLite's rows come in several batches (the first small, so the first row is shown at once).
      if (name === 'shop_sqlite') expect(batches.length).toBeGreaterThan(1);
      const empty = (await stream(name, "SELECT id FROM orders WHERE region = '无'")).body.trim().split('\n').map((l) => JSON.parse(l));
      expect(empty).toEqual([{ type: 'columns', columns: ['id'] }, expect.objectContaining({ type: 'end', rows: 0, truncated: false })]);
      const refused = await stream(name, 'DELETE FROM orders');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, err_msg: expect.stringMatching(/^查询被拒绝/) });
      const timeout = await stream(name, 'SELECT count(*) FROM orders a, orders b, orders c');
      expect(timeout.json()).toMatchObject({ success: false, err_msg: expect.stringMatching(/^查询超时/) });
    }
    const hidden = await t.app.inject({ method: 'POST', url: DB_PATHS.sqlRun, headers: { accept: SQL_RUN_STREAM_TYPE }, payload: { db_name: 'shop_duck', sql: 'SELECT 1' } });
    expect(hidden.statusCode).toBe(401);
  }, 60_000);
});
