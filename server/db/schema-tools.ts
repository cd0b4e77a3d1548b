import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';
import { secrecyGrades, users } from './schema-identity';

/**
 * Tool sets of the tools base (issue 15): an MCP server (Streamable HTTP) or an HTTP API described by OpenAPI 3.
 * The credential is AES-256-GCM ciphertext (crypto/secret.ts). Who may use a set: `reviewRoles` and `deptIds`
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
