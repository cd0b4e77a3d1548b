// What every database-chat driver shares: the connection spec, the caps, the session each driver opens, the
// Chinese error a driver failure becomes, and numeric values for charts. Drivers import this, never the registry.

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
