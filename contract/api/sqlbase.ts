// Database chat connections and the SQL editor (spec §7; DB-GPT's `DBConfig` field names, see
// ../shared/reference/dbgpt-api-compat.md §5). The password goes in, never out.
import { Type, type Static } from 'typebox';
import { userInfoFields } from './user-info';

export * from './sqlbase-limits';

const Text = (max: number) => Type.String({ maxLength: max });

/** Body of db/add, db/edit and db/test/connect. `file_path` is DB-GPT's request name of `db_path`. */
export const DbConfigBody = Type.Object({
  db_type: Type.String({ minLength: 1, maxLength: 20 }),
  db_name: Type.String({ minLength: 1, maxLength: 64 }),
  db_host: Type.Optional(Text(253)),
  db_port: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.String({ maxLength: 5, pattern: '^[0-9]*$' })])),
  db_user: Type.Optional(Text(128)),
  /** Absent or empty on edit: the stored password is kept. */
  db_pwd: Type.Optional(Text(512)),
  db_path: Type.Optional(Text(1000)),
  file_path: Type.Optional(Text(1000)),
  comment: Type.Optional(Text(500)),
  secrecy: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  /** Comma-separated role ids; empty: the owner only (D89; connections older than D89 stay open to everyone). */
  review_role: Type.Optional(Type.Union([Text(500), Type.Number()])),
  /** Comma-separated table names; empty: all tables. */
  allowed_tables: Type.Optional(Text(5000)),
  /** Whether database chat shows the model the first 3 rows of each table; absent on add: off, on edit: kept. */
  sample_rows: Type.Optional(Type.Boolean()),
  ...userInfoFields,
});
export type DbConfigBody = Static<typeof DbConfigBody>;

/** A connection as listed (never its password). */
export const DbConnection = Type.Object({
  id: Type.Number(),
  db_type: Type.String(),
  db_name: Type.String(),
  db_path: Type.String(),
  db_host: Type.String(),
  /** A string, as DB-GPT stores it. */
  db_port: Type.String(),
  db_user: Type.String(),
  comment: Type.String(),
  /** Whether a password is stored (the password itself is never sent). */
  has_password: Type.Boolean(),
  secrecy: Type.String(),
  secrecy_name: Type.String(),
  review_role: Type.String(),
  review_role_names: Type.Array(Type.String()),
  allowed_tables: Type.String(),
  /** No role granted and older than D89: open to everyone whose clearance reaches the grade. */
  open_to_all: Type.Boolean(),
  sample_rows: Type.Boolean(),
  owner: Type.String(),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
});
export type DbConnection = Static<typeof DbConnection>;

export const DbListQuery = Type.Object({ db_name: Type.Optional(Text(64)), ...userInfoFields });
export const DbNameQuery = Type.Object({ db_name: Type.String({ minLength: 1, maxLength: 64 }), ...userInfoFields });

/** What db/test/connect found: the account's write grants (a read-only account is advised), the tables it sees. */
export const DbTestResult = Type.Object({
  can_write: Type.Boolean(),
  tables: Type.Number(),
  message: Type.String(),
});
export type DbTestResult = Static<typeof DbTestResult>;

export const DbSupportType = Type.Object({ db_type: Type.String(), is_file_db: Type.Boolean() });

/** POST editor/sql/run: one statement through the same four gates as database chat. */
export const SqlRunBody = Type.Object({
  db_name: Type.String({ minLength: 1, maxLength: 64 }),
  sql: Type.String({ minLength: 1, maxLength: 20_000 }),
  ...userInfoFields,
});
export type SqlRunBody = Static<typeof SqlRunBody>;

/** The result of a statement (the editor's answer; a chat answer's chart frame carries the same rows). */
export const SqlRunResult = Type.Object({
  sql: Type.String(),
  columns: Type.Array(Type.String()),
  data: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  truncated: Type.Boolean(),
  duration_ms: Type.Number(),
});
export type SqlRunResult = Static<typeof SqlRunResult>;
