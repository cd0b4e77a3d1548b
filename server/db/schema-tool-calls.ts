import { boolean, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { chatDialogues } from './schema-chat';
import { at } from './schema-columns';

/** Bytes (PGlite answers a Uint8Array, node-postgres a Buffer: a Buffer either way). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Tool calls of answers in chat with tools (`chat_agent`): what the model asked, the user's decision for 写入 and
 * 对外发送 tools (`pending` until confirmed or rejected, read by the answer's process, whichever process took the
 * decision), and the result shown. `setName`/`toolName` are kept as called (a set may be renamed or deleted later).
 */
export const chatToolCalls = pgTable('chat_tool_calls', {
  id: text('id').primaryKey(),
  dialogueId: integer('dialogue_id').notNull().references(() => chatDialogues.id, { onDelete: 'cascade' }),
  round: integer('round').notNull(),
  seq: integer('seq').notNull(),
  offset: integer('offset').notNull().default(0),
  toolId: integer('tool_id'),
  setName: text('set_name').notNull(),
  toolName: text('tool_name').notNull(),
  risk: text('risk').notNull(),
  arguments: text('arguments').notNull(),
  status: text('status').notNull(),
  result: text('result').notNull().default(''),
  isError: boolean('is_error').notNull().default(false),
  durationMs: integer('duration_ms'),
  createdAt: at('created_at').notNull().defaultNow(),
  decidedAt: at('decided_at'),
}, (t) => [index('chat_tool_calls_round_idx').on(t.dialogueId, t.round, t.seq)]);

/**
 * The images a tool answered in a call, in order (`seq` from 0), within the caps of TOOL_LIMITS and of the types
 * TOOL_IMAGE_TYPES (checked against their bytes); read by the dialogue's owner only. They go with their call.
 */
export const chatToolImages = pgTable('chat_tool_images', {
  callId: text('call_id').notNull().references(() => chatToolCalls.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
}, (t) => [primaryKey({ columns: [t.callId, t.seq] })]);
