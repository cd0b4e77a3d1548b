// The gate and the database must read a statement the same way (D86). For each dialect's whole attack corpus, with
// every comment and quoting form among it: the hostile statements are refused by the gate; for the ones let through,
// the tables the server's own plan reads (EXPLAIN on the real PostgreSQL, MariaDB, SQLite and DuckDB) are among the
// tables the gate checked, and the string literals the server returns are the ones the gate's lexer read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMyDatabase, createPgDatabase, externalOrSkip } from '../test-support/external-dbs';
import { createDuckDbFile, createSqliteFile } from '../test-support/file-dbs';
import { DUCKDB_CORPUS, MYSQL_CORPUS, PG_CORPUS, SQLITE_CORPUS, type Attempt } from './corpus';
import type { DbSession } from './driver-types';
import { openSession } from './drivers';
import { gate, visibleSchemaOf } from './execute';
import { lexSql } from './gate-lex';

const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-differential-'));
const config = { ...loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', DATA_DIR: '/tmp/kb-gates-unused', DB_FILE_DIR: fileDir }), dbChatTimeoutMs: 5000 };
const limits = { timeoutMs: 5000, maxRows: 1000, maxBytes: 1 << 20 };
const sessions = new Map<string, DbSession>();
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  for (const [create, name] of [[createPgDatabase, 'PostgreSQL'], [createMyDatabase, 'MariaDB']] as const) {
    const db = await externalOrSkip(create, name);
    if (!db) continue;
    sessions.set(db.kind === 'postgresql' ? 'postgresql' : 'mysql', await openSession(config, {
      dbType: db.kind, dbName: db.database, dbHost: db.host, dbPort: db.port, dbUser: db.user, dbPwd: db.password, dbPath: '',
    }));
    drops.push(() => db.drop());
  }
  createSqliteFile(fileDir);
  await createDuckDbFile(fileDir);
  for (const [kind, file] of [['sqlite', 'shop.sqlite'], ['duckdb', 'shop.duckdb']] as const) {
    sessions.set(kind, await openSession(config, { dbType: kind, dbName: kind, dbHost: '', dbPort: 0, dbUser: '', dbPwd: '', dbPath: file }));
  }
}, 60_000);
afterAll(async () => {
  for (const session of sessions.values()) await session.close();
  for (const drop of drops) await drop();
  fs.rmSync(fileDir, { recursive: true, force: true });
});

const bare = (name: string) => (name.split('.').pop() as string).replace(/"/g, '').toLowerCase();

/** The tables the server's own plan reads, by its EXPLAIN. */
async function serverTables(kind: string, session: DbSession, sql: string): Promise<string[]> {
  if (kind === 'postgresql') {
    const { rows } = await session.run(`EXPLAIN (FORMAT JSON) ${sql}`, limits);
    const names: string[] = [];
    JSON.stringify(rows[0]['QUERY PLAN'], (key, value) => (key === 'Relation Name' && names.push(value), value));
    return names;
  }
  if (kind === 'mysql') {
    const { rows } = await session.run(`EXPLAIN ${sql}`, limits);
    return rows.map((r) => String(r.table ?? '')).filter((t) => t && !t.startsWith('<'));
  }
  if (kind === 'sqlite') {
    // OpenRead names a b-tree by its root page: the table's own or one of its indexes'.
    const { rows: plan } = await session.run(`EXPLAIN ${sql}`, limits);
    const { rows: master } = await session.run('SELECT rootpage, tbl_name FROM sqlite_master', limits);
    const byPage = new Map(master.map((m) => [Number(m.rootpage), String(m.tbl_name)]));
    return plan.filter((p) => p.opcode === 'OpenRead').map((p) => byPage.get(Number(p.p2)) ?? `page ${String(p.p2)}`);
  }
  // DuckDB: the binder's plan before the optimizer (which answers count(*) from statistics and proves results empty
  // without naming a table), from the file opened read-only apart from the driver (which runs SELECTs only).
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path.join(fileDir, 'shop.duckdb'), { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    await connection.run("SET explain_output = 'all'");
    const rows = (await connection.runAndReadAll(`EXPLAIN ${sql}`)).getRowObjects().filter((r) => r.explain_key === 'logical_plan');
    return [...rows.map((r) => String(r.explain_value)).join('\n').matchAll(/Table:[\s│]*([\w.]+)/g)].map((m) => m[1]);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const corpora: [string, Attempt[]][] = [['postgresql', PG_CORPUS], ['mysql', MYSQL_CORPUS], ['sqlite', SQLITE_CORPUS], ['duckdb', DUCKDB_CORPUS]];

describe.each(corpora)('%s: the attack corpus with every comment and quoting form', (kind, corpus) => {
  it('the gate refuses every hostile statement, with a Chinese reason', async (ctx) => {
    const session = sessions.get(kind);
    if (!session) return ctx.skip();
    const schema = visibleSchemaOf(session, (await session.tables()).filter((t) => t.name !== 'salaries'));
    for (const attempt of corpus.filter((a) => !a.harmless)) {
      const verdict = await gate(session, attempt.sql, schema);
      expect(verdict.ok, JSON.stringify(attempt.sql)).toBe(false);
      expect(verdict.ok ? '' : verdict.reason, attempt.sql).toMatch(/^[^a-z]*[\u4e00-\u9fa5]/);
    }
  }, 60_000);

  it('lets the harmless forms through, read the same by the gate and by the server', async (ctx) => {
    const session = sessions.get(kind);
    if (!session) return ctx.skip();
    const schema = visibleSchemaOf(session, (await session.tables()).filter((t) => t.name !== 'salaries'));
    for (const attempt of corpus.filter((a) => a.harmless)) {
      const verdict = await gate(session, attempt.sql, schema);
      if (!verdict.ok) throw new Error(`${attempt.sql}: ${verdict.reason}`);
      const read = await serverTables(kind, session, attempt.sql);
      const gated = new Set(verdict.tables.map(bare));
      // Not vacuous: a statement naming a table has a plan reading it, unless the server proved the result empty.
      if (gated.size && !read.length) expect((await session.run(attempt.sql, limits)).rows, `${attempt.sql}: no table in the plan`).toEqual([]);
      for (const table of read) expect(gated.has(bare(table)), `${attempt.sql}: the server reads ${table}`).toBe(true);
      const lexed = lexSql(attempt.sql, session.dialect);
      if (!lexed.ok) throw new Error(lexed.reason);
      if (lexed.tokens.some((t) => t.kind === 'word' && /^from$/i.test(t.text))) continue;
      // A SELECT of literals: the strings the server returns are the literals the lexer read, in order.
      const { rows } = await session.run(attempt.sql, limits);
      const returned = Object.values(rows[0]).filter((v) => typeof v === 'string');
      expect(returned, attempt.sql).toEqual(lexed.tokens.filter((t) => t.kind === 'string').map((t) => t.value));
    }
  }, 60_000);
});

describe('the hole the lexical gate closes (issue 26 item 1)', () => {
  it('refuses control characters (a NUL ends the text for some readers) in every dialect, whatever path the text came by', () => {
    for (const dialect of ['postgresql', 'mysql', 'mariadb', 'sqlite', 'duckdb'] as const) {
      for (const c of ['\u0000', '\u000b', '\u001a', '\u007f']) {
        expect(lexSql(`SELECT id FROM orders WHERE id = 1${c} UNION SELECT note FROM salaries`, dialect), dialect).toMatchObject({ ok: false, reason: expect.stringMatching(/控制字符/) });
      }
    }
  });

  it('MariaDB reads `--1` as two minus signs: its plan reads the hidden table that node-sql-parser took for a comment', async (ctx) => {
    const session = sessions.get('mysql');
    if (!session) return ctx.skip();
    const sql = 'SELECT id FROM orders WHERE id = 1 --1 UNION SELECT note FROM salaries';
    expect(await serverTables('mysql', session, sql)).toContain('salaries');
    const schema = visibleSchemaOf(session, (await session.tables()).filter((t) => t.name !== 'salaries'));
    expect(await gate(session, sql, schema)).toMatchObject({ ok: false, reason: expect.stringMatching(/--/) });
  });

  it('pins sql_mode at connect, so `"` quotes a string and a backslash means what the gate assumes', async (ctx) => {
    const session = sessions.get('mysql');
    if (!session) return ctx.skip();
    const { rows } = await session.run('SELECT @@SESSION.sql_mode AS m', limits);
    const modes = String(rows[0].m).split(',');
    expect(modes).toEqual(['STRICT_TRANS_TABLES', 'ERROR_FOR_DIVISION_BY_ZERO', 'NO_ENGINE_SUBSTITUTION']);
    expect(modes).not.toContain('ANSI_QUOTES');
  });
});
