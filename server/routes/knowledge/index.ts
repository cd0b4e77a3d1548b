import { gradeText } from '../../identity/audit-format';
import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AiEnvelope, ChunkListBody, ChunkPage, DocumentDeleteBody, DocumentListBody, DocumentPage, DocumentParams, DocumentUpdateBody,
  KNOWLEDGE_PATHS, RecallHit, RecallTestBody, Space, SpaceAddBody, SpaceArguments, SpaceCheckResult, SpaceListBody, SpaceNameBody,
  SpaceParams, SpaceSaveBody, TaskCreateBody, TaskResult, TaskRetryBody, TaskRetryFailedBody, TaskStopBody,
} from '../../../contract/api';
import { UPLOAD_MAX_FILES } from '../../../contract/api/upload-limits';
import { ToolDept, ToolDeptsBody } from '../../../contract/api/tools';
import { departmentNames } from '../../identity/grant-input';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest, HttpError } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { defaultArguments, storedArguments } from '../../knowledge/arguments';
import {
  deleteDocument, failedDocumentIds, listChunks, parseReviewRoles, startProcessing, stopProcessing, updateDocument, uploadDocuments,
  visibleDocument,
} from '../../knowledge/documents';
import { listDocuments } from '../../knowledge/document-list';
import { recallChunks } from '../../knowledge/search';
import { addSpace, checkSpaceName, deleteSpace, listSpaces, nameTaken, saveSpace, spaceByName, spaceWithGeneration } from '../../knowledge/spaces';
import { cachedForSpace } from '../../knowledge/space-cache';
import { absolute } from '../../knowledge/storage';
import { viewerOf, type Viewer } from '../../knowledge/visibility';
import { sanitizeFileName } from '../../uploads/file-name';
import { uploadLimitsOf, withUpload, type ReceiveOptions } from '../../uploads/receive';
import { sessionOf } from '../../plugins/request-meta';
import { chunkEditRoutes } from './chunk-routes';

const KB = '/knowledgeBase';
const DOCS = '/knowledgeList';
/** Reads of the knowledge area: any business user holding the knowledge function. */
const read: RouteAccessConfig = { access: 'business', func: [KB, DOCS], readOnly: true };

const viewer = (deps: Deps, request: FastifyRequest) => viewerOf(deps, sessionOf(request).user);

/** What an answer about documents depends on: who asks (owner, clearance, roles) and what. */
function answerKey(kind: string, v: Viewer, body: Record<string, unknown>): string {
  const { user_id: _id, user_name: _name, userInfo: _info, ...query } = body;
  return JSON.stringify([kind, v.id, v.grades, v.roleIds, v.deptChain, query]);
}

/** The upload's form: doc_file (or file) parts, each at most UPLOAD_MAX_BYTES, all together UPLOAD_MAX_REQUEST_BYTES. */
const uploadOptions = (deps: Deps): ReceiveOptions => ({ fileFields: ['doc_file', 'file'], ...uploadLimitsOf(deps.config) });

/** Knowledge spaces, documents, processing tasks, chunks and recall (spec §7; docs/knowledge.md). */
export function knowledgeRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.config.uploadMaxBytes, files: UPLOAD_MAX_FILES.knowledge, fields: 20, fieldSize: 64 * 1024, parts: 50 },
    });

    app.post(KNOWLEDGE_PATHS.spaceDepts, {
      config: read,
      schema: { body: ToolDeptsBody, response: { 200: AiEnvelope(Type.Array(ToolDept)) } },
    }, async () => aiOk(await departmentNames(deps)));

    app.post(KNOWLEDGE_PATHS.spaceList, {
      config: read,
      schema: { body: SpaceListBody, response: { 200: AiEnvelope(Type.Array(Space)) } },
    }, async (request) => aiOk(await listSpaces(deps, await viewer(deps, request), request.body)));

    app.post(KNOWLEDGE_PATHS.spaceAdd, {
      config: { access: 'business', button: `${KB}#add`, audit: 'space-create' },
      schema: { body: SpaceAddBody, response: { 200: AiEnvelope(Type.Object({ id: Type.Number(), name: Type.String() })) } },
    }, async (request) => {
      request.auditTarget = request.body.name;
      const space = await addSpace(deps, await viewer(deps, request), request.body);
      return aiOk({ id: space.id, name: space.name });
    });

    app.post(KNOWLEDGE_PATHS.spaceSave, {
      config: { access: 'business', button: `${KB}#edit`, audit: 'space-update' },
      schema: { body: SpaceSaveBody, response: { 200: AiEnvelope(Type.Object({ id: Type.Number(), name: Type.String() })) } },
    }, async (request) => {
      request.auditTarget = request.body.name;
      const space = await saveSpace(deps, await viewer(deps, request), request.body);
      return aiOk({ id: space.id, name: space.name });
    });

    app.post(KNOWLEDGE_PATHS.spaceDelete, {
      config: { access: 'business', button: `${KB}#delete`, audit: 'space-delete' },
      schema: { body: SpaceNameBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = request.body.name;
      await deleteSpace(deps, await viewer(deps, request), request.body.name);
      return aiOk(null);
    });

    app.post(KNOWLEDGE_PATHS.spaceCheck, {
      config: read,
      schema: { body: SpaceNameBody, response: { 200: AiEnvelope(SpaceCheckResult) } },
    }, async (request) => {
      const problem = checkSpaceName(request.body.name);
      if (problem) return aiOk({ available: false, message: problem });
      const taken = await nameTaken(deps, request.body.name);
      return aiOk({ available: !taken, message: taken ? '知识空间名称已存在' : '名称可用' });
    });

    app.post(KNOWLEDGE_PATHS.defaultArguments, {
      config: read,
      schema: { body: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]), response: { 200: AiEnvelope(SpaceArguments) } },
    }, async () => aiOk(defaultArguments()));

    app.post(KNOWLEDGE_PATHS.spaceArguments, {
      config: read,
      schema: {
        params: SpaceParams,
        body: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
        response: { 200: AiEnvelope(SpaceArguments) },
      },
    }, async (request) => aiOk(storedArguments((await spaceByName(deps, request.params.space, await viewer(deps, request))).argument)));

    app.post(KNOWLEDGE_PATHS.upload, {
      config: { access: 'business', button: `${DOCS}#upload`, audit: 'doc-upload' },
      schema: {
        params: SpaceParams,
        // multipart/form-data: doc_file (one or more), doc_name, doc_type, secrecy, review_role; read with request.parts().
        body: Type.Unknown(),
        response: { 200: AiEnvelope(Type.Array(Type.Number())) },
      },
    }, async (request) => {
      const space = await spaceByName(deps, request.params.space, await viewer(deps, request));
      if (!request.isMultipart()) throw new HttpError(415, '请以 multipart/form-data 上传文件（字段 doc_file）');
      return withUpload(request, deps.config, uploadOptions(deps), async ({ files, fields }) => {
        request.auditTarget = `${space.name}：${files.map((f) => f.name).join('、')}`.slice(0, 500);
        if (!fields.secrecy) throw badRequest('请选择文档密级');
        const ids = await uploadDocuments(deps, await viewer(deps, request), space, files, {
          secrecy: fields.secrecy, reviewRoles: parseReviewRoles(fields.review_role), docName: fields.doc_name || undefined,
        });
        request.auditDetail = `密级 ${await gradeText(deps, fields.secrecy)}，${ids.length} 个文件`;
        return aiOk(ids);
      });
    });

    app.post(KNOWLEDGE_PATHS.taskCreate, {
      config: { access: 'business', button: `${DOCS}#upload` },
      schema: { body: TaskCreateBody, response: { 200: AiEnvelope(TaskResult) } },
    }, async (request) => {
      const tasks = await startProcessing(deps, await viewer(deps, request), request.body.doc_ids, ['TODO', 'FAILED']);
      app.documentWorker?.wake();
      return aiOk({ tasks });
    });

    app.post(KNOWLEDGE_PATHS.taskRetry, {
      config: { access: 'business', button: `${DOCS}#retry` },
      schema: { body: TaskRetryBody, response: { 200: AiEnvelope(TaskResult) } },
    }, async (request) => {
      const tasks = await startProcessing(deps, await viewer(deps, request), [request.body.doc_id]);
      app.documentWorker?.wake();
      return aiOk({ tasks });
    });

    app.post(KNOWLEDGE_PATHS.taskStop, {
      config: { access: 'business', button: `${DOCS}#retry` },
      schema: { body: TaskStopBody, response: { 200: AiEnvelope(TaskResult) } },
    }, async (request) => {
      const tasks = await stopProcessing(deps, await viewer(deps, request), request.body.doc_id);
      // This process's reading of it ends now, not at its next heartbeat (another process's at its own).
      app.documentWorker?.checkLeases();
      return aiOk({ tasks });
    });

    app.post(KNOWLEDGE_PATHS.taskRetryFailed, {
      config: { access: 'business', button: `${DOCS}#retry` },
      schema: { body: TaskRetryFailedBody, response: { 200: AiEnvelope(TaskResult) } },
    }, async (request) => {
      const v = await viewer(deps, request);
      const space = await spaceByName(deps, request.body.space_name, v);
      const tasks = await startProcessing(deps, v, await failedDocumentIds(deps, v, space));
      app.documentWorker?.wake();
      return aiOk({ tasks });
    });

    app.post(KNOWLEDGE_PATHS.documentList, {
      config: read,
      schema: { params: SpaceParams, body: DocumentListBody, response: { 200: AiEnvelope(DocumentPage) } },
    }, async (request) => {
      const { space, generation } = await spaceWithGeneration(deps, request.params.space, await viewer(deps, request));
      const v = await viewer(deps, request);
      return aiOk(await cachedForSpace(deps.db, space.id, answerKey('list', v, request.body), () => listDocuments(deps, v, space, request.body, generation), generation));
    });

    app.post(KNOWLEDGE_PATHS.documentUpdate, {
      config: { access: 'business', button: `${DOCS}#edit`, audit: 'doc-update' },
      schema: { params: SpaceParams, body: DocumentUpdateBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = `${request.params.space}：文档 ${request.body.doc_id}`;
      await updateDocument(deps, await viewer(deps, request), await spaceByName(deps, request.params.space, await viewer(deps, request)), request.body);
      return aiOk(null);
    });

    app.post(KNOWLEDGE_PATHS.documentDelete, {
      config: { access: 'business', button: `${DOCS}#delete`, audit: 'doc-delete' },
      schema: { params: SpaceParams, body: DocumentDeleteBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      const space = await spaceByName(deps, request.params.space, await viewer(deps, request));
      request.auditTarget = `${space.name}：${request.body.doc_name ?? `文档 ${request.body.doc_id}`}`;
      request.auditTarget = `${space.name}：${await deleteDocument(deps, await viewer(deps, request), space, request.body)}`;
      return aiOk(null);
    });

    app.get(KNOWLEDGE_PATHS.documentDownload, {
      config: read,
      schema: { params: DocumentParams, response: { 200: Type.Unknown({ description: 'the original file' }) } },
    }, async (request, reply) => {
      const space = await spaceByName(deps, request.params.space, await viewer(deps, request));
      const doc = await visibleDocument(deps, await viewer(deps, request), space, request.params.id);
      const full = absolute(deps.config, doc.filePath);
      if (!doc.filePath || !fs.existsSync(full)) throw new HttpError(404, '文件不存在');
      return reply
        .header('content-type', doc.contentType)
        // Names stored before they were sanitised at upload may still hold invisible characters: clean them here too.
        .header('content-disposition', `attachment; filename="document"; filename*=UTF-8''${encodeURIComponent(sanitizeFileName(doc.docName))}`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(full));
    });

    app.post(KNOWLEDGE_PATHS.chunkList, {
      config: read,
      schema: { params: SpaceParams, body: ChunkListBody, response: { 200: AiEnvelope(ChunkPage) } },
    }, async (request) => {
      const space = await spaceByName(deps, request.params.space, await viewer(deps, request));
      return aiOk(await listChunks(deps, await viewer(deps, request), space, request.body));
    });

    await app.register(chunkEditRoutes(deps));

    app.post(KNOWLEDGE_PATHS.recallTest, {
      config: read,
      schema: { params: SpaceParams, body: RecallTestBody, response: { 200: AiEnvelope(Type.Array(RecallHit)) } },
    }, async (request) => {
      const { space, generation } = await spaceWithGeneration(deps, request.params.space, await viewer(deps, request));
      const { embedding } = storedArguments(space.argument);
      const v = await viewer(deps, request);
      // The space's top-K and 召回阈值 unless the test names its own (D29).
      const key = answerKey('recall', v, { ...request.body, topk: embedding.topk, threshold: embedding.recall_score });
      const hits = await cachedForSpace(deps.db, space.id, key, () => recallChunks(deps, v, space.id, request.body.question,
        request.body.recall_top_k ?? embedding.topk, request.body.recall_score_threshold ?? embedding.recall_score, generation), generation);
      return aiOk(hits);
    });
  };
}
