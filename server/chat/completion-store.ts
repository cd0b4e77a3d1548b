// What an answer writes: the question and its streaming answer, the growing answer's saves, the dialogue's row
// (mode, model, title, shown grade) and the answer's figures for 统计. The streaming itself is server/chat/completion.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { AnswerStatus, ChartView, Citation } from '../../contract/api';
import { chatMessages } from '../db/schema';
import type { Deps } from '../deps';
import type { PreparedCompletion } from './completion-prepare';

/** A message of the round as written: the question, the raw model text or the answer shown. */
export type MessageFields = { role: 'human' | 'ai' | 'view'; content: string; status?: AnswerStatus | null; references?: Citation[] | null; chart?: ChartView | null };

/** Inserts or replaces messages of the round in one statement. */
export async function upsertMessages(deps: Deps, p: PreparedCompletion, messages: MessageFields[]) {
  const now = deps.now();
  await deps.db.insert(chatMessages)
    .values(messages.map((m) => ({
      dialogueId: p.dialogue.id, round: p.round, role: m.role, content: m.content, status: m.status ?? null,
      references: m.references ?? null, chart: m.chart ?? null, modelName: p.model, createdAt: now, updatedAt: now,
    })))
    .onConflictDoUpdate({
      target: [chatMessages.dialogueId, chatMessages.round, chatMessages.role],
      set: {
        content: sql`excluded.content`, status: sql`excluded.status`, references: sql`excluded.references`, chart: sql`excluded.chart`,
        modelName: sql`excluded.model_name`, updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * Stores the question and an empty streaming answer: what must be stored before any text is shown. A regenerated
 * round also drops its earlier model text and settles the dialogue in the same statement (it is rare; the common
 * case stays one small insert on the path to the first token).
 */
export async function begin(deps: Deps, p: PreparedCompletion): Promise<void> {
  const now = deps.now().toISOString();
  const d = p.dialogue;
  // The answer's sources are stored with it from the start: a crash mid-answer keeps text that may draw on them.
  const sources = p.sourceDocs.length ? sql`${sql.param(p.sourceDocs)}::integer[]` : sql`null::integer[]`;
  const messages = sql`
    insert into chat_messages (dialogue_id, round, role, content, status, source_docs, source_connection, model_name, created_at, updated_at)
    values (${d.id}, ${p.round}, 'human', ${p.question}, null, null, null, ${p.model}, ${now}::timestamptz, ${now}::timestamptz),
           (${d.id}, ${p.round}, 'view', '', 'streaming', ${sources}, ${p.answer.sourceConnection ?? null}::integer, ${p.model}, ${now}::timestamptz, ${now}::timestamptz)
    on conflict (dialogue_id, round, role) do update set content = excluded.content, status = excluded.status,
      "references" = null, chart = null, source_docs = excluded.source_docs, source_connection = excluded.source_connection, model_name = excluded.model_name,
      updated_at = excluded.updated_at`;
  if (!p.regenerate) {
    await deps.db.execute(messages);
    return;
  }
  await deps.db.execute(sql`
    with messages as (${messages} returning 1),
    dropped as (delete from chat_messages where dialogue_id = ${d.id} and round = ${p.round} and role = 'ai' returning 1),
    calls as (delete from chat_tool_calls where dialogue_id = ${d.id} and round = ${p.round} returning 1)
    ${dialogueUpdate(p, now)}`);
}

/** The dialogue's mode, parameter and model as last asked, moved to the top of the list, named by its first question. */
export function dialogueUpdate(p: PreparedCompletion, now: string): SQL {
  const d = p.dialogue;
  return sql`update chat_dialogues set chat_mode = ${d.chatMode}, select_param = ${d.selectParam}, model_name = ${p.model},
      updated_at = ${now}::timestamptz, title = case when ${p.untitled} then ${p.question.slice(0, 200)} else title end${shownGrade(p)}
    where id = ${d.id}`;
}

/**
 * Raises the dialogue's shown grade to the highest of its own, the documents the answer draws on and the grade of
 * what else it shows (a database connection's); tools with a lower ceiling are then kept out of it (chat/agent.ts).
 */
function shownGrade(p: PreparedCompletion): SQL {
  const grade = p.answer.grade ?? null;
  if (!p.sourceDocs.length && !grade) return sql``;
  const docs = p.sourceDocs.length
    ? sql`or g.code in (select secrecy from knowledge_documents where id = any(${sql.param(p.sourceDocs)}::integer[]))`
    : sql``;
  return sql`, shown_secrecy = (select g.code from secrecy_grades g
      where g.code = chat_dialogues.shown_secrecy or g.code = ${grade} ${docs} order by g.rank desc limit 1)`;
}

/** The model's timings of an answer, null where no model was asked or no text came. */
export type AnswerTimings = { queueWaitMs: number | null; firstTokenMs: number | null; tokens: number | null; streamMs: number | null };

/**
 * The answer's row for 统计 (D65): who asked in which mode (and knowledge space), the model and its timings. Written
 * after the answer has ended, off the path of its text; a failing write loses only the figure.
 */
export async function recordAnswer(deps: Deps, p: PreparedCompletion, at: Date, status: AnswerStatus, t: AnswerTimings): Promise<void> {
  const d = p.dialogue;
  const space = d.chatMode === 'chat_knowledge' && d.selectParam ? sql`(select id from knowledge_spaces where name = ${d.selectParam.split(',')[0].trim()})` : sql`null`;
  const int = (v: number | null) => (v === null ? null : Math.round(v));
  await deps.db.execute(sql`
    insert into chat_answer_stats (at, user_id, chat_mode, space_id, model_name, status, queue_wait_ms, first_token_ms, tokens, stream_ms)
    values (${at.toISOString()}::timestamptz, ${d.ownerId}, ${d.chatMode}, ${space}, ${p.model}, ${status},
      ${int(t.queueWaitMs)}, ${int(t.firstTokenMs)}, ${t.tokens}, ${int(t.streamMs)})`).catch(() => undefined);
}
