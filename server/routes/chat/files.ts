import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AiEnvelope, CHAT_PATHS, ChatFile, ChatFileParams, ConvParams } from '../../../contract/api';
import { addChatFile, listChatFiles, missingFile, ownChatFile, type ChatFileKind, type UploadedChatFile } from '../../chat/files';
import { chatFileJobHandler } from '../../chat/files-process';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest, HttpError } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { multipartField } from '../../http/harden-schema';
import { startWorker } from '../../jobs/worker';
import { sessionOf } from '../request-meta';

const CHAT = '/chatWindow';
const read: RouteAccessConfig = { access: 'business', func: CHAT, readOnly: true };
const upload: RouteAccessConfig = { access: 'business', func: CHAT, button: `${CHAT}#upload`, identityUnchanged: true };
const FILE_FIELDS = new Set(['file', 'doc_file']);

/** The one file and the fields of an upload; a file over the limit answers 413 and nothing is kept. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ file: UploadedChatFile | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: UploadedChatFile | null = null;
  if (!request.isMultipart()) return { file, fields };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = multipartField(part.fieldname, part.value).trim();
      } else if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
      } else if (file) {
        part.file.resume();
        throw badRequest('每次只能上传一个文件');
      } else {
        file = { name: part.filename || '未命名文件', bytes: await part.toBuffer() };
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `文件超过大小上限（${Math.round(maxBytes / 1024 / 1024)} MB），未上传`);
    }
    throw err;
  }
  return { file, fields };
}

/** Removes what a process killed while writing left in the chat-file folders (`.part`, `.source.csv`). */
async function removeLeftovers(deps: Deps): Promise<void> {
  const root = path.join(deps.config.dataDir, 'files', 'chat');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  await Promise.all(entries.filter((e) => /\.(part|source\.csv)$/.test(e)).map((e) => fs.rm(path.join(root, e), { force: true })));
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
    await removeLeftovers(deps);
    const worker = startWorker(deps, chatFileJobHandler(deps), { soleProcess: options.soleProcess, log: app.log });
    app.addHook('onClose', () => worker.stop());

    const add = (kind: ChatFileKind) => async (request: FastifyRequest) => {
      const { file, fields } = await readUpload(request, deps.config.uploadMaxBytes);
      request.auditTarget = file ? file.name.slice(0, 500) : '';
      request.auditDetail = `${kind === 'excel' ? '表格问答' : '文件问答'}，对话 ${fields.conv_id || '（缺失）'}`;
      if (!file || !fields.conv_id) throw missingFile();
      const added = await addChatFile(deps, sessionOf(request).user.id, fields.conv_id, kind, file);
      worker.wake();
      return aiOk(added);
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
