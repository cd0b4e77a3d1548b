// Opening a connection for database chat, per type, and running one statement on it under gate 1 (a read-only
// transaction) and gate 2 (one statement per execution by protocol: PostgreSQL's extended protocol, MySQL without
// CLIENT_MULTI_STATEMENTS), with the statement timeout enforced by the database, a row cap and a byte cap. Rows
// are read in batches and handed on as they come. MySQL's LOCAL INFILE is switched off in the handshake and no
// client option reaches a driver. SQLite and DuckDB files: driver-sqlite.ts, driver-duckdb.ts.
import type mysql from 'mysql2/promise';
import type pg from 'pg';
import type { Config } from '../config';
import { toJsonSafe } from '../chat/excel/values';
import { resolveOutbound } from './outbound';

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

const PG_TYPES: Record<number, string> = {
  16: 'BOOLEAN', 20: 'BIGINT', 21: 'SMALLINT', 23: 'INTEGER', 26: 'INTEGER', 700: 'FLOAT', 701: 'DOUBLE', 1700: 'DECIMAL',
  1082: 'DATE', 1114: 'TIMESTAMP', 1184: 'TIMESTAMP WITH TIME ZONE', 790: 'DECIMAL',
};

/** A numeric string as a number when exact enough for a chart; else the string. */
export function numeric(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isFinite(n) && (Math.abs(n) < 2 ** 53 || !/^-?\d+$/.test(value)) ? n : value;
}

function byteSize(row: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(row));
}

/** Collects rows under the caps; answers false once a cap is reached (the rest is not read). */
export class Collector {
  rows: Record<string, unknown>[] = [];
  bytes = 0;
  truncated = false;
  /** The result's column names, set by the driver before the first rows (handed on with every batch). */
  columns: string[] = [];

  constructor(private readonly limits: Limits, private readonly onRows?: OnRows) {}

  add(batch: Record<string, unknown>[]): boolean {
    const taken: Record<string, unknown>[] = [];
    for (const row of batch) {
      if (this.rows.length >= this.limits.maxRows) {
        this.truncated = true;
        break;
      }
      const size = byteSize(row);
      if (this.bytes + size > this.limits.maxBytes) {
        this.truncated = true;
        break;
      }
      this.bytes += size;
      this.rows.push(row);
      taken.push(row);
    }
    if (taken.length) this.onRows?.(taken, this.columns);
    return !this.truncated;
  }
}

async function openPostgres(config: Config, spec: ConnSpec): Promise<DbSession> {
  const address = await resolveOutbound(config.outboundAllow, spec.dbHost);
  // The drivers are loaded when a connection of their type is first opened, not at the server's start.
  const [{ default: pgDriver }, { default: Cursor }] = await Promise.all([import('pg'), import('pg-cursor')]);
  const client = new pgDriver.Client({
    host: address, port: spec.dbPort || 5432, user: spec.dbUser, password: spec.dbPwd, database: spec.dbName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'kb-chat', statement_timeout: config.dbChatTimeoutMs,
    idle_in_transaction_session_timeout: config.dbChatTimeoutMs + 10_000, query_timeout: config.dbChatTimeoutMs + 5_000,
  });
  let broken = false;
  client.on('error', () => {
    broken = true;
  });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw describe(err, 'connect');
  }
  /** Our own fixed statements, in a read-only transaction. */
  const own = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    await client.query('BEGIN TRANSACTION READ ONLY');
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
  };
  return {
    dialect: 'postgresql',
    defaultSchema: 'public',
    async tables() {
      const columns = await own<{ s: string; t: string; c: string; type: string; cc: string | null; tc: string | null }>(`
        select n.nspname s, c.relname t, a.attname c, format_type(a.atttypid, a.atttypmod) type,
               col_description(c.oid, a.attnum) cc, obj_description(c.oid, 'pg_class') tc
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%' and has_table_privilege(c.oid, 'SELECT')
        order by 1, 2, a.attnum`);
      const refs = await own<{ s: string; t: string; c: string; fs: string; ft: string; fc: string }>(`
        select cn.nspname s, cl.relname t, a.attname c, fn.nspname fs, fl.relname ft, fa.attname fc
        from pg_constraint k
        join pg_class cl on cl.oid = k.conrelid join pg_namespace cn on cn.oid = cl.relnamespace
        join pg_class fl on fl.oid = k.confrelid join pg_namespace fn on fn.oid = fl.relnamespace
        cross join lateral unnest(k.conkey, k.confkey) u(a1, a2)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.a1
        join pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = u.a2
        where k.contype = 'f'`);
      const byKey = new Map<string, TableInfo>();
      for (const r of columns) {
        const key = `${r.s}.${r.t}`;
        let table = byKey.get(key);
        if (!table) {
          table = { key, name: r.s === 'public' ? r.t : key, comment: r.tc ?? '', columns: [], refs: [] };
          byKey.set(key, table);
        }
        table.columns.push({ name: r.c, type: r.type, comment: r.cc ?? '' });
      }
      for (const r of refs) byKey.get(`${r.s}.${r.t}`)?.refs.push({ column: r.c, table: `${r.fs}.${r.ft}`, refColumn: r.fc });
      return [...byKey.values()];
    },
    async canWrite() {
      const [row] = await own<{ w: boolean }>(`
        select coalesce((select rolsuper or rolcreaterole or rolcreatedb from pg_roles where rolname = current_user), false)
          or exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
              and (has_table_privilege(c.oid, 'INSERT') or has_table_privilege(c.oid, 'UPDATE')
                or has_table_privilege(c.oid, 'DELETE') or has_table_privilege(c.oid, 'TRUNCATE')))
          or exists (select 1 from pg_namespace n where n.nspname not in ('pg_catalog', 'information_schema')
              and n.nspname not like 'pg\\_%' and has_schema_privilege(n.oid, 'CREATE')) w`);
      return !!row?.w;
    },
    async run(sql, limits, onRows) {
      const collector = new Collector(limits, onRows);
      let fields: { name: string; dataTypeID: number }[] = [];
      try {
        await client.query('BEGIN TRANSACTION READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`);
        await client.query('SET LOCAL search_path TO public');
        // Extended protocol (Parse/Bind/Execute): the server refuses more than one statement in it.
        const cursor = client.query(new Cursor(sql));
        try {
          const batch = Math.min(500, limits.maxRows + 1);
          for (;;) {
            const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
              cursor.read(batch, (err, got, result) => {
                if (err) reject(err);
                else {
                  fields = result?.fields ?? cursor._result?.fields ?? fields;
                  resolve(got);
                }
              });
            });
            collector.columns = fields.map((f) => f.name);
            const converted = rows.map((row) => {
              const out: Record<string, unknown> = {};
              for (const f of fields) {
                const type = PG_TYPES[f.dataTypeID] ?? 'VARCHAR';
                const v = row[f.name];
                out[f.name] = toJsonSafe(/^(BIGINT|DECIMAL)$/.test(type) ? numeric(v) : v, type);
              }
              return out;
            });
            if (!collector.add(converted) || rows.length < batch) break;
          }
        } finally {
          await new Promise<void>((resolve) => cursor.close(() => resolve()));
        }
      } catch (err) {
        throw describe(err, 'run');
      } finally {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
      }
      const columns = fields.map((f) => f.name);
      return { columns, types: fields.map((f) => PG_TYPES[f.dataTypeID] ?? 'VARCHAR'), rows: collector.rows, truncated: collector.truncated };
    },
    reusable: () => !broken,
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

const MYSQL_TYPES: Record<number, string> = {
  0: 'DECIMAL', 246: 'DECIMAL', 1: 'TINYINT', 2: 'SMALLINT', 3: 'INTEGER', 4: 'FLOAT', 5: 'DOUBLE', 8: 'BIGINT', 9: 'INTEGER',
  10: 'DATE', 7: 'TIMESTAMP', 12: 'TIMESTAMP', 13: 'SMALLINT', 16: 'BOOLEAN',
};

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
      let broken = false;
      try {
        // Enforced by the server: MariaDB's max_statement_time (seconds), MySQL's max_execution_time (ms).
        await conn.query(mariadb
          ? `SET SESSION max_statement_time = ${(limits.timeoutMs / 1000).toFixed(3)}`
          : `SET SESSION max_execution_time = ${Math.floor(limits.timeoutMs)}`);
        // Session-wide too: MySQL commits implicitly before DDL, which would end a read-only transaction; with the
        // session read-only the DDL itself is refused (ER 1792).
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        await conn.query('START TRANSACTION READ ONLY');
        const raw = (conn as unknown as { connection: { query(sql: string): NodeJS.EventEmitter; pause(): void } }).connection;
        await new Promise<void>((resolve, reject) => {
          const pending: Record<string, unknown>[] = [];
          let done = false;
          const flush = () => {
            if (!pending.length) return true;
            const ok = collector.add(pending.splice(0));
            return ok;
          };
          const q = raw.query(sql);
          q.on('fields', (f: { name: string; columnType: number }[]) => {
            fields = f ?? [];
            collector.columns = fields.map((x) => x.name);
          });
          q.on('result', (row: Record<string, unknown>) => {
            if (done) return;
            const out: Record<string, unknown> = {};
            for (const f of fields) {
              const type = MYSQL_TYPES[f.columnType] ?? 'VARCHAR';
              out[f.name] = toJsonSafe(/^(BIGINT|DECIMAL)$/.test(type) ? numeric(row[f.name]) : row[f.name], type);
            }
            pending.push(out);
            if (pending.length >= 200 && !flush()) {
              // Enough rows: stop reading; the connection is dropped (the server ends the statement).
              done = true;
              broken = true;
              raw.pause();
              resolve();
            }
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
              flush();
              resolve();
            }
          });
        });
      } catch (err) {
        throw describe(err, 'run');
      } finally {
        if (broken) {
          dropped = true;
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
    case 'postgresql': return openPostgres(config, spec);
    case 'mysql': return openMySql(config, spec);
    // Loaded with the first file connection (native bindings), not at server start.
    case 'sqlite': return (await import('./driver-sqlite')).openSqlite(config, spec);
    case 'duckdb': return (await import('./driver-duckdb')).openDuckDb(config, spec);
    default: throw new DbError(`暂不支持该类型的数据库：${spec.dbType}`, 'connect');
  }
}
