// The completion pipeline: validate, let the mode build the prompt, store the question and an empty
// `streaming` answer, stream the model's text to the client while saving it, and settle the answer as
// complete, stopped or failed. Aborting (stop call, client disconnect, shutdown) cancels the upstream request.
import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES, STREAM_DONE, type AnswerStatus, type ChartView, type CompletionChunkFrame, type CompletionFrame,
} from '../../contract/api';
import type { Deps } from '../deps';
import { HttpError } from '../http-error';
import { isAbort, LlmError } from '../llm/models';
import type { PreparedCompletion } from './completion-prepare';
import { begin, dialogueUpdate, recordAnswer, upsertMessages, type MessageFields } from './completion-store';
import { estimateTokens } from './history';
import type { ChatRuntime } from './runtime';

// The pipeline's first half and its writes live in their own files; callers keep importing this one.
export { prepareCompletion, type PreparedCompletion } from './completion-prepare';

/** How often the growing answer is saved while it streams. */
export const SAVE_EVERY_MS = 250;
export const SAVE_EVERY_CHARS = 2000;

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

/** Where frames go: the HTTP response (or a test's buffer). */
export type FrameSink = {
  send(data: string): void;
  end(): void;
  /** A failure the user was shown (model or server), for the error log (D56). */
  failed?(failure: { code: string; message: string }, err: unknown): void;
};

const frameText = (frame: CompletionFrame | typeof STREAM_DONE) => `data: ${typeof frame === 'string' ? frame : JSON.stringify(frame)}\n\n`;

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
