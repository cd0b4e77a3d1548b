import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AiEnvelope, Chunk, ChunkAddBody, ChunkDeleteBody, ChunkDisableBody, ChunkUpdateBody, KNOWLEDGE_PATHS, ReprocessAllResult, SpaceParams,
} from '../../../contract/api';
import { userInfoFields } from '../../../contract/api/user-info';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { aiOk } from '../../http/envelope';
import { addChunk, deleteChunk, disableChunk, updateChunk, type ChunkTouched } from '../../knowledge/chunk-edit';
import { reprocessSpace } from '../../knowledge/reprocess-space';
import { spaceByName } from '../../knowledge/spaces';
import { viewerOf } from '../../knowledge/visibility';
import { sessionOf } from '../../plugins/request-meta';

const DOCS = '/knowledgeList';
/** Mending chunks is editing the document (its 编辑 button); deleting one needs its 删除 button; both audited as such. */
const edit: RouteAccessConfig = { access: 'business', button: `${DOCS}#edit`, audit: 'doc-update' };
const remove: RouteAccessConfig = { access: 'business', button: `${DOCS}#delete`, audit: 'doc-update' };

/** The audit line of a chunk change: the space, the document and the chunk's number as the list shows it. */
function audited<T extends ChunkTouched>(request: FastifyRequest, space: string, what: string, change: T): T {
  request.auditTarget = `${space}：${change.doc.docName}`;
  request.auditDetail = `${what}第 ${change.seq + 1} 段`;
  return change;
}

/** A document's chunks mended by its owner or the space's owner, and 全部重新处理 of a space (issue 29 §7). */
export function chunkEditRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const context = async (request: FastifyRequest<{ Params: { space: string } }>, documentId: number) => {
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const space = await spaceByName(deps, request.params.space, viewer);
      request.auditTarget = `${space.name}：文档 ${documentId}`;
      return { viewer, space };
    };

    app.post(KNOWLEDGE_PATHS.chunkUpdate, {
      config: edit,
      schema: { params: SpaceParams, body: ChunkUpdateBody, response: { 200: AiEnvelope(Chunk) } },
    }, async (request) => {
      const { viewer, space } = await context(request, request.body.document_id);
      return aiOk(audited(request, space.name, '修改分块', await updateChunk(deps, viewer, space, request.body)).chunk);
    });

    app.post(KNOWLEDGE_PATHS.chunkDisable, {
      config: edit,
      schema: { params: SpaceParams, body: ChunkDisableBody, response: { 200: AiEnvelope(Chunk) } },
    }, async (request) => {
      const { viewer, space } = await context(request, request.body.document_id);
      const change = await disableChunk(deps, viewer, space, request.body);
      return aiOk(audited(request, space.name, request.body.disabled ? '停用分块' : '启用分块', change).chunk);
    });

    app.post(KNOWLEDGE_PATHS.chunkDelete, {
      config: remove,
      schema: { params: SpaceParams, body: ChunkDeleteBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      const { viewer, space } = await context(request, request.body.document_id);
      audited(request, space.name, '删除分块', await deleteChunk(deps, viewer, space, request.body));
      return aiOk(null);
    });

    app.post(KNOWLEDGE_PATHS.chunkAdd, {
      config: edit,
      schema: { params: SpaceParams, body: ChunkAddBody, response: { 200: AiEnvelope(Chunk) } },
    }, async (request) => {
      const { viewer, space } = await context(request, request.body.document_id);
      return aiOk(audited(request, space.name, '新增分块', await addChunk(deps, viewer, space, request.body)).chunk);
    });

    app.post(KNOWLEDGE_PATHS.documentReprocessAll, {
      config: { access: 'business', button: `${DOCS}#retry` },
      schema: { params: SpaceParams, body: Type.Object({ ...userInfoFields }), response: { 200: AiEnvelope(ReprocessAllResult) } },
    }, async (request) => {
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const queued = await reprocessSpace(deps, viewer, await spaceByName(deps, request.params.space, viewer));
      app.documentWorker?.wake();
      return aiOk({ queued });
    });
  };
}
