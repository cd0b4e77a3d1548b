// Database chat constants shared by the server and the renderer. TypeBox-free.

/** Connection types (DB-GPT's `db_type` spelling) and whether a type is a file on the server. */
export const DB_TYPE_OPTIONS = [
  { db_type: 'postgresql', label: 'PostgreSQL（含人大金仓、openGauss、GaussDB）', is_file_db: false, default_port: 5432 },
  { db_type: 'mysql', label: 'MySQL（含 MariaDB、TiDB、OceanBase）', is_file_db: false, default_port: 3306 },
  { db_type: 'sqlite', label: 'SQLite（数据库文件）', is_file_db: true, default_port: null },
  { db_type: 'duckdb', label: 'DuckDB（数据库文件）', is_file_db: true, default_port: null },
] as const;

/** Whether a type is a database file on the server (db_path) rather than a server (host, port, account). */
export const isFileDbType = (type: string) => DB_TYPE_OPTIONS.some((t) => t.db_type === type && t.is_file_db);

/** db_name: the database's name and the connection's unique name. */
export const DB_NAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5][A-Za-z0-9_.\-\u4e00-\u9fa5]{0,63}$/;

export const DB_MESSAGES = {
  notFound: '数据库连接不存在或您无权使用',
  exists: '数据库连接名称已存在',
  needPassword: '主机、端口、用户名或类型已更改，请重新填写密码',
} as const;

/**
 * `editor/sql/run` streams its rows when asked with `Accept: application/x-ndjson`: one JSON object a line, `columns`
 * first, then `rows` batches as they are read (within DB_CHAT_MAX_ROWS / DB_CHAT_MAX_BYTES), then `end` or `error`.
 * A refusal before any row (no such connection, a gate, a failed connection) is the usual JSON envelope, status 4xx.
 * Without that Accept the call answers the whole capped result as JSON, as DB-GPT's editor does.
 */
export const SQL_RUN_STREAM_TYPE = 'application/x-ndjson';

export type SqlRunFrame =
  | { type: 'columns'; columns: string[] }
  | { type: 'rows'; rows: Record<string, unknown>[] }
  | { type: 'end'; sql: string; rows: number; truncated: boolean; duration_ms: number }
  | { type: 'error'; message: string };
