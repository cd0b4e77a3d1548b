// Dialogues and their stored messages. Every read and write goes through the owner: another user's dialogue
// is answered exactly as a missing one (400 对话不存在, D15), so its existence is never revealed.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES, CHAT_MODES, type AnswerStatus, type ChartView, type ChatMessage, type ChatMode, type Citation, type Dialogue,
} from '../../contract/api';
import { preparedPerDb } from '../db/prepared';
import type { Deps } from '../deps';
import { chatDialogues, chatFiles, chatMessages, users } from '../db/schema';
import { badRequest } from '../http-error';

export type DialogueRow = typeof chatDialogues.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
/** What a question needs of the earlier messages: the history is built from these, and the documents an answer cites. */
export type HistoryRow = Pick<MessageRow, 'round' | 'role' | 'content'> & { cited: number[] | null; connection: number | null };

const ROLE_ORDER = sql`case ${chatMessages.role} when 'human' then 0 when 'ai' then 1 else 2 end`;

export function asChatMode(mode: string): ChatMode {
  return (CHAT_MODES as readonly string[]).includes(mode) ? (mode as ChatMode) : 'chat_normal';
}

export function toDialogue(row: DialogueRow, userName: string): Dialogue {
  return {
    conv_uid: row.convUid,
    user_input: row.title,
    chat_mode: row.chatMode,
    select_param: row.selectParam,
    model_name: row.modelName,
    user_name: userName,
    gmt_created: row.createdAt.toISOString(),
    gmt_modified: row.updatedAt.toISOString(),
  };
}

/** A new, empty dialogue of the user. */
export async function createDialogue(deps: Deps, ownerId: number, chatMode: ChatMode, modelName: string | null): Promise<DialogueRow> {
  const now = deps.now();
  const [row] = await deps.db.insert(chatDialogues)
    .values({ convUid: randomUUID(), ownerId, chatMode, modelName, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/** The user's dialogue, or 400 对话不存在 (also when it belongs to someone else). */
export async function ownedDialogue(deps: Pick<Deps, 'db'>, ownerId: number, convUid: string): Promise<DialogueRow> {
  const [row] = await deps.db.select().from(chatDialogues)
    .where(and(eq(chatDialogues.convUid, convUid), eq(chatDialogues.ownerId, ownerId)));
  if (!row) throw badRequest(CHAT_MESSAGES.dialogueNotFound);
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's dialogues, newest first; `keyword` searches the titles. */
export async function listDialogues(
  deps: Pick<Deps, 'db'>,
  ownerId: number,
  query: { keyword?: string; page?: number; page_size?: number },
): Promise<Dialogue[]> {
  const size = query.page_size ?? 50;
  const keyword = query.keyword?.trim();
  const rows = await deps.db
    .select({ d: chatDialogues, userName: users.username })
    .from(chatDialogues)
    .innerJoin(users, eq(users.id, chatDialogues.ownerId))
    .where(and(eq(chatDialogues.ownerId, ownerId), keyword ? ilike(chatDialogues.title, `%${escapeLike(keyword)}%`) : undefined))
    .orderBy(desc(chatDialogues.updatedAt), desc(chatDialogues.id))
    .limit(size)
    .offset(((query.page ?? 1) - 1) * size);
  return rows.map((r) => toDialogue(r.d, r.userName));
}

/** Deletes the user's dialogue with its messages and files (rows; files on disk are the file chat's). */
export async function deleteDialogue(deps: Pick<Deps, 'db'>, ownerId: number, convUid: string): Promise<DialogueRow> {
  const [row] = await deps.db.delete(chatDialogues)
    .where(and(eq(chatDialogues.convUid, convUid), eq(chatDialogues.ownerId, ownerId)))
    .returning();
  if (!row) throw badRequest(CHAT_MESSAGES.dialogueNotFound);
  return row;
}

/** The user's dialogue with all its messages (one query), or 400 对话不存在. */
export async function ownedDialogueWithMessages(
  deps: Pick<Deps, 'db'>,
  ownerId: number,
  convUid: string,
): Promise<{ dialogue: DialogueRow; messages: HistoryRow[]; hasDocumentFiles: boolean }> {
  const rows = await dialogueWithMessagesQuery(deps.db).execute({ convUid, ownerId });
  if (!rows.length) throw badRequest(CHAT_MESSAGES.dialogueNotFound);
  // A dialogue without messages comes back as one row whose message columns are null.
  return { dialogue: rows[0].d, messages: rows.flatMap((r) => (r.m && r.m.round !== null ? [r.m] : [])), hasDocumentFiles: rows[0].files === true };
}

// Every question reads its dialogue first: only the columns the history needs, unordered (the history orders by
// round), and built once, as it is on the path to the first token of every answer (D20).
const dialogueWithMessagesQuery = preparedPerDb((db) => {
  const files = sql<boolean>`exists (select 1 from ${chatFiles} where ${chatFiles.dialogueId} = ${chatDialogues.id}
    and ${chatFiles.kind} = 'document' and ${chatFiles.status} = 'FINISHED')`;
  // The documents an answer draws on, as ids only (not the stored passages), so withheld answers can be left out
  // (chat/withheld.ts); answers stored before `source_docs` existed name them in their citations.
  const cited = sql<number[] | null>`case when ${chatMessages.role} <> 'view' then null
    when ${chatMessages.sourceDocs} is not null then ${chatMessages.sourceDocs}
    when ${chatMessages.references} is null then null
    else (select array_agg((e->>'doc_id')::int) from jsonb_array_elements(${chatMessages.references}) e) end`;
  const m = { round: chatMessages.round, role: chatMessages.role, content: chatMessages.content, cited, connection: chatMessages.sourceConnection };
  return db.select({ d: chatDialogues, m, files }).from(chatDialogues)
    .leftJoin(chatMessages, eq(chatMessages.dialogueId, chatDialogues.id))
    .where(and(eq(chatDialogues.convUid, sql.placeholder('convUid')), eq(chatDialogues.ownerId, sql.placeholder('ownerId'))))
    .prepare('chat_dialogue_with_messages');
});

/** All messages of a dialogue, round by round: human, ai, view. */
export async function dialogueMessages(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<MessageRow[]> {
  return deps.db.select().from(chatMessages).where(eq(chatMessages.dialogueId, dialogueId))
    .orderBy(asc(chatMessages.round), ROLE_ORDER);
}

export function toChatMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = {
    role: row.role as ChatMessage['role'],
    context: row.content,
    order: row.round,
    time_stamp: row.createdAt.toISOString(),
    model_name: row.modelName,
  };
  if (row.role === 'view') {
    message.status = (row.status ?? 'complete') as AnswerStatus;
    if (row.references) message.references = row.references as Citation[];
    if (row.chart) message.chart = row.chart as ChartView;
  }
  return message;
}

/** Whether an answer of the dialogue is stored as streaming (on whichever process streams it). */
export async function answerStreaming(deps: Pick<Deps, 'db'>, dialogueId: number): Promise<boolean> {
  const rows = await deps.db.select({ id: chatMessages.id }).from(chatMessages)
    .where(and(eq(chatMessages.dialogueId, dialogueId), eq(chatMessages.status, 'streaming'))).limit(1);
  return rows.length > 0;
}

/**
 * Crash recovery: answers still `streaming` when the server starts were cut by a stop of the process; they keep
 * their text and become `stopped`. With a shared database (several processes), only answers idle for longer
 * than `idleMs` are touched, as another process may be streaming the rest.
 */
export async function stopLeftOverAnswers(deps: Pick<Deps, 'db' | 'now'>, idleMs: number | null): Promise<number> {
  const idle = idleMs === null ? undefined : sql`${chatMessages.updatedAt} < ${new Date(deps.now().getTime() - idleMs)}`;
  const rows = await deps.db.update(chatMessages)
    .set({ status: 'stopped' })
    .where(and(eq(chatMessages.status, 'streaming'), idle))
    .returning({ id: chatMessages.id });
  return rows.length;
}
