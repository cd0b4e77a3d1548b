// Each gate on its own, with the others out of the way: (1) the read-only transaction stops a write the parser
// never saw; (2) the protocol refuses a second statement; (3) the parser walk refuses what is not a plain read;
// (4) the table and column check refuses what the user may not see although it parses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMyDatabase, createPgDatabase, externalOrSkip, type ExternalDb } from '../test-support/external-dbs';
import { openSession, type DbSession } from './drivers';
import { gateMySql } from './gate-mysql';
import { gatePostgres } from './gate-pg';

const config = { ...loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', DATA_DIR: '/tmp/kb-gates-unused' }), dbChatTimeoutMs: 2000 };
const limits = { timeoutMs: 2000, maxRows: 100, maxBytes: 1 << 20 };
const dbs: { db: ExternalDb; session: DbSession }[] = [];

beforeAll(async () => {
  for (const [create, name] of [[createPgDatabase, 'PostgreSQL'], [createMyDatabase, 'MariaDB']] as const) {
    const db = await externalOrSkip(create, name);
    if (!db) continue;
    const session = await openSession(config, { dbType: db.kind, dbName: db.database, dbHost: db.host, dbPort: db.port, dbUser: db.user, dbPwd: db.password, dbPath: '' });
    dbs.push({ db, session });
  }
}, 60_000);
afterAll(async () => {
  for (const { db, session } of dbs) {
    await session.close();
    await db.drop();
  }
});

describe('gate 1: the read-only transaction, without the parser', () => {
  it('refuses writes by a read-write account', async () => {
    for (const { db, session } of dbs) {
      const before = await db.checksum();
      for (const sql of ['DELETE FROM orders', 'UPDATE orders SET amount = 0', 'INSERT INTO customers (id, name) VALUES (999, \'x\')', 'CREATE TABLE t2 (x int)']) {
        await expect(session.run(sql, limits), `${db.kind}: ${sql}`).rejects.toThrow(/查询被拒绝：只读事务中不能写入|查询失败/);
      }
      expect(await db.checksum()).toBe(before);
    }
  });
});

describe('gate 2: one statement per execution, by protocol', () => {
  it('refuses a second statement, without the parser', async () => {
    for (const { db, session } of dbs) {
      const before = await db.checksum();
      for (const sql of ['SELECT 1; DELETE FROM orders', 'SELECT 1; COMMIT; DELETE FROM orders', 'SELECT 1;\nDROP TABLE salaries']) {
        await expect(session.run(sql, limits), `${db.kind}: ${sql}`).rejects.toThrow(/查询失败/);
      }
      expect(await db.checksum()).toBe(before);
    }
  });
});

const pgSchema = { defaultSchema: 'public', tables: new Map([['public.orders', new Set(['id', 'region', 'amount'])]]) };
const mySchema = { defaultSchema: 'shop', tables: new Map([['orders', new Set(['id', 'region', 'amount'])]]) };

describe('gate 3: the dialect parser and the allow-list walk, without a database', () => {
  it('refuses every statement that is not a plain read, and functions outside the allow-list', async () => {
    for (const sql of ['DELETE FROM orders', 'WITH d AS (DELETE FROM orders RETURNING *) SELECT 1', 'SELECT * INTO x FROM orders', 'SELECT * FROM orders FOR UPDATE',
      "SELECT pg_read_file('/etc/passwd')", 'SELECT pg_sleep(1)', "SELECT * FROM dblink('', '')", 'SELECT 1 +* 2', "SELECT 'x'::regclass", 'SELECT OPERATOR(pg_catalog.+)(1, 2)']) {
      expect((await gatePostgres(sql, pgSchema)).ok, sql).toBe(false);
    }
    for (const sql of ['DELETE FROM orders', "SELECT * FROM orders INTO OUTFILE '/tmp/x'", 'SELECT * FROM orders FOR UPDATE', "SELECT LOAD_FILE('/etc/passwd')",
      'SELECT SLEEP(1)', "SELECT BENCHMARK(1, 'a')", 'SELECT /*! SLEEP(1) */ 1', 'SELECT @@datadir', 'SELECT 1 +* 2']) {
      expect(gateMySql(sql, mySchema, 'mariadb').ok, sql).toBe(false);
    }
    expect(gateMySql("SELECT load_extension('x')", mySchema, 'sqlite').ok).toBe(false);
    expect(await gatePostgres('SELECT region, count(*) FROM orders GROUP BY region', pgSchema)).toEqual({ ok: true, tables: ['public.orders'] });
    expect(gateMySql('SELECT region, COUNT(*) FROM orders GROUP BY region', mySchema, 'mysql')).toEqual({ ok: true, tables: ['orders'] });
  });
});

describe('gate 4: only the tables and columns the user may see', () => {
  it('refuses hidden tables, other schemas and databases, system columns, and scope tricks with WITH names', async () => {
    for (const sql of ['SELECT * FROM salaries', 'SELECT * FROM other.orders', 'SELECT * FROM db.public.orders', 'SELECT ctid FROM orders',
      'WITH a AS (SELECT * FROM salaries) SELECT * FROM a', 'WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries',
      'SELECT (SELECT max(id) FROM salaries) FROM orders']) {
      const verdict = await gatePostgres(sql, pgSchema);
      expect(verdict.ok, sql).toBe(false);
    }
    expect((await gatePostgres('WITH salaries AS (SELECT 1 AS n) SELECT n FROM salaries', pgSchema)).ok).toBe(true);
    for (const sql of ['SELECT * FROM salaries', 'SELECT * FROM mysql.user', 'SELECT * FROM other.orders', 'SELECT _rowid FROM orders',
      'WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries']) {
      expect(gateMySql(sql, mySchema, 'mysql').ok, sql).toBe(false);
    }
    expect(gateMySql('SELECT * FROM shop.orders', mySchema, 'mysql').ok).toBe(true);
  });
});
