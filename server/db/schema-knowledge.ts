import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at, tsvector } from './schema-columns';
import { secrecyGrades, users } from './schema-identity';

// Knowledge spaces (知识空间), their documents and the chunks searched in knowledge chat.

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
  /** How far a long document's reading is, for the list (已识别 12/80 页); '' when there is nothing to say. */
  progress: text('progress').notNull().default(''),
  /** FINISHED with full-text search only: the embedding model failed, a retry job fills the vectors in (向量待补). */
  vectorsPending: boolean('vectors_pending').notNull().default(false),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  index('knowledge_documents_space_idx').on(t.spaceId, t.id),
  index('knowledge_documents_status_idx').on(t.spaceId, t.status),
]);

/**
 * Chunks of a processed document; `terms` holds the segmented words for full-text search (of the heading path and
 * the content). `position` says where the chunk came from (ChunkPosition, contract/api/knowledge.ts); `headingPath`
 * the headings above it, joined by ' › '. An owner may edit a chunk (`edited`), disable it (not recalled) or add one
 * by hand (`manual`); reprocessing the document replaces all of them.
 */
export const documentChunks = pgTable('document_chunks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  documentId: integer('document_id').notNull().references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
  spaceId: integer('space_id').notNull().references(() => knowledgeSpaces.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  content: text('content').notNull(),
  terms: text('terms').notNull(),
  headingPath: text('heading_path').notNull().default(''),
  position: jsonb('position').notNull().default({}),
  edited: boolean('edited').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  manual: boolean('manual').notNull().default(false),
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
