import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  AiEnvelope, CHAT_PATHS, ChatMessage, CompletionBody, ConUidQuery, ConcurrencyBody, ConcurrencyStatus, DEFAULT_CHAT_MODE, Dialogue,
  DialogueListQuery, DialogueNewQuery, ModeParam, ModeParamsQuery, CHAT_MESSAGES,
} from '../../../contract/api';
import { ceilingReason, dialogueGrade, gradesByCode } from '../../chat/agent';
import { toolCallsByRound } from '../../chat/tool-call-rows';
import { listedSets, toolUserFor } from '../../tools/sets';
import {
  answerStreaming, createDialogue, deleteDialogue, dialogueMessages, listDialogues, ownedDialogue, stopLeftOverAnswers, toDialogue,
} from '../../chat/dialogues';
import { notifierOf } from '../../db/client';
import { shownMessages } from '../../chat/withheld';
import { prepareCompletion, runCompletion, SessionRevoked } from '../../chat/completion';
import { isDatabaseConnectionError, recordError } from '../../errors/error-log';
import { removeDialogueFiles } from '../../chat/files';
import { requireModeFunction } from '../../chat/mode-grants';
import { createChatRuntime, type ChatRuntime } from '../../chat/runtime';
import { chatFiles } from '../../db/schema';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { watchSession } from '../../identity/session-watch';
import { listSpaces } from '../../knowledge/spaces';
import { viewerOf } from '../../knowledge/visibility';
import { visibleConnections } from '../../sqlbase/connections';
import { actorOf, sessionOf } from '../../plugins/request-meta';

const CHAT = '/chatWindow';
// Chat writes only chat tables: the identity cache stays (D12).
const use: RouteAccessConfig = { access: 'business', func: CHAT, identityUnchanged: true };
const read: RouteAccessConfig = { ...use, readOnly: true };
/** POST calls that take their arguments in the query (DB-GPT); the body (the client's stored user info) is ignored. */
const AnyBody = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]);
/** With a shared database, an answer still `streaming` after this long without a save was cut by a dead process. */
const LEFT_OVER_AFTER_MS = 30 * 60_000;

/** The headers that keep browsers and reverse proxies (nginx) from buffering or transforming the stream. */
export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

export type ChatRoutesOptions = {
  /** The only process on its database (PGlite): every answer left `streaming` at start was cut by a crash. */
  soleProcess: boolean;
  /** The runtime to use (tests inspect its queues); one is created otherwise. */
  runtime?: ChatRuntime;
};

/** Dialogues, history, mode parameters, streaming completions, stop, models and their queues (docs/chat.md). */
export function chatRoutes(deps: Deps, options: ChatRoutesOptions): FastifyPluginAsyncTypebox {
  return async (app) => {
    const runtime = options.runtime ?? createChatRuntime(deps.config);
    const stopped = await stopLeftOverAnswers(deps, options.soleProcess ? null : LEFT_OVER_AFTER_MS);
    if (stopped) app.log.warn({ stopped }, 'answers left streaming by an earlier run were marked stopped');
    // Shutdown stops every answer and waits until each is stored as stopped, before the server waits for open
    // connections (a stream would hold it open) and before the database closes.
    app.addHook('preClose', async () => {
      for (const controller of runtime.running.values()) controller.abort();
      await Promise.allSettled([...runtime.inflight]);
    });
    // 停止 asked on another process (several processes on one PostgreSQL, D61): the one streaming the answer stops it.
    const notifier = notifierOf(deps.db);
    if (notifier?.shared) {
      const off = notifier.on('kb_chat_stop', (dialogueId) => runtime.running.get(Number(dialogueId))?.abort());
      app.addHook('onClose', async () => off());
    }

    app.get(CHAT_PATHS.dialogueList, {
      config: read,
      schema: { querystring: DialogueListQuery, response: { 200: AiEnvelope(Type.Array(Dialogue)) } },
    }, async (request) => aiOk(await listDialogues(deps, sessionOf(request).user.id, request.query)));

    app.post(CHAT_PATHS.dialogueNew, {
      config: use,
      schema: { querystring: DialogueNewQuery, body: AnyBody, response: { 200: AiEnvelope(Dialogue) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const wanted = request.query.model_name?.trim();
      const { models } = runtime;
      if (wanted && models.configured && !models.hasChatModel(wanted)) throw badRequest(`${CHAT_MESSAGES.unknownModel}：${wanted}`);
      await requireModeFunction(deps, user.id, request.query.chat_mode ?? DEFAULT_CHAT_MODE);
      const row = await createDialogue(deps, user.id, request.query.chat_mode ?? DEFAULT_CHAT_MODE, wanted && models.configured ? wanted : models.defaultModel);
      return aiOk(toDialogue(row, user.username));
    });

    app.post(CHAT_PATHS.dialogueDelete, {
      config: { ...use, audit: 'dialogue-delete' },
      schema: { querystring: ConUidQuery, body: AnyBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      request.auditTarget = request.query.con_uid;
      const row = await ownedDialogue(deps, user.id, request.query.con_uid);
      runtime.running.get(row.id)?.abort();
      request.auditDetail = row.title;
      await deleteDialogue(deps, user.id, request.query.con_uid);
      await removeDialogueFiles(deps.config, row.id);
      return aiOk(null);
    });

    app.get(CHAT_PATHS.history, {
      config: read,
      schema: { querystring: ConUidQuery, response: { 200: AiEnvelope(Type.Array(ChatMessage)) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const row = await ownedDialogue(deps, user.id, request.query.con_uid);
      const shown = await shownMessages(deps, await viewerOf(deps, user), await dialogueMessages(deps, row.id));
      const calls = await toolCallsByRound(deps, row.id);
      return aiOk(calls.size ? shown.map((m) => (m.role === 'view' && calls.has(m.order) ? { ...m, tool_calls: calls.get(m.order) } : m)) : shown);
    });

    app.post(CHAT_PATHS.modeParams, {
      config: read,
      schema: { querystring: ModeParamsQuery, body: AnyBody, response: { 200: AiEnvelope(Type.Union([Type.Array(ModeParam), Type.Null()])) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const { chat_mode: mode, conv_uid: convUid } = request.query;
      await requireModeFunction(deps, user.id, mode);
      if (mode === 'chat_knowledge') {
        const spaces = await listSpaces(deps, await viewerOf(deps, user), {});
        return aiOk(spaces.map((s): ModeParam => ({ param: s.name, type: 'space' })));
      }
      if (mode === 'chat_excel') {
        if (!convUid) return aiOk([]);
        const row = await ownedDialogue(deps, user.id, convUid);
        const files = await deps.db.select({ id: chatFiles.id, name: chatFiles.fileName }).from(chatFiles)
          .where(and(eq(chatFiles.dialogueId, row.id), eq(chatFiles.kind, 'excel'), eq(chatFiles.status, 'FINISHED')))
          .orderBy(asc(chatFiles.id));
        return aiOk(files.map((f): ModeParam => ({ param: f.name, type: 'excel', file_id: f.id })));
      }
      if (mode === 'chat_with_db_execute' || mode === 'chat_with_db_qa') {
        const connections = await visibleConnections(deps, await viewerOf(deps, user));
        return aiOk(connections.map((c): ModeParam => ({ param: c.dbName, type: c.dbType })));
      }
      if (mode === 'chat_agent') {
        // The sets the user may use; in a dialogue that has shown content above a set's ceiling, with the reason.
        const sets = (await listedSets(deps, await toolUserFor(deps, user))).filter((s) => s.usable);
        const grade = convUid ? await dialogueGrade(deps, (await ownedDialogue(deps, user.id, convUid)).id) : null;
        const grades = await gradesByCode(deps);
        return aiOk(sets.map(({ row }): ModeParam => {
          const reason = ceilingReason({ name: row.name, ceiling: grades.get(row.secrecy)! }, grade);
          return { param: String(row.id), type: 'toolset', name: row.name, ...(reason ? { disabled_reason: reason } : {}) };
        }));
      }
      // chat_normal: null (DB-GPT).
      return aiOk(mode === 'chat_normal' ? null : []);
    });

    app.post(CHAT_PATHS.stop, {
      config: use,
      schema: { querystring: ConUidQuery, body: AnyBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      const row = await ownedDialogue(deps, sessionOf(request).user.id, request.query.con_uid);
      const controller = runtime.running.get(row.id);
      controller?.abort();
      if (controller || !notifier?.shared) return aiOk(controller !== undefined);
      // Streamed by another process, maybe: it is told (and answers it was streaming when it stops).
      await notifier.publish('kb_chat_stop', String(row.id));
      return aiOk(await answerStreaming(deps, row.id));
    });

    app.get(CHAT_PATHS.modelTypes, {
      config: read,
      schema: { querystring: Type.Object({}, { additionalProperties: true }), response: { 200: AiEnvelope(Type.Array(Type.String())) } },
    }, async () => aiOk(runtime.models.chatModels.map((m) => m.name)));

    app.post(CHAT_PATHS.concurrency, {
      config: read,
      schema: { body: Type.Union([ConcurrencyBody, Type.Null()]), response: { 200: AiEnvelope(Type.Array(ConcurrencyStatus)) } },
    }, async () => aiOk(runtime.models.status()));

    app.post(CHAT_PATHS.completions, {
      config: use,
      // The answer is a server-sent event stream (frames in contract/api/chat.ts); refusals before it are JSON.
      schema: { body: CompletionBody, response: { 200: Type.String({ description: 'text/event-stream' }) } },
    }, async (request, reply) => {
      const session = sessionOf(request);
      const { user } = session;
      await requireModeFunction(deps, user.id, request.body.chat_mode ?? DEFAULT_CHAT_MODE);
      const prepared = await prepareCompletion(deps, runtime, user, request.body, actorOf(request));
      // The session ending (logout, disable, a role or clearance change) stops the answer within a second.
      const unwatch = watchSession(deps, { tokenHash: session.tokenHash, userId: user.id },
        () => prepared.controller.abort(new SessionRevoked()), { poll: !options.soleProcess });
      reply.hijack();
      const res = reply.raw;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && name !== 'content-length') headers[name] = typeof value === 'number' ? String(value) : value;
      }
      res.writeHead(200, { ...headers, ...STREAM_HEADERS });
      res.flushHeaders();
      const { controller } = prepared;
      // The client went away (closed the tab, pressed stop, lost the network): cancel the model at once.
      res.on('close', () => {
        if (!res.writableEnded) controller.abort();
      });
      const done = runCompletion(deps, runtime, prepared, {
        send: (data) => {
          if (res.destroyed || res.writableEnded) return;
          res.write(data);
          // Node corks the socket for a chunked write until the next tick, and a burst of model output that
          // arrived at once is handled in one chain of promise callbacks that holds the tick back: without this,
          // the first token would wait for the whole burst. Each frame goes out as it is written.
          res.socket?.uncork();
        },
        end: () => {
          if (!res.destroyed && !res.writableEnded) res.end();
        },
        failed: (failure, err) => {
          const model = failure.code.startsWith('llm_');
          void recordError(deps, {
            kind: model ? 'model' : isDatabaseConnectionError(err) ? 'database' : 'http',
            summary: model ? `模型调用失败：${failure.message}` : failure.message,
            detail: err instanceof Error ? `${err.name}: ${err.message}` : '',
            requestId: String(request.id), method: request.method, route: request.routeOptions.url, status: null,
            userId: request.auth?.user.id, username: request.auth?.user.username,
          });
        },
      });
      runtime.inflight.add(done);
      await done.finally(unwatch);
      runtime.inflight.delete(done);
    });
  };
}
