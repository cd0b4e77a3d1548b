// MySQL and MariaDB for database chat: a read-only transaction, one statement per execution (no
// CLIENT_MULTI_STATEMENTS), LOCAL INFILE off in the handshake, rows capped as they arrive, and a capped statement
// ended with KILL CONNECTION from a second connection.
import type mysql from 'mysql2/promise';
import type { Config } from '../config';
import { toJsonSafe } from '../chat/excel/values';
import { CONNECT_TIMEOUT_MS, describe, numeric, type ConnSpec, type DbSession, type TableInfo } from './driver-types';
import { resolveOutbound } from './outbound';
import { Collector } from './rows';

const MYSQL_TYPES: Record<number, string> = {
  0: 'DECIMAL', 246: 'DECIMAL', 1: 'TINYINT', 2: 'SMALLINT', 3: 'INTEGER', 4: 'FLOAT', 5: 'DOUBLE', 8: 'BIGINT', 9: 'INTEGER',
  10: 'DATE', 7: 'TIMESTAMP', 12: 'TIMESTAMP', 13: 'SMALLINT', 16: 'BOOLEAN',
};

/** Rows of MySQL's row stream handed on together (a frame of the editor's stream). */
const FLUSH_ROWS = 200;
const KILL_CONNECT_TIMEOUT_MS = 3000;

/**
 * Ends a connection's statement and the connection itself from a second connection of the same account (an
 * account may always kill its own threads). Best effort: the statement timeout still ends it should this fail.
 */
async function killThread(driver: typeof mysql, address: string, spec: ConnSpec, threadId: number | null): Promise<void> {
  if (!threadId) return;
  const killer = await driver.createConnection({
    host: address, port: spec.dbPort || 3306, user: spec.dbUser, password: spec.dbPwd, connectTimeout: KILL_CONNECT_TIMEOUT_MS,
    multipleStatements: false, flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
  }).catch(() => null);
  if (!killer) return;
  killer.on('error', () => undefined);
  await killer.query(`KILL CONNECTION ${Math.floor(threadId)}`).catch(() => undefined);
  await killer.end().catch(() => killer.destroy());
}

export async function openMySql(config: Config, spec: ConnSpec): Promise<DbSession> {
  const address = await resolveOutbound(config.outboundAllow, spec.dbHost);
  let conn: mysql.Connection;
  const { default: mysqlDriver } = await import('mysql2/promise');
  try {
    conn = await mysqlDriver.createConnection({
      host: address, port: spec.dbPort || 3306, user: spec.dbUser, password: spec.dbPwd, database: spec.dbName,
      connectTimeout: CONNECT_TIMEOUT_MS, multipleStatements: false, dateStrings: true, supportBigNumbers: true, decimalNumbers: false,
      // LOCAL INFILE off in the handshake, and no stream for it should a server ask anyway.
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
      infileStreamFactory: () => {
        throw new Error('LOCAL INFILE is disabled');
      },
    });
  } catch (err) {
    throw describe(err, 'connect');
  }
  let dropped = false;
  conn.on('error', () => {
    dropped = true;
  });
  // The lexical rules the gate reads by (D86): no ANSI_QUOTES, no NO_BACKSLASH_ESCAPES, no ORACLE or PIPES_AS_CONCAT.
  await conn.query("SET SESSION sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'");
  await conn.query('SET SESSION TRANSACTION READ ONLY');
  const [[version]] = await conn.query<mysql.RowDataPacket[]>('SELECT VERSION() AS v');
  const mariadb = /mariadb/i.test(String(version?.v ?? ''));
  const dbName = spec.dbName;
  return {
    dialect: mariadb ? 'mariadb' : 'mysql',
    defaultSchema: dbName,
    async tables() {
      const [columns] = await conn.query<mysql.RowDataPacket[]>(`
        SELECT c.TABLE_NAME t, c.COLUMN_NAME c, c.COLUMN_TYPE type, c.COLUMN_COMMENT cc, t.TABLE_COMMENT tc
        FROM information_schema.COLUMNS c JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
        WHERE c.TABLE_SCHEMA = DATABASE() ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`);
      const [refs] = await conn.query<mysql.RowDataPacket[]>(`
        SELECT TABLE_NAME t, COLUMN_NAME c, REFERENCED_TABLE_NAME ft, REFERENCED_COLUMN_NAME fc FROM information_schema.KEY_COLUMN_USAGE
        WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL AND REFERENCED_TABLE_SCHEMA = DATABASE()`);
      const byKey = new Map<string, TableInfo>();
      for (const r of columns) {
        let table = byKey.get(r.t);
        if (!table) {
          table = { key: r.t, name: r.t, comment: r.tc ?? '', columns: [], refs: [] };
          byKey.set(r.t, table);
        }
        table.columns.push({ name: r.c, type: r.type, comment: r.cc ?? '' });
      }
      for (const r of refs) byKey.get(r.t)?.refs.push({ column: r.c, table: r.ft, refColumn: r.fc });
      return [...byKey.values()];
    },
    async canWrite() {
      const [grants] = await conn.query<mysql.RowDataPacket[]>('SHOW GRANTS');
      return grants.some((g) => /^GRANT\s+(.*?)\s+ON\s/i.test(String(Object.values(g)[0]))
        && /\b(ALL|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|FILE|SUPER|INDEX|EXECUTE)\b/i.test(/^GRANT\s+(.*?)\s+ON\s/i.exec(String(Object.values(g)[0]))?.[1] ?? ''));
    },
    async run(sql, limits, onRows) {
      const collector = new Collector(limits, onRows);
      let fields: { name: string; columnType: number }[] = [];
      /** The connection's thread id once the stream was cut at a cap. */
      let capped: number | null | undefined;
      try {
        // Enforced by the server: MariaDB's max_statement_time (seconds), MySQL's max_execution_time (ms).
        await conn.query(mariadb
          ? `SET SESSION max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`
          : `SET SESSION max_execution_time = ${Math.floor(limits.timeoutMs)}`);
        // Session-wide too: MySQL commits implicitly before DDL, which would end a read-only transaction; with the
        // session read-only the DDL itself is refused (ER 1792).
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        await conn.query('START TRANSACTION READ ONLY');
        const raw = (conn as unknown as { connection: { query(sql: string): NodeJS.EventEmitter; pause(): void; threadId: number | null } }).connection;
        await new Promise<void>((resolve, reject) => {
          let done = false;
          const q = raw.query(sql);
          q.on('fields', (f: { name: string; columnType: number }[]) => {
            fields = f ?? [];
            collector.columns = fields.map((x) => x.name);
          });
          // Each row is measured as it arrives: at the first one over a cap the stream stops (D87).
          q.on('result', (row: Record<string, unknown>) => {
            if (done) return;
            const out: Record<string, unknown> = {};
            for (const f of fields) {
              const type = MYSQL_TYPES[f.columnType] ?? 'VARCHAR';
              out[f.name] = toJsonSafe(/^(BIGINT|DECIMAL)$/.test(type) ? numeric(row[f.name]) : row[f.name], type);
            }
            if (collector.take(out)) {
              if (collector.rows.length % FLUSH_ROWS === 0) collector.flush();
              return;
            }
            // Enough rows: no more are parsed, and the statement is ended on the server below.
            done = true;
            capped = raw.threadId;
            raw.pause();
            collector.flush();
            resolve();
          });
          q.on('error', (err: Error) => {
            if (!done) {
              done = true;
              reject(err);
            }
          });
          q.on('end', () => {
            if (!done) {
              done = true;
              collector.flush();
              resolve();
            }
          });
        });
      } catch (err) {
        throw describe(err, 'run');
      } finally {
        if (capped !== undefined) {
          // The server would go on producing rows into a socket nobody reads (until net_write_timeout): end the
          // statement with KILL on a second connection, then drop this one (it is never reused).
          dropped = true;
          await killThread(mysqlDriver, address, spec, capped);
          conn.destroy();
        } else {
          await conn.query('ROLLBACK').catch(() => {
            dropped = true;
          });
        }
      }
      return { columns: fields.map((f) => f.name), types: fields.map((f) => MYSQL_TYPES[f.columnType] ?? 'VARCHAR'), rows: collector.rows, truncated: collector.truncated };
    },
    reusable: () => !dropped,
    async close() {
      await conn.end().catch(() => conn.destroy());
    },
  };
}
