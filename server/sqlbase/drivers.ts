// Opening a connection for database chat, per type, and running one statement on it under gate 1 (a read-only
// transaction) and gate 2 (one statement per execution by protocol: PostgreSQL's extended protocol, MySQL without
// CLIENT_MULTI_STATEMENTS), with the statement timeout enforced by the database, a row cap and a byte cap applied
// row by row as rows arrive (rows.ts), and handed on as they come. MySQL's LOCAL INFILE is switched off in the
// handshake and no client option reaches a driver. PostgreSQL: driver-pg.ts; SQLite and DuckDB files:
// driver-sqlite.ts, driver-duckdb.ts.
import type mysql from 'mysql2/promise';
import type { Config } from '../config';
import { toJsonSafe } from '../chat/excel/values';
import { resolveOutbound } from './outbound';
import { Collector } from './rows';

export const DB_TYPES = ['postgresql', 'mysql', 'sqlite', 'duckdb'] as const;
export type DbType = (typeof DB_TYPES)[number];
export const FILE_DB_TYPES: DbType[] = ['sqlite', 'duckdb'];

export type ConnSpec = { dbType: DbType; dbName: string; dbHost: string; dbPort: number; dbUser: string; dbPwd: string; dbPath: string };
export type Limits = { timeoutMs: number; maxRows: number; maxBytes: number };
/** Rows as they are read (within the caps), with the result's column names. */
export type OnRows = (rows: Record<string, unknown>[], columns: string[]) => void;

export type RunResult = { columns: string[]; types: string[]; rows: Record<string, unknown>[]; truncated: boolean };

export type ColumnInfo = { name: string; type: string; comment: string };
export type TableInfo = { key: string; name: string; comment: string; columns: ColumnInfo[]; refs: { column: string; table: string; refColumn: string }[] };

/** A driver failure shown to the user: a Chinese message that names no driver internals. */
export class DbError extends Error {
  constructor(message: string, readonly kind: 'connect' | 'timeout' | 'run' | 'refused' = 'run') {
    super(message);
    this.name = 'DbError';
  }
}

export type Dialect = 'postgresql' | 'mysql' | 'mariadb' | 'sqlite' | 'duckdb';

export type DbSession = {
  dialect: Dialect;
  /** Schema or database unqualified names resolve to. */
  defaultSchema: string;
  tables(): Promise<TableInfo[]>;
  /** Whether the account may write, from the database's own grants (a file opened read-only: false). */
  canWrite(): Promise<boolean>;
  /** A file database opened read-only (SQLite, DuckDB) rather than an account on a server. */
  fileDb?: boolean;
  run(sql: string, limits: Limits, onRows?: OnRows): Promise<RunResult>;
  /** Whether the connection may serve another statement (false once it broke or was cut at a cap). */
  reusable(): boolean;
  close(): Promise<void>;
};

export const CONNECT_TIMEOUT_MS = 10_000;

/** A driver error as a Chinese message: the kind of failure, never the driver's text. */
export function describe(err: unknown, phase: 'connect' | 'run'): DbError {
  if (err instanceof DbError) return err;
  const described = describeKind(err, phase);
  described.cause = err;
  return described;
}

function describeKind(err: unknown, phase: 'connect' | 'run'): DbError {
  const e = err as { code?: string; errno?: number; message?: string };
  const code = String(e.code ?? '');
  if (code === '57014' || code === 'ER_QUERY_TIMEOUT' || e.errno === 3024 || e.errno === 1969 || /timeout/i.test(e.message ?? '') && phase === 'run') {
    return new DbError('查询超时，已被数据库终止', 'timeout');
  }
  if (phase === 'connect') {
    if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || e.errno === 1045) return new DbError('连接失败：用户名或密码错误', 'connect');
    if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || e.errno === 1049) return new DbError('连接失败：数据库不存在', 'connect');
    if (code === 'ECONNREFUSED') return new DbError('连接失败：目标端口拒绝连接（数据库未启动或端口错误）', 'connect');
    if (code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) return new DbError('连接失败：连接超时', 'connect');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new DbError('连接失败：无法解析主机地址', 'connect');
    return new DbError('连接失败：无法连接到数据库', 'connect');
  }
  if (code === '25006' || e.errno === 1792) return new DbError('查询被拒绝：只读事务中不能写入', 'refused');
  if (code === '42501' || e.errno === 1142 || e.errno === 1143) return new DbError('查询失败：数据库账号无权访问该表或列', 'run');
  if (code === '42P01' || e.errno === 1146) return new DbError('查询失败：表不存在', 'run');
  if (code === '42703' || e.errno === 1054) return new DbError('查询失败：列不存在', 'run');
  if (code.startsWith('42') || e.errno === 1064) return new DbError('查询失败：SQL 语法或语义错误', 'run');
  if (code.startsWith('22')) return new DbError('查询失败：数据类型或取值错误（如除以零、类型转换失败）', 'run');
  return new DbError('查询失败：数据库执行出错', 'run');
}

/** The message for the model's correction round: the database's own words are useful there, never shown to users. */
export function correctionHint(err: unknown): string {
  const cause = (err as Error)?.cause as Error | undefined;
  return String(cause?.message ?? (err as Error)?.message ?? '').replace(/\s+/g, ' ').slice(0, 300);
}

/** A numeric string as a number when exact enough for a chart; else the string. */
export function numeric(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isFinite(n) && (Math.abs(n) < 2 ** 53 || !/^-?\d+$/.test(value)) ? n : value;
}

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

async function openMySql(config: Config, spec: ConnSpec): Promise<DbSession> {
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

/** Opens a connection of the spec's type; throws DbError or OutboundRefused with a Chinese message. */
export async function openSession(config: Config, spec: ConnSpec): Promise<DbSession> {
  switch (spec.dbType) {
    case 'postgresql': return (await import('./driver-pg')).openPostgres(config, spec);
    case 'mysql': return openMySql(config, spec);
    // Loaded with the first file connection (native bindings), not at server start.
    case 'sqlite': return (await import('./driver-sqlite')).openSqlite(config, spec);
    case 'duckdb': return (await import('./driver-duckdb')).openDuckDb(config, spec);
    default: throw new DbError(`暂不支持该类型的数据库：${spec.dbType}`, 'connect');
  }
}
