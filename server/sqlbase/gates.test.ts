// Each gate on its own, with the others out of the way: (1) the read-only transaction stops a write the parser
// never saw; (2) the protocol refuses a second statement; (3) the parser walk refuses what is not a plain read;
// (4) the table and column check refuses what the user may not see although it parses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMyDatabase, createPgDatabase, externalOrSkip } from '../test-support/external-dbs';
import { createDuckDbFile, createSqliteFile, dirChecksum } from '../test-support/file-dbs';
import { DUCKDB_FILE_OPTIONS } from './driver-duckdb';
import type { DbSession } from './driver-types';
import { openSession } from './drivers';
import { gateDuckDb } from './gate-duckdb';
import { gateMySql } from './gate-mysql';
import { gatePostgres } from './gate-pg';

const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-gates-files-'));
const config = { ...loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', DATA_DIR: '/tmp/kb-gates-unused', DB_FILE_DIR: fileDir }), dbChatTimeoutMs: 2000 };
const limits = { timeoutMs: 2000, maxRows: 100, maxBytes: 1 << 20 };
/** Every kind of connection, with the proof that nothing changed (tables' checksums; the file directory's bytes). */
const dbs: { db: { kind: string; checksum(): Promise<string> }; session: DbSession; drop(): Promise<void> }[] = [];

beforeAll(async () => {
  for (const [create, name] of [[createPgDatabase, 'PostgreSQL'], [createMyDatabase, 'MariaDB']] as const) {
    const db = await externalOrSkip(create, name);
    if (!db) continue;
    const session = await openSession(config, { dbType: db.kind, dbName: db.database, dbHost: db.host, dbPort: db.port, dbUser: db.user, dbPwd: db.password, dbPath: '' });
    dbs.push({ db, session, drop: () => db.drop() });
  }
  createSqliteFile(fileDir);
  await createDuckDbFile(fileDir);
  for (const [kind, file] of [['sqlite', 'shop.sqlite'], ['duckdb', 'shop.duckdb']] as const) {
    const session = await openSession(config, { dbType: kind, dbName: kind, dbHost: '', dbPort: 0, dbUser: '', dbPwd: '', dbPath: file });
    dbs.push({ db: { kind, checksum: async () => dirChecksum(fileDir) }, session, drop: async () => undefined });
  }
}, 60_000);
afterAll(async () => {
  for (const { session, drop } of dbs) {
    await session.close();
    await drop();
  }
  fs.rmSync(fileDir, { recursive: true, force: true });
});

describe('gate 1: the read-only transaction, without the parser', () => {
  it('refuses writes by a read-write account', async () => {
    for (const { db, session } of dbs) {
      const before = await db.checksum();
      for (const sql of ['DELETE FROM orders', 'UPDATE orders SET amount = 0', 'INSERT INTO customers (id, name) VALUES (999, \'x\')', 'CREATE TABLE t2 (x int)']) {
        await expect(session.run(sql, limits), `${db.kind}: ${sql}`).rejects.toThrow(/^查询被拒绝：只|^查询失败/);
      }
      expect(await db.checksum()).toBe(before);
    }
  });

  it('SQLite and DuckDB files: no ATTACH, no file readers or writers, no extensions, no settings — without the parser', async () => {
    const files = dbs.filter((d) => d.session.fileDb);
    expect(files.map((d) => d.db.kind)).toEqual(['sqlite', 'duckdb']);
    const before = dirChecksum(fileDir);
    const attempts: Record<string, string[]> = {
      sqlite: [`ATTACH DATABASE '${fileDir}/new.db' AS x`, "ATTACH DATABASE '/tmp/kbchat-attach.db' AS x", 'PRAGMA query_only = OFF', 'PRAGMA writable_schema = ON',
        "SELECT load_extension('/tmp/kbchat-ext.so')", `VACUUM INTO '${fileDir}/copy.db'`, 'BEGIN IMMEDIATE', 'CREATE TEMP TABLE t (x int)'],
      duckdb: [`ATTACH '${fileDir}/new.duckdb' AS x`, "SELECT * FROM read_text('/etc/passwd')", "SELECT * FROM read_csv('/etc/passwd')", `COPY orders TO '${fileDir}/o.csv'`,
        'INSTALL httpfs', 'LOAD httpfs', 'SET enable_external_access = true', 'SET lock_configuration = false', `EXPORT DATABASE '${fileDir}/export'`,
        "SELECT * FROM '/etc/passwd'", 'CREATE TEMP TABLE t (x int)'],
    };
    for (const { db, session } of files) {
      for (const sql of attempts[db.kind]) {
        await expect(session.run(sql, limits), `${db.kind}: ${sql}`).rejects.toThrow(/^查询(被拒绝|失败)/);
      }
      // Still usable, and still read-only, after the refusals.
      await expect(session.run('SELECT count(*) AS n FROM orders', limits)).resolves.toMatchObject({ rows: [{ n: 3000 }] });
    }
    expect(dirChecksum(fileDir)).toBe(before);
    expect(fs.existsSync('/tmp/kbchat-attach.db')).toBe(false);
  });

  it('DuckDB: the file options alone (no statement-type check) refuse writes, file access and setting changes', async () => {
    const before = dirChecksum(fileDir);
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(path.join(fileDir, 'shop.duckdb'), DUCKDB_FILE_OPTIONS);
    const connection = await instance.connect();
    try {
      for (const sql of ['DELETE FROM orders', 'CREATE TABLE t (x int)', `COPY orders TO '${fileDir}/o.csv'`, "SELECT * FROM read_text('/etc/passwd')",
        `ATTACH '${fileDir}/new.duckdb' AS x`, 'SET enable_external_access = true', 'SET access_mode = \'READ_WRITE\'', 'LOAD httpfs']) {
        await expect(connection.run(sql), sql).rejects.toThrow(/read-only|Permission|disabled|locked|Cannot change/i);
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    expect(dirChecksum(fileDir)).toBe(before);
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

const fileSchema = { defaultSchema: 'main', tables: new Map([['orders', new Set(['id', 'region', 'amount'])]]), foldCase: true };
const duckSchema = { defaultSchema: 'main', tables: new Map([['main.orders', new Set(['id', 'region', 'amount'])]]), foldCase: true };

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
    for (const sql of ["SELECT load_extension('x')", "ATTACH 'x.db' AS x", 'PRAGMA query_only = OFF', 'SELECT * FROM pragma_table_info(\'orders\')',
      "SELECT readfile('/etc/passwd')", 'VACUUM', 'SELECT 1; SELECT 2', 'SELECT randomblob(10)']) {
      expect(gateMySql(sql, fileSchema, 'sqlite').ok, sql).toBe(false);
    }
    for (const sql of ["SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM read_text('x')", "COPY orders TO 'x.csv'", "ATTACH 'x' AS y", 'INSTALL httpfs',
      'LOAD httpfs', 'SET threads = 4', 'PRAGMA database_list', 'SELECT * FROM duckdb_settings()', "SELECT getenv('HOME')", "SELECT * FROM query('select 1')",
      'SELECT list_transform([1], x -> x + 1)', 'SELECT COLUMNS(*) FROM orders', 'SELECT 1; SELECT 2', 'PIVOT orders ON region USING sum(amount)', 'SELECT $1']) {
      expect((await gateDuckDb(sql, duckSchema)).ok, sql).toBe(false);
    }
    expect(gateMySql('SELECT region, count(*) FROM orders GROUP BY region', fileSchema, 'sqlite')).toEqual({ ok: true, tables: ['orders'] });
    expect(await gateDuckDb('SELECT region, count(*) FROM orders GROUP BY region ORDER BY 2 DESC LIMIT 5', duckSchema)).toEqual({ ok: true, tables: ['main.orders'] });
    expect((await gateDuckDb('WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r', duckSchema)).ok).toBe(true);
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
    for (const sql of ['SELECT * FROM salaries', 'SELECT * FROM sqlite_master', 'SELECT * FROM temp.orders', 'SELECT rowid FROM orders', 'SELECT * FROM dbstat',
      'WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries']) {
      expect(gateMySql(sql, fileSchema, 'sqlite').ok, sql).toBe(false);
    }
    for (const sql of ['SELECT * FROM salaries', 'SELECT * FROM main.salaries', 'SELECT * FROM shop.main.orders', 'SELECT * FROM system.main.orders',
      'SELECT * FROM duckdb_tables', 'SELECT * FROM information_schema.tables', 'SELECT rowid FROM orders', 'SELECT (SELECT max(id) FROM salaries) FROM orders',
      'WITH salaries AS (SELECT * FROM salaries) SELECT * FROM salaries', 'FROM salaries']) {
      expect((await gateDuckDb(sql, duckSchema)).ok, sql).toBe(false);
    }
    expect((await gateDuckDb('SELECT o.id FROM main.orders o', duckSchema)).ok).toBe(true);
    // Parses at once each get their own statement's tree (one parser connection, one parse at a time).
    const mixed = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'SELECT * FROM salaries' : 'SELECT id FROM orders'));
    const verdicts = await Promise.all(mixed.map((sql) => gateDuckDb(sql, duckSchema)));
    expect(verdicts.map((v) => v.ok)).toEqual(mixed.map((_, i) => i % 2 === 0));
    // SQLite and DuckDB names match whatever their case, hidden ones too.
    expect(gateMySql('SELECT ID FROM Orders', fileSchema, 'sqlite').ok).toBe(true);
    expect((await gateDuckDb('SELECT ID FROM MAIN.Orders', duckSchema)).ok).toBe(true);
    expect(gateMySql('SELECT * FROM SALARIES', fileSchema, 'sqlite').ok).toBe(false);
    expect((await gateDuckDb('SELECT * FROM Salaries', duckSchema)).ok).toBe(false);
    expect(gateMySql('SELECT * FROM Orders', mySchema, 'mysql').ok).toBe(false);
  });
});
