// The completion pipeline: validate, let the mode build the prompt, store the question and an empty
// `streaming` answer, stream the model's text to the client while saving it, and settle the answer as
// complete, stopped or failed. Aborting (stop call, client disconnect, shutdown) cancels the upstream request.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  CHAT_MESSAGES, DEFAULT_CHAT_MODE, DEFAULT_TEMPERATURE, STREAM_DONE, type AnswerStatus, type ChartView, type Citation,
  type CompletionBody, type CompletionChunkFrame, type CompletionFrame,
} from '../../contract/api';
import { chatMessages } from '../db/schema';
import type { Actor, Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import type { SessionUser } from '../identity/sessions';
import { viewerOf } from '../knowledge/visibility';
import { isAbort, LlmError } from '../llm/models';
import { ownedDialogueWithMessages } from './dialogues';
import { estimateTokens, historyWithinBudget, roundsOf } from './history';
import type { DialogueRef, PreparedAnswer } from './mode';
import { modeHandler } from './modes';
import type { ChatRuntime } from './runtime';
import { citedDocuments, withheldRounds } from './withheld';

/** How often the growing answer is saved while it streams. */
export const SAVE_EVERY_MS = 250;
export const SAVE_EVERY_CHARS = 2000;

export type PreparedCompletion = {
  /** Aborts the answer: the stop call, the client's disconnect, shutdown; also given to the mode. */
  controller: AbortController;
  dialogue: DialogueRef;
  question: string;
  round: number;
  model: string | null;
  temperature: number;
  maxTokens?: number;
  answer: PreparedAnswer;
  /** Whether the dialogue has no title yet (its first question names it). */
  untitled: boolean;
  /** Whether the round answers again a question already stored (its earlier answer is replaced). */
  regenerate: boolean;
  /** The knowledge documents the answer may draw on: its passages and the history's (chat/withheld.ts). */
  sourceDocs: number[];
};

/** The abort reason when the session ended while the answer streamed (identity/session-watch.ts). */
export class SessionRevoked extends Error {
  constructor() {
    super(CHAT_MESSAGES.revoked);
    this.name = 'SessionRevoked';
  }
}

/** The error frame's code and Chinese message for a failure while answering. */
function failureOf(err: unknown): { code: string; message: string } {
  if (err instanceof LlmError) return { code: err.code, message: err.message };
  if (err instanceof HttpError) return { code: `E${err.statusCode}`, message: err.message };
  return { code: 'internal_error', message: '回答失败：服务内部错误，请稍后重试' };
}

/** Checks the request and builds the prompt; throws HttpError (before anything is stored or streamed). */
export async function prepareCompletion(
  deps: Deps, runtime: ChatRuntime, user: SessionUser, body: CompletionBody, actor?: Actor,
): Promise<PreparedCompletion> {
  const question = body.user_input.trim();
  if (!question) throw badRequest('请输入问题');
  const { dialogue: row, messages: stored, hasDocumentFiles } = await ownedDialogueWithMessages(deps, user.id, body.conv_uid);
  if (runtime.running.has(row.id)) throw new HttpError(409, '上一个回答尚未结束，请先停止或稍候');
  const chatMode = body.chat_mode ?? DEFAULT_CHAT_MODE;
  const handler = modeHandler(chatMode);
  if (!handler) throw badRequest('暂不支持该对话模式');
  const { models } = runtime;
  let model: string | null = null;
  if (models.configured) {
    const wanted = body.model_name?.trim();
    if (wanted && !models.hasChatModel(wanted)) throw badRequest(`${CHAT_MESSAGES.unknownModel}：${wanted}`);
    model = wanted || (row.modelName && models.hasChatModel(row.modelName) ? row.modelName : models.defaultModel);
  }
  const dialogue: DialogueRef = {
    id: row.id, convUid: row.convUid, ownerId: row.ownerId, chatMode,
    selectParam: body.select_param === undefined ? row.selectParam : body.select_param?.trim() || null,
    hasDocumentFiles,
  };
  const last = stored.reduce((max, m) => Math.max(max, m.round), 0);
  const regenerate = !!body.regenerate && last > 0;
  const round = regenerate ? last : last + 1;
  const viewer = await viewerOf(deps, user);
  // Answers citing documents the user may no longer read stay out of what the model is sent (chat/withheld.ts).
  const withheld = await withheldRounds(deps, viewer, stored);
  const kept = withheld.size ? stored.filter((m) => !withheld.has(m.round)) : stored;
  const history = historyWithinBudget(roundsOf(kept, round), deps.config.llmContextTokens);
  // Every earlier answer kept may be sent as history (a superset of the rounds that fit the budget: safe side).
  const historySources = kept.filter((m) => m.round < round).flatMap((m) => m.cited ?? []);
  const controller = new AbortController();
  const answer = await handler.prepare({
    deps, viewer, user, actor, dialogue, question, history, signal: controller.signal, modelConfigured: model !== null,
    complete: (messages, options) => {
      if (!model) throw new HttpError(400, CHAT_MESSAGES.noModel);
      return models.complete(model, messages, options ?? {}, controller.signal);
    },
  });
  // Checked again with no wait before taking the dialogue, so two requests cannot both answer it.
  if (runtime.running.has(row.id)) throw new HttpError(409, '上一个回答尚未结束，请先停止或稍候');
  runtime.running.set(row.id, controller);
  return {
    controller, dialogue, question, round, model, answer,
    temperature: body.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: body.max_new_tokens,
    untitled: row.title === '' || (round === 1 && regenerate),
    regenerate,
    sourceDocs: [...new Set([...historySources, ...citedDocuments(answer.references)])],
  };
}

/** Where frames go: the HTTP response (or a test's buffer). */
export type FrameSink = {
  send(data: string): void;
  end(): void;
  /** A failure the user was shown (model or server), for the error log (D56). */
  failed?(failure: { code: string; message: string }, err: unknown): void;
};

const frameText = (frame: CompletionFrame | typeof STREAM_DONE) => `data: ${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n\n`;

type MessageFields = { role: 'human' | 'ai' | 'view'; content: string; status?: AnswerStatus | null; references?: Citation[] | null; chart?: ChartView | null };

/** Inserts or replaces messages of the round in one statement. */
async function upsertMessages(deps: Deps, p: PreparedCompletion, messages: MessageFields[]) {
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
async function begin(deps: Deps, p: PreparedCompletion): Promise<void> {
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
function dialogueUpdate(p: PreparedCompletion, now: string): SQL {
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

/** Resolves once the work already started on this thread (the model request being written) has had its turn. */
const afterPendingWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams the answer to `sink` and stores it. `p.controller` aborts it (the caller wires the client's disconnect);
 * the stop call reaches it through `runtime.running`. Never throws: failures become an error frame.
 */
export async function runCompletion(deps: Deps, runtime: ChatRuntime, p: PreparedCompletion, sink: FrameSink): Promise<AnswerStatus> {
  const { controller } = p;
  const { signal } = controller;
  runtime.running.set(p.dialogue.id, controller);
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const modelName = p.model ?? '';
  const chunk = (content: string, extra: { role?: 'assistant'; order?: number } = {}): CompletionChunkFrame => ({
    object: 'chat.completion.chunk', id, created, model: modelName, ...(extra.order ? { order: extra.order } : {}),
    choices: [{ index: 0, delta: extra.role ? { role: extra.role, content } : { content }, finish_reason: null }],
  });
  const send = (frame: CompletionFrame | typeof STREAM_DONE) => {
    if (!signal.aborted || frame === STREAM_DONE || (frame as CompletionFrame).object !== 'chat.completion.chunk') sink.send(frameText(frame));
  };

  let text = '';
  let raw = '';
  let status: AnswerStatus = 'streaming';
  let chart: ChartView | null = null;
  // The model request goes out first; the question and the empty answer are stored while the model thinks (the
  // embedded database works on this thread, so a write started first would hold the request back). The write is
  // awaited before the first text goes out, so a crash never loses what was shown.
  const options = { temperature: p.temperature, maxTokens: p.maxTokens };
  const askedOn = deps.now();
  const askedAt = performance.now();
  let firstAt: number | null = null;
  let lastAt = askedAt;
  const pieces = !p.model || p.answer.reply !== undefined ? null
    : p.answer.run ? p.answer.run({ model: p.model, round: p.round, ...options, signal, frame: (frame) => send(frame) })
      : runtime.models.stream(p.model, p.answer.messages, options, signal);
  const firstPiece = pieces?.next();
  // Not left unhandled while the write runs; the loop below awaits it and sees the rejection.
  firstPiece?.catch(() => undefined);
  let saving: Promise<void> = Promise.resolve();
  let savedAt = Date.now();
  let savedLength = 0;
  let inFlight = false;
  const save = (messages: MessageFields[]) => {
    inFlight = true;
    saving = saving.then(() => upsertMessages(deps, p, messages)).catch(() => undefined).finally(() => {
      inFlight = false;
    });
    return saving;
  };
  let beginError: unknown = null;
  const begun = afterPendingWork().then(() => begin(deps, p)).catch((err: unknown) => {
    beginError = err;
  });
  // The dialogue's own row (mode, model, title, place in the list) is updated off the path to the first token,
  // once the question is stored, ahead of every save of the answer.
  let dialogueSettled = p.regenerate;
  const settleDialogue = () => {
    if (dialogueSettled || beginError) return;
    dialogueSettled = true;
    saving = saving.then(() => deps.db.execute(dialogueUpdate(p, deps.now().toISOString()))).then(() => undefined, () => undefined);
  };
  const stored = async () => {
    await begun;
    if (beginError) throw beginError;
    settleDialogue();
  };
  try {
    send(chunk('', { role: 'assistant', order: p.round }));
    if (!pieces || !firstPiece) {
      await stored();
      text = p.answer.reply ?? p.answer.fallback ?? CHAT_MESSAGES.noModel;
      send(chunk(text));
    } else {
      for (let next = await firstPiece; !next.done; next = await pieces.next()) {
        const piece = next.value;
        // Nothing is shown before the question and the streaming answer are stored.
        lastAt = performance.now();
        firstAt ??= lastAt;
        if (!raw) await stored();
        raw += piece;
        text += piece;
        send(chunk(piece));
        // At most one save in flight: a slow database gets fewer, larger saves rather than a growing queue.
        if (!inFlight && (Date.now() - savedAt >= SAVE_EVERY_MS || text.length - savedLength >= SAVE_EVERY_CHARS)) {
          savedAt = Date.now();
          savedLength = text.length;
          void save([{ role: 'view', content: text, status: 'streaming' }]);
        }
      }
      if (signal.aborted) throw new Error('aborted');
      if (p.answer.finish) {
        const done = await p.answer.finish(raw, { chart: (partial) => send({ object: 'chat.chart', chart: partial }) });
        if (done.appendText) {
          text += done.appendText;
          send(chunk(done.appendText));
        }
        if (done.chart) {
          chart = done.chart;
          send({ object: 'chat.chart', chart });
        }
      }
    }
    status = 'complete';
    send({ ...chunk(''), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  } catch (err) {
    if (isAbort(err, signal)) {
      status = 'stopped';
      // Revoked mid-answer: say why, and stop sending text the user may no longer be allowed to read.
      if (signal.reason instanceof SessionRevoked) send({ object: 'chat.error', code: 'revoked', message: signal.reason.message });
    } else {
      status = 'failed';
      const failure = failureOf(err);
      send({ object: 'chat.error', ...failure });
      sink.failed?.(failure, err);
    }
  } finally {
    // Ends the model request when the loop left early (a failed write, an error frame); frees the model's slot.
    await pieces?.return(undefined).catch(() => undefined);
    if (p.answer.references?.length && status !== 'failed') send({ object: 'chat.references', references: p.answer.references });
    await begun;
    settleDialogue();
    await saving;
    // The raw model text is kept as the `ai` message (history for the next rounds); the database being gone
    // (shutdown) loses nothing that was saved while streaming. A question that could not be stored keeps nothing.
    const references = p.answer.references?.length ? p.answer.references : null;
    if (!beginError) {
      await save([{ role: 'view', content: text, status, references, chart }, ...(p.model ? [{ role: 'ai' as const, content: raw }] : [])]);
    }
    runtime.running.delete(p.dialogue.id);
    send(STREAM_DONE);
    sink.end();
    if (!beginError) {
      const timed = pieces && firstAt !== null;
      await recordAnswer(deps, p, askedOn, status, {
        queueWaitMs: pieces ? runtime.models.queueWaitOf(signal) : null,
        firstTokenMs: timed ? firstAt! - askedAt : null,
        tokens: timed ? estimateTokens(raw) : null,
        streamMs: timed ? lastAt - firstAt! : null,
      });
    }
  }
  return status;
}

type AnswerTimings = { queueWaitMs: number | null; firstTokenMs: number | null; tokens: number | null; streamMs: number | null };

/**
 * The answer's row for 统计 (D65): who asked in which mode (and knowledge space), the model and its timings. Written
 * after the answer has ended, off the path of its text; a failing write loses only the figure.
 */
async function recordAnswer(deps: Deps, p: PreparedCompletion, at: Date, status: AnswerStatus, t: AnswerTimings): Promise<void> {
  const d = p.dialogue;
  const space = d.chatMode === 'chat_knowledge' && d.selectParam ? sql`(select id from knowledge_spaces where name = ${d.selectParam.split(',')[0].trim()})` : sql`null`;
  const int = (v: number | null) => (v === null ? null : Math.round(v));
  await deps.db.execute(sql`
    insert into chat_answer_stats (at, user_id, chat_mode, space_id, model_name, status, queue_wait_ms, first_token_ms, tokens, stream_ms)
    values (${at.toISOString()}::timestamptz, ${d.ownerId}, ${d.chatMode}, ${space}, ${p.model}, ${status},
      ${int(t.queueWaitMs)}, ${int(t.firstTokenMs)}, ${t.tokens}, ${int(t.streamMs)})`).catch(() => undefined);
}
