// The byte cap holds while rows are read, row by row, on every driver: rows of about 1 MB against a cap of 4 MB
// keep the server's heap near the cap (not a whole batch of 150 rows in memory), PostgreSQL's portal produces no
// more than one row past the cap, and a MariaDB statement cut at the cap is gone from the server at once
// instead of running on into a socket nobody reads (D87).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMyDatabase, createPgDatabase, externalOrSkip, MY_HOST, MY_PORT, type ExternalDb } from '../test-support/external-dbs';
import { createDuckDbFile, createSqliteFile } from '../test-support/file-dbs';
import type { ConnSpec, DbSession, Limits } from './driver-types';
import { openSession } from './drivers';

const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-caps-files-'));
const config = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', DATA_DIR: '/tmp/kb-caps-unused', DB_FILE_DIR: fileDir });
const MB = 1_000_000;
const limits: Limits = { timeoutMs: 30_000, maxRows: 1000, maxBytes: 4 * 1024 * 1024 };
/** Rows of a capped result that may be kept in memory at most: the cap (4) and the one row that did not fit. */
const ROWS_PAST_CAP = 1;

let pgDb: ExternalDb | null = null;
let myDb: ExternalDb | null = null;

beforeAll(async () => {
  [pgDb, myDb] = await Promise.all([externalOrSkip(createPgDatabase, 'PostgreSQL'), externalOrSkip(createMyDatabase, 'MariaDB')]);
  await createDuckDbFile(fileDir);
  createSqliteFile(fileDir);
}, 60_000);
afterAll(async () => {
  await pgDb?.drop();
  await myDb?.drop();
  fs.rmSync(fileDir, { recursive: true, force: true });
});

const specOf = (db: ExternalDb): ConnSpec => ({
  dbType: db.kind, dbName: db.database, dbHost: db.host, dbPort: db.port, dbUser: db.user, dbPwd: db.password, dbPath: '',
});

/** Runs `sql` capped, sampling the heap whenever rows are handed on and at the end: the growth at its highest. */
async function heapGrowth(session: DbSession, sql: string) {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const result = await session.run(sql, limits, sample);
  sample();
  return { result, growthMb: (peak - base) / MB };
}

/** `heapGrowth` on a session of its own, closed afterwards. */
async function heapGrowthOn(spec: ConnSpec, sql: string) {
  const session = await openSession(config, spec);
  try {
    return await heapGrowth(session, sql);
  } finally {
    await session.close();
  }
}

describe('the byte cap is applied row by row', () => {
  it('PostgreSQL: the portal is not asked for rows past the cap and the heap stays near it', async (ctx) => {
    if (!pgDb) return ctx.skip();
    const session = await openSession(config, specOf(pgDb));
    try {
      // Each row the database produces takes an advisory lock: the locks count the rows it really produced.
      const { result, growthMb } = await heapGrowth(session,
        `SELECT i, repeat('x', ${MB}) AS pad, pg_try_advisory_lock(424200 + i) AS produced FROM generate_series(1, 150) i`);
      expect(result.truncated).toBe(true);
      expect(result.rows.length).toBe(4);
      const [{ n }] = await pgDb.admin(`select count(*)::int n from pg_locks where locktype = 'advisory'
        and database = (select oid from pg_database where datname = current_database())`) as { n: number }[];
      expect(n).toBeLessThanOrEqual(result.rows.length + ROWS_PAST_CAP);
      expect(growthMb).toBeLessThan(48);
    } finally {
      await session.close();
    }
  }, 60_000);

  it('MariaDB: the row stream stops at the first row over the cap and the heap stays near it', async (ctx) => {
    if (!myDb) return ctx.skip();
    const { result, growthMb } = await heapGrowthOn(specOf(myDb),
      `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 150) SELECT i, REPEAT('x', ${MB}) AS pad FROM s`);
    expect(result.truncated).toBe(true);
    expect(result.rows.length).toBe(4);
    expect(growthMb).toBeLessThan(48);
  }, 60_000);

  // DuckDB hands over chunks of up to 2,048 rows; SQLite's child process reads row by row and sends batches.
  for (const [kind, file, sql] of [
    ['duckdb', 'shop.duckdb', `SELECT i, repeat('x', ${MB}) AS pad FROM range(150) t(i)`],
    ['sqlite', 'shop.sqlite', `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 150) SELECT i, replace(hex(zeroblob(${MB / 2})), '0', 'x') AS pad FROM s`],
  ] as const) {
    it(`${kind}: large rows are turned into values only up to the cap`, async () => {
      const spec: ConnSpec = { dbType: kind, dbName: kind, dbHost: '', dbPort: 0, dbUser: '', dbPwd: '', dbPath: file };
      const { result, growthMb } = await heapGrowthOn(spec, sql);
      expect(result.truncated).toBe(true);
      expect(result.rows.length).toBe(4);
      expect(growthMb).toBeLessThan(48);
    }, 60_000);
  }
});

describe('a capped MariaDB statement ends on the server', () => {
  it('is gone from the process list as soon as the capped answer is back', async (ctx) => {
    if (!myDb) return ctx.skip();
    const marker = `kbcap_${randomBytes(4).toString('hex')}`;
    const session = await openSession(config, specOf(myDb));
    const root = await mysql.createConnection({ host: MY_HOST, port: MY_PORT, user: 'root' });
    try {
      const result = await session.run(`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 5000)
        SELECT '${marker}' AS m, i, REPEAT('x', ${MB}) AS pad FROM s`, limits);
      expect(result.truncated).toBe(true);
      expect(session.reusable()).toBe(false);
      const running = async () => {
        const [rows] = await root.query<mysql.RowDataPacket[]>(
          `SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE '%${marker}%' AND INFO NOT LIKE '%PROCESSLIST%'`);
        return rows.length;
      };
      const deadline = Date.now() + 2000;
      while ((await running()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await running()).toBe(0);
    } finally {
      await root.end();
      await session.close();
    }
  }, 60_000);
});
