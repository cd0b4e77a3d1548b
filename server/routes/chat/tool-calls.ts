// Chat with tools' calls in a running answer and after it: the user's yes or no to a waiting 写入 / 对外发送 call,
// 取消 of a running call, and the images a tool answered. Each is the dialogue owner's alone, by the same rule as
// reading the dialogue: another user's dialogue or call answers as one that does not exist.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { AiEnvelope, CHAT_PATHS, TOOL_MESSAGES, ToolCancelBody, ToolConfirmBody, ToolImageQuery } from '../../../contract/api';
import { decideToolCall } from '../../chat/agent';
import { ownedDialogue } from '../../chat/dialogues';
import { requireModeFunction } from '../../chat/mode-grants';
import { ownToolImage } from '../../chat/tool-call-rows';
import { chatToolCalls } from '../../db/schema';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest, HttpError } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { cancelCall } from '../../tools/cancel';
import { sessionOf } from '../../plugins/request-meta';

const use: RouteAccessConfig = { access: 'business', func: '/chatWindow', identityUnchanged: true };

export function chatToolCallRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(CHAT_PATHS.toolConfirm, {
      config: use,
      schema: { body: ToolConfirmBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const row = await ownedDialogue(deps, user.id, request.body.conv_uid);
      // Approving runs a tool: chat with tools needs 工具库 (a refusal needs nothing).
      if (request.body.approve) await requireModeFunction(deps, user.id, 'chat_agent');
      if (!(await decideToolCall(deps, row.id, request.body.call_id, request.body.approve))) {
        throw badRequest('该工具调用已处理或不在等待确认状态');
      }
      return aiOk(true);
    });

    app.post(CHAT_PATHS.toolCancel, {
      config: use,
      schema: { body: ToolCancelBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      const row = await ownedDialogue(deps, user.id, request.body.conv_uid);
      const here = await cancelCall(deps, `dialogue:${row.id}`, request.body.call_id);
      if (here) return aiOk(true);
      // Run by another process, maybe (it has been told): stored as running is what can be said here.
      const [call] = here === undefined
        ? await deps.db.select({ status: chatToolCalls.status }).from(chatToolCalls)
          .where(and(eq(chatToolCalls.id, request.body.call_id), eq(chatToolCalls.dialogueId, row.id)))
        : [];
      if (call?.status === 'running') return aiOk(true);
      throw badRequest(TOOL_MESSAGES.notRunning);
    });

    app.get(CHAT_PATHS.toolImage, {
      config: { ...use, readOnly: true },
      schema: { querystring: ToolImageQuery, response: { 200: Type.Unknown({ description: 'the image (PNG, JPEG, GIF or WebP)' }) } },
    }, async (request, reply) => {
      const image = await ownToolImage(deps, sessionOf(request).user.id, request.query.call_id, request.query.index);
      if (!image) throw new HttpError(404, '图片不存在');
      return reply
        .header('content-type', image.mimeType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(image.data);
    });
  };
}
