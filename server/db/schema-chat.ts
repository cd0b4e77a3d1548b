import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, tsvector } from './schema-columns';
import { secrecyGrades, users } from './schema-identity';

// AI chat: dialogues, their messages, the per-answer statistics and the files uploaded into a dialogue.

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
