import { type AnyPgColumn, bigint, boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';

// System management's own records: the audit log and its daily rollup, dictionaries, the error log, the tbom tree.

/** Append-only audit log (D7): no foreign keys, so it outlives the rows it mentions. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: at('at').notNull(),
  actorId: integer('actor_id'),
  actorUsername: text('actor_username').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  detail: text('detail').notNull().default(''),
  result: text('result').notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [
  index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorUsername), index('audit_log_action_idx').on(t.action),
]);

/**
 * The audit log rolled up per Beijing day, actor and action (D64), kept by a statement trigger on audit_log's
 * inserts (migration 0016), so 统计 reads ~days × actors × actions rows instead of every entry. The audit log is
 * append-only, so a rollup row only ever grows. `actor_id` null: the system's own entries (one row, nulls not distinct).
 */
export const auditDaily = pgTable('audit_daily', {
  /** Days since 1970-01-01 in China Standard Time: floor((epoch + 8 h) / 1 day). */
  day: integer('day').notNull(),
  actorId: integer('actor_id'),
  action: text('action').notNull(),
  operations: integer('operations').notNull(),
  /** Successful sign-ins (action login, result success). */
  logins: integer('logins').notNull(),
  /** Entries whose result is not success. */
  failures: integer('failures').notNull(),
}, (t) => [unique('audit_daily_key_uq').on(t.day, t.actorId, t.action).nullsNotDistinct()]);

/** Dictionaries (数据字典), grouped as spec §3 lists: common, knowledge, project, task-center, rd-config. */
export const dictionaries = pgTable('dictionaries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  groupCode: text('group_code').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Entries of a dictionary; a flat table with parent links, served as a tree (tree4def). */
export const dictItems = pgTable('dict_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  dictCode: text('dict_code').notNull().references(() => dictionaries.code, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => dictItems.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
  /** Shipped with the product (forms and imports rely on the code): cannot be deleted, its code stays (D55). */
  system: boolean('system').notNull().default(false),
}, (t) => [unique('dict_items_code_uq').on(t.dictCode, t.code), index('dict_items_parent_idx').on(t.parentId)]);

/**
 * The server's errors for the system administrator (错误日志, D56): 5xx answers, failed jobs, model and database
 * connection failures. `summary` is Chinese and written by the server; nothing the user sent is stored
 * (no query, no body), and `detail` passes through redaction first.
 */
export const errorLogs = pgTable('error_logs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: at('at').notNull(),
  /** http | job | model | database */
  kind: text('kind').notNull(),
  /** The request id the user was shown (x-request-id); empty for a background job. */
  requestId: text('request_id').notNull().default(''),
  method: text('method').notNull().default(''),
  /** The route pattern (`/api/v1/chat/dialogue/:id`) or the job queue, never a query string. */
  route: text('route').notNull().default(''),
  status: integer('status'),
  userId: integer('user_id'),
  username: text('username').notNull().default(''),
  summary: text('summary').notNull(),
  detail: text('detail').notNull().default(''),
}, (t) => [index('error_logs_at_idx').on(t.at), index('error_logs_request_idx').on(t.requestId)]);

/** The tbom (product structure) tree offered by the tbom tree select. */
export const tbomNodes = pgTable('tbom_nodes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => tbomNodes.id, { onDelete: 'cascade' }),
  code: text('code').notNull().default(''),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
}, (t) => [index('tbom_nodes_parent_idx').on(t.parentId)]);
