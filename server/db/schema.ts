import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Departments (部门): a tree under the root id -2. */
export const departments = pgTable('departments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => departments.id),
  name: text('name').notNull(),
  code: text('code').notNull().default(''),
  remark: text('remark').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('departments_parent_idx').on(t.parentId)]);

/** Secrecy grades (密级) dictionary, ordered by rank (higher rank = more secret). */
export const secrecyGrades = pgTable('secrecy_grades', {
  code: text('code').primaryKey(),
  text: text('text').notNull(),
  rank: integer('rank').notNull().unique(),
});

/** User accounts, including the three system accounts -1..-3 (system = true). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  fullName: text('full_name').notNull(),
  deptId: integer('dept_id').notNull().references(() => departments.id),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  system: boolean('system').notNull().default(false),
  clearance: text('clearance').notNull().references(() => secrecyGrades.code),
  mobile: text('mobile').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  position: text('position').notNull().default(''),
  remark: text('remark').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Roles (角色). System roles belong to the system accounts and cannot be edited. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  system: boolean('system').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Which users hold which roles. */
export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)]);

/**
 * Function points (功能点): routes/menus. type 1 = business area, 2 = management area
 * (the function tree call defaults to type 2). Hidden functions are granted but not in the menu.
 */
export const functions = pgTable('functions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  parentId: integer('parent_id').references((): AnyPgColumn => functions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  path: text('path').notNull().unique(),
  icon: text('icon').notNull().default(''),
  type: smallint('type').notNull(),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Buttons of a function; the client and server check them as `path#code`. */
export const functionButtons = pgTable('function_buttons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  functionId: integer('function_id').notNull().references(() => functions.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [unique('function_buttons_code_uq').on(t.functionId, t.code)]);

/** Functions granted to roles. */
export const roleFunctions = pgTable('role_functions', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  functionId: integer('function_id').notNull().references(() => functions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.functionId] })]);

/** Buttons granted to roles. */
export const roleButtons = pgTable('role_buttons', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  buttonId: integer('button_id').notNull().references(() => functionButtons.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.buttonId] })]);

/** Sign-in sessions (D4): only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  lastUsedAt: at('last_used_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/** Consecutive sign-in failures per username (also for names that do not exist, D4). */
export const loginFailures = pgTable('login_failures', {
  username: text('username').primaryKey(),
  /** Failures from every source since `windowStart` (D24). */
  failures: integer('failures').notNull(),
  windowStart: at('window_start'),
  lastFailureAt: at('last_failure_at').notNull(),
  /** The account-wide lock (too many failures from all sources, or an administrator's lock). */
  lockedUntil: at('locked_until'),
  /** The latest end of a lock of one source for this account, shown to administrators. */
  sourceLockedUntil: at('source_locked_until'),
});

/** Consecutive sign-in failures of a user name from one source address, and that source's lock (D24). */
export const loginSourceFailures = pgTable('login_source_failures', {
  username: text('username').notNull(),
  source: text('source').notNull(),
  failures: integer('failures').notNull(),
  lastFailureAt: at('last_failure_at').notNull(),
  lockedUntil: at('locked_until'),
}, (t) => [primaryKey({ columns: [t.username, t.source] })]);

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

/**
 * Durable background jobs (document processing, later test-case generation), docs/decisions.md D13.
 * A worker claims a job with a lease (FOR UPDATE SKIP LOCKED); a job whose lease ran out (the worker died)
 * is claimed again until max_attempts, then failed with the reason. `key` makes enqueueing idempotent
 * while a job for the same thing is waiting or running.
 */
export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  queue: text('queue').notNull(),
  key: text('key').notNull(),
  payload: jsonb('payload').notNull().default({}),
  /** queued → active → done | failed | cancelled (active → queued again on a retryable failure). */
  state: text('state').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(3),
  runAfter: at('run_after').notNull(),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: at('lease_expires_at'),
  lastError: text('last_error').notNull().default(''),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  finishedAt: at('finished_at'),
}, (t) => [
  index('jobs_claim_idx').on(t.queue, t.state, t.runAfter),
  uniqueIndex('jobs_pending_key_uq').on(t.queue, t.key).where(sql`state in ('queued', 'active')`),
]);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Knowledge spaces (知识空间); `argument` holds the processing and retrieval arguments (DB-GPT's shape). */
export const knowledgeSpaces = pgTable('knowledge_spaces', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  vectorType: text('vector_type').notNull().default('FullText'),
  ownerId: integer('owner_id').notNull().references(() => users.id),
  argument: jsonb('argument').notNull().default({}),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  /** Who may see the space besides its owner (identity/grant-rule.ts): both empty, everyone with 知识库 (migration 0021). */
  reviewRoles: integer('review_roles').array().notNull().default(sql`'{}'::integer[]`),
  deptIds: integer('dept_ids').array().notNull().default(sql`'{}'::integer[]`),
});

/**
 * Documents of a space. `secrecy` is the grade code; `reviewRoles` the role ids that may see it (empty:
 * everyone cleared for the grade). Status TODO → RUNNING → FINISHED | FAILED, the reason in `result`.
 */
export const knowledgeDocuments = pgTable('knowledge_documents', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  spaceId: integer('space_id').notNull().references(() => knowledgeSpaces.id, { onDelete: 'cascade' }),
  docName: text('doc_name').notNull(),
  docType: text('doc_type').notNull().default('DOCUMENT'),
  contentType: text('content_type').notNull(),
  /** Path of the stored file relative to DATA_DIR. */
  filePath: text('file_path').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  secrecy: text('secrecy').notNull().references(() => secrecyGrades.code),
  reviewRoles: integer('review_roles').array().notNull().default(sql`'{}'::integer[]`),
  ownerId: integer('owner_id').notNull().references(() => users.id),
  status: text('status').notNull().default('TODO'),
  result: text('result').notNull().default(''),
  chunkCount: integer('chunk_count').notNull().default(0),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  index('knowledge_documents_space_idx').on(t.spaceId, t.id),
  index('knowledge_documents_status_idx').on(t.spaceId, t.status),
]);

/** Chunks of a processed document; `terms` holds the segmented words for full-text search. */
export const documentChunks = pgTable('document_chunks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  documentId: integer('document_id').notNull().references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
  spaceId: integer('space_id').notNull().references(() => knowledgeSpaces.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  content: text('content').notNull(),
  terms: text('terms').notNull(),
  search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', terms)`),
}, (t) => [
  unique('document_chunks_seq_uq').on(t.documentId, t.seq),
  index('document_chunks_space_idx').on(t.spaceId),
  index('document_chunks_search_idx').using('gin', t.search),
]);

/**
 * A counter per space that triggers raise on every change of its documents or of their processing jobs, so
 * answers derived from them (the document list) can be kept until it moves, across processes too.
 */
export const knowledgeState = pgTable('knowledge_state', {
  spaceId: integer('space_id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/** AI chat dialogues (对话), each owned by one user; `title` is the first question. */
export const chatDialogues = pgTable('chat_dialogues', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  convUid: text('conv_uid').notNull().unique(),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  chatMode: text('chat_mode').notNull(),
  selectParam: text('select_param'),
  modelName: text('model_name'),
  title: text('title').notNull().default(''),
  /**
   * The highest grade of content the dialogue has shown (knowledge passages, database results), raised by each
   * answer and never lowered: tools whose set's ceiling is below it are not offered or called in it (issue 15).
   */
  shownSecrecy: text('shown_secrecy').references(() => secrecyGrades.code),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('chat_dialogues_owner_idx').on(t.ownerId, t.updatedAt.desc())]);

/**
 * Messages of a dialogue: per round a `human` question, the raw `ai` model text and the `view` answer shown
 * (with its status streaming | complete | stopped | failed, citations and chart).
 */
export const chatMessages = pgTable('chat_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  dialogueId: integer('dialogue_id').notNull().references(() => chatDialogues.id, { onDelete: 'cascade' }),
  round: integer('round').notNull(),
  role: text('role').notNull(),
  content: text('content').notNull().default(''),
  status: text('status'),
  references: jsonb('references'),
  chart: jsonb('chart'),
  /**
   * On a `view` answer: every knowledge document it may draw on, its citations and those of the earlier answers sent
   * with it as history; the answer is withheld from a user who may no longer read one of them (chat/withheld.ts).
   */
  sourceDocs: integer('source_docs').array(),
  /** On a database-chat answer: the connection it read; withheld once the user may no longer use it (D89). */
  sourceConnection: integer('source_connection'),
  modelName: text('model_name'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [
  unique('chat_messages_round_uq').on(t.dialogueId, t.round, t.role),
  index('chat_messages_status_idx').on(t.status),
]);

/**
 * One row per answer asked of chat (D65), written where the answer is made: when, who, the mode and (knowledge
 * chat) the space, the model, and the model's timings — the wait for a slot in the model's queue, the time to the
 * first text (queue included, as the user waits it) and the estimated tokens per second after it. Timings are null
 * when no model was asked (no model configured, a reply without one, a failure before the first text).
 */
export const chatAnswerStats = pgTable('chat_answer_stats', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: at('at').notNull(),
  userId: integer('user_id'),
  chatMode: text('chat_mode').notNull(),
  spaceId: integer('space_id'),
  modelName: text('model_name'),
  /** complete | stopped | failed */
  status: text('status').notNull(),
  queueWaitMs: integer('queue_wait_ms'),
  firstTokenMs: integer('first_token_ms'),
  tokens: integer('tokens'),
  /** From the first text to the last, for tokens per second. */
  streamMs: integer('stream_ms'),
}, (t) => [index('chat_answer_stats_at_idx').on(t.at)]);

/** Files uploaded into a dialogue: documents for file chat, spreadsheets for `chat_excel`. */
export const chatFiles = pgTable('chat_files', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  dialogueId: integer('dialogue_id').notNull().references(() => chatDialogues.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** `document` | `excel`. */
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  /** Path of the stored file relative to DATA_DIR. */
  storedPath: text('stored_path').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  /** TODO → RUNNING → FINISHED | FAILED, the reason in `result`. */
  status: text('status').notNull().default('TODO'),
  result: text('result'),
  textContent: text('text_content'),
  tableMeta: jsonb('table_meta'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [index('chat_files_dialogue_idx').on(t.dialogueId, t.id)]);

/** Chunks of a processed chat document; `terms` holds the segmented words for full-text search. */
export const chatFileChunks = pgTable('chat_file_chunks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  fileId: integer('file_id').notNull().references(() => chatFiles.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  content: text('content').notNull(),
  terms: text('terms').notNull(),
  search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', terms)`),
}, (t) => [
  unique('chat_file_chunks_seq_uq').on(t.fileId, t.seq),
  index('chat_file_chunks_search_idx').using('gin', t.search),
]);

/** Test-case generations (issue 14): one requirements document, split into items, each generated by a task. */
export const testcaseGenerations = pgTable('testcase_generations', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  uid: text('uid').notNull().unique(),
  name: text('name').notNull(),
  ownerId: integer('owner_id').notNull().references(() => users.id),
  /** The source's grade: only users whose clearance reaches it see the generation and its cases. */
  secrecy: text('secrecy').notNull().references(() => secrecyGrades.code),
  sourceName: text('source_name').notNull(),
  sourceType: text('source_type').notNull(),
  /** The knowledge document it was made from, when it was not uploaded. */
  sourceDocId: integer('source_doc_id'),
  /** The stored source (relative to DATA_DIR), when uploaded. */
  sourcePath: text('source_path').notNull().default(''),
  archived: boolean('archived').notNull().default(false),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [index('testcase_generations_owner_idx').on(t.ownerId, t.id), unique('testcase_generations_owner_name_uq').on(t.ownerId, t.name)]);

/** The requirement items of a generation, in document order. */
export const testcaseItems = pgTable('testcase_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  generationId: integer('generation_id').notNull().references(() => testcaseGenerations.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  code: text('code').notNull(),
  module: text('module').notNull(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  skipReason: text('skip_reason').notNull().default(''),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [index('testcase_items_generation_idx').on(t.generationId, t.position)]);

/** A task: the generation of one item's cases, with the lifecycle of server/testcases/lifecycle.ts. */
export const testcaseTasks = pgTable('testcase_tasks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  uid: text('uid').notNull().unique(),
  generationId: integer('generation_id').notNull().references(() => testcaseGenerations.id, { onDelete: 'cascade' }),
  itemId: integer('item_id').notNull().references(() => testcaseItems.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  reason: text('reason').notNull().default(''),
  /** Made for an item a newer source version changed: finishes as 最新. */
  isUpdate: boolean('is_update').notNull().default(false),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  finishedAt: at('finished_at'),
}, (t) => [index('testcase_tasks_generation_idx').on(t.generationId), index('testcase_tasks_item_idx').on(t.itemId)]);

/** The cases of a task; (task, seq) is unique, so a task's cases are never stored twice. */
export const testcaseCases = pgTable('testcase_cases', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  taskId: integer('task_id').notNull().references(() => testcaseTasks.id, { onDelete: 'cascade' }),
  generationId: integer('generation_id').notNull().references(() => testcaseGenerations.id, { onDelete: 'cascade' }),
  itemId: integer('item_id').notNull().references(() => testcaseItems.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  code: text('code').notNull(),
  title: text('title').notNull(),
  module: text('module').notNull(),
  precondition: text('precondition').notNull(),
  steps: jsonb('steps').$type<{ step: string; expected: string }[]>().notNull(),
  priority: text('priority').notNull(),
  caseType: text('case_type').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [unique('testcase_cases_task_seq').on(t.taskId, t.seq), index('testcase_cases_generation_idx').on(t.generationId)]);
/**
 * Database connections of database chat (/sqlBase), DB-GPT's `connect_config` fields. `db_name` names the
 * connection and the database. The password is AES-256-GCM ciphertext (sqlbase/secret.ts), never plain text.
 * `secrecy` and `reviewRoles` decide who may chat with it, as for documents (no role granted: the owner only, D89); `allowedTables` (empty: all) limits
 * what the model and any query may touch.
 */
export const dbConnections = pgTable('db_connections', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  dbName: text('db_name').notNull().unique(),
  dbType: text('db_type').notNull(),
  dbHost: text('db_host').notNull().default(''),
  dbPort: integer('db_port').notNull().default(0),
  dbUser: text('db_user').notNull().default(''),
  dbPwdEnc: text('db_pwd_enc'),
  dbPath: text('db_path').notNull().default(''),
  comment: text('comment').notNull().default(''),
  secrecy: text('secrecy').notNull().references(() => secrecyGrades.code),
  reviewRoles: integer('review_roles').array().notNull().default(sql`'{}'::integer[]`),
  allowedTables: text('allowed_tables').array().notNull().default(sql`'{}'::text[]`),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** Open to every user whose clearance reaches it while no role is granted: rows older than D89 only. */
  openToAll: boolean('open_to_all').notNull().default(false),
  /** Whether database chat shows the model the first rows of each table (D89; off for new connections). */
  sampleRows: boolean('sample_rows').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Tool sets of the tools base (issue 15): an MCP server (Streamable HTTP) or an HTTP API described by OpenAPI 3.
 * The credential is AES-256-GCM ciphertext (sqlbase/secret.ts). Who may use a set: `reviewRoles` and `deptIds`
 * (a role held, or the user's department or one below a listed one; both empty: the owner only, D89); `secrecy` is the
 * set's ceiling, the highest grade of content that may be sent to it.
 */
export const toolSets = pgTable('tool_sets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  url: text('url').notNull().default(''),
  spec: text('spec').notNull().default(''),
  credentialEnc: text('credential_enc'),
  /** The origin the credential was typed for; '' (sets from before D88): where the set points now. */
  credentialOrigin: text('credential_origin').notNull().default(''),
  authHeader: text('auth_header').notNull().default(''),
  description: text('description').notNull().default(''),
  secrecy: text('secrecy').notNull().references(() => secrecyGrades.code),
  reviewRoles: integer('review_roles').array().notNull().default(sql`'{}'::integer[]`),
  deptIds: integer('dept_ids').array().notNull().default(sql`'{}'::integer[]`),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** Open to every ordinary account while no role or department is granted: rows older than D89 only. */
  openToAll: boolean('open_to_all').notNull().default(false),
  refreshedAt: at('refreshed_at'),
  refreshError: text('refresh_error').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Tools of a set, as last read (MCP tools/list, or one per OpenAPI operation). `risk` is read / write / send;
 * `riskOverridden` keeps an administrator's class over a refresh. `target` is how an OpenAPI tool is called
 * (method, path, parameter locations); MCP tools need only their name.
 */
export const tools = pgTable('tools', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  setId: integer('set_id').notNull().references(() => toolSets.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
  target: jsonb('target').$type<Record<string, unknown>>().notNull().default({}),
  risk: text('risk').notNull(),
  riskOverridden: boolean('risk_overridden').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
}, (t) => [unique('tools_set_name_uq').on(t.setId, t.name)]);

// Encrypted passwords (D91) and chat's tool calls with their images, in their own files.
export * from './schema-login';
export * from './schema-tool-calls';
