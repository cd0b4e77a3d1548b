import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AiEnvelope, CHAT_PATHS, ChatFile, ChatFileParams, ConvParams } from '../../../contract/api';
import { addChatFile, listChatFiles, missingFile, ownChatFile, type ChatFileKind } from '../../chat/files';
import { chatFileJobHandler } from '../../chat/files-process';
import type { Config } from '../../config';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { aiOk } from '../../http/envelope';
import { startWorker } from '../../jobs/worker';
import { removeLeftovers } from '../../knowledge/storage';
import { uploadLimitsOf, withUpload, type ReceiveOptions } from '../../uploads/receive';
import { sessionOf } from '../../plugins/request-meta';

const CHAT = '/chatWindow';
const read: RouteAccessConfig = { access: 'business', func: CHAT, readOnly: true };
const upload: RouteAccessConfig = { access: 'business', func: CHAT, button: `${CHAT}#upload`, identityUnchanged: true };

/** The upload's form: one file (file or doc_file) of at most UPLOAD_MAX_BYTES, and conv_id. */
const uploadOptions = (deps: Deps): ReceiveOptions => ({
  fileFields: ['file', 'doc_file'], maxFiles: { count: 1, message: '每次只能上传一个文件' }, ...uploadLimitsOf(deps.config),
});


/**
 * What a process killed while writing left in the chat-file folders (`.part`, `.source.csv`), removed at start
 * (server/app.ts); with other processes sharing FILES_DIR, only what has been idle longer than `idleMs`.
 */
export function removeChatFileLeftovers(config: Pick<Config, 'filesDir'>, idleMs: number): Promise<void> {
  return removeLeftovers(config, path.join('files', 'chat'), /\.(part|source\.csv)$/, idleMs);
}

/**
 * File chat and spreadsheet chat uploads (multipart: file, conv_id; user_id and user_name are the client's
 * stored info, the session decides), the dialogue's files, and a file's processing status. Starts the worker
 * of the chat-file queue; `soleProcess` as for the document worker.
 */
export function chatFileRoutes(deps: Deps, options: { soleProcess: boolean }): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.config.uploadMaxBytes, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
    const worker = startWorker(deps, chatFileJobHandler(deps), { soleProcess: options.soleProcess, log: app.log });
    app.addHook('onClose', () => worker.stop());

    const add = (kind: ChatFileKind) => async (request: FastifyRequest) => {
      const mode = kind === 'excel' ? '表格问答' : '文件问答';
      if (!request.isMultipart()) {
        request.auditDetail = `${mode}，对话 （缺失）`;
        throw missingFile();
      }
      return withUpload(request, deps.config, uploadOptions(deps), async ({ files: [file], fields }) => {
        const convId = (fields.conv_id ?? '').trim();
        request.auditTarget = file ? file.name.slice(0, 500) : '';
        request.auditDetail = `${mode}，对话 ${convId || '（缺失）'}`;
        if (!file || !convId) throw missingFile();
        const added = await addChatFile(deps, sessionOf(request).user.id, convId, kind, file);
        worker.wake();
        return aiOk(added);
      });
    };
    const uploadSchema = {
      // multipart/form-data: file (or doc_file), conv_id, user_id, user_name; read with request.parts().
      body: Type.Unknown(),
      response: { 200: AiEnvelope(ChatFile) },
    };
    // Files brought into a dialogue are in the audit log, as knowledge uploads are.
    app.post(CHAT_PATHS.fileAdd, { config: { ...upload, audit: 'chat-file-upload' }, schema: uploadSchema }, add('document'));
    app.post(CHAT_PATHS.excelFileAdd, { config: { ...upload, audit: 'chat-file-upload' }, schema: uploadSchema }, add('excel'));

    app.get(CHAT_PATHS.files, {
      config: read,
      schema: { params: ConvParams, response: { 200: AiEnvelope(Type.Array(ChatFile)) } },
    }, async (request) => aiOk(await listChatFiles(deps, sessionOf(request).user.id, request.params.id)));

    app.get(CHAT_PATHS.fileStatus, {
      config: read,
      schema: { params: ChatFileParams, response: { 200: AiEnvelope(ChatFile) } },
    }, async (request) => aiOk(await ownChatFile(deps, sessionOf(request).user.id, request.params.id)));
  };
}
