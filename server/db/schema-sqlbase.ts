import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';
import { secrecyGrades, users } from './schema-identity';

/**
 * Database connections of database chat (/sqlBase), DB-GPT's `connect_config` fields. `db_name` names the
 * connection and the database. The password is AES-256-GCM ciphertext (crypto/secret.ts), never plain text.
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
