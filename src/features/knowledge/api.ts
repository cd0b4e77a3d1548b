import { AUTH_PATHS, KNOWLEDGE_PATHS, ROLE_PATHS, fillPath } from '../../../contract/api/runtime';
import type {
  Chunk, ChunkAddBody, ChunkDeleteBody, ChunkDisableBody, ChunkUpdateBody, DocumentListBody, KnowledgeDocument, RecallHit, ResourceGrades, RoleOption, Space, SpaceAddBody, SpaceArguments,
  SpaceSaveBody, ToolDept,
} from '../../../contract/api';
import { api } from '../../lib/http/api';
import { withUserInfo } from './user-info';

/** A page of a space's documents; `processing` is true while any visible document waits or runs. */
export type DocumentPage = { data: KnowledgeDocument[]; total: number; page: number; processing: boolean };
export type ChunkPage = { data: Chunk[]; total: number; page: number };
export type DocumentListArgs = DocumentListBody & { space: string };
/** A chunk call's body with the space it is in. */
type InSpace<T> = Omit<T, 'user_id' | 'user_name' | 'userInfo'> & { space: string };

const post = (url: string, body: object = {}, silent?: boolean) => ({ url, method: 'POST' as const, data: withUserInfo(body), silent });
const inSpace = (path: string, space: string) => fillPath(path, { space });

/** Knowledge spaces, documents, tasks, chunks and recall (spec §7). */
export const knowledgeApi = api.enhanceEndpoints({ addTagTypes: ['KnowledgeSpace', 'KnowledgeDocument', 'KnowledgeChunk'] }).injectEndpoints({
  endpoints: (build) => ({
    spaces: build.query<Space[], void>({
      query: () => post(KNOWLEDGE_PATHS.spaceList),
      providesTags: ['KnowledgeSpace'],
    }),
    /** Whether a space name is free; silent: the form shows the answer beside the field. */
    checkSpaceName: build.query<{ available: boolean; message: string }, string>({
      query: (name) => post(KNOWLEDGE_PATHS.spaceCheck, { name }, true),
      keepUnusedDataFor: 0,
    }),
    defaultArguments: build.query<SpaceArguments, void>({
      query: () => post(KNOWLEDGE_PATHS.defaultArguments),
    }),
    addSpace: build.mutation<{ id: number; name: string }, SpaceAddBody>({
      query: (body) => post(KNOWLEDGE_PATHS.spaceAdd, body),
      invalidatesTags: ['KnowledgeSpace'],
    }),
    saveSpace: build.mutation<{ id: number; name: string }, SpaceSaveBody>({
      query: (body) => post(KNOWLEDGE_PATHS.spaceSave, body),
      invalidatesTags: ['KnowledgeSpace'],
    }),
    deleteSpace: build.mutation<null, string>({
      query: (name) => post(KNOWLEDGE_PATHS.spaceDelete, { name }),
      invalidatesTags: ['KnowledgeSpace', 'KnowledgeDocument'],
    }),
    documents: build.query<DocumentPage, DocumentListArgs>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.documentList, space), body),
      providesTags: ['KnowledgeDocument'],
    }),
    updateDocument: build.mutation<null, { space: string; doc_id: number; doc_name?: string; secrecy?: string; review_role?: string }>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.documentUpdate, space), body),
      invalidatesTags: ['KnowledgeDocument'],
    }),
    deleteDocument: build.mutation<null, { space: string; doc_id: number }>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.documentDelete, space), body),
      invalidatesTags: ['KnowledgeDocument', 'KnowledgeSpace'],
    }),
    createTasks: build.mutation<{ tasks: number[] }, { space: string; doc_ids: number[] }>({
      query: ({ space, doc_ids }) => post(KNOWLEDGE_PATHS.taskCreate, { space_name: space, doc_ids }),
      invalidatesTags: ['KnowledgeDocument', 'KnowledgeSpace'],
    }),
    retryDocument: build.mutation<{ tasks: number[] }, number>({
      query: (docId) => post(KNOWLEDGE_PATHS.taskRetry, { doc_id: docId }),
      invalidatesTags: ['KnowledgeDocument'],
    }),
    /** 停止: a queued or running document stopped; it ends FAILED and can be retried. */
    stopDocument: build.mutation<{ tasks: number[] }, number>({
      query: (docId) => post(KNOWLEDGE_PATHS.taskStop, { doc_id: docId }),
      invalidatesTags: ['KnowledgeDocument'],
    }),
    retryFailed: build.mutation<{ tasks: number[] }, string>({
      query: (space) => post(KNOWLEDGE_PATHS.taskRetryFailed, { space_name: space }),
      invalidatesTags: ['KnowledgeDocument'],
    }),
    chunks: build.query<ChunkPage, { space: string; document_id: number; page: number; page_size: number; content?: string }>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.chunkList, space), body),
      providesTags: ['KnowledgeChunk'],
      keepUnusedDataFor: 0,
    }),
    /** The owner's mending of chunks (issue 29): each changes the document too (its chunk count, its time). */
    updateChunk: build.mutation<Chunk, InSpace<ChunkUpdateBody>>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.chunkUpdate, space), body),
      invalidatesTags: ['KnowledgeChunk', 'KnowledgeDocument'],
    }),
    disableChunk: build.mutation<Chunk, InSpace<ChunkDisableBody>>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.chunkDisable, space), body),
      invalidatesTags: ['KnowledgeChunk', 'KnowledgeDocument'],
    }),
    deleteChunk: build.mutation<null, InSpace<ChunkDeleteBody>>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.chunkDelete, space), body),
      invalidatesTags: ['KnowledgeChunk', 'KnowledgeDocument'],
    }),
    addChunk: build.mutation<Chunk, InSpace<ChunkAddBody>>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.chunkAdd, space), body),
      invalidatesTags: ['KnowledgeChunk', 'KnowledgeDocument'],
    }),
    /** 全部重新处理: every document of the space queued again; answers how many. */
    reprocessAll: build.mutation<{ queued: number }, string>({
      query: (space) => post(inSpace(KNOWLEDGE_PATHS.documentReprocessAll, space)),
      invalidatesTags: ['KnowledgeDocument', 'KnowledgeChunk'],
    }),
    recallTest: build.mutation<RecallHit[], { space: string; question: string; recall_top_k?: number }>({
      query: ({ space, ...body }) => post(inSpace(KNOWLEDGE_PATHS.recallTest, space), body),
    }),
    /** Ordinary roles to pick review roles from (platform envelope). */
    reviewRoleOptions: build.query<RoleOption[], void>({
      query: () => ({ url: ROLE_PATHS.options }),
    }),
    /** The departments for the space dialog's 可见部门: names and places only. */
    spaceDepts: build.query<ToolDept[], void>({
      query: () => post(KNOWLEDGE_PATHS.spaceDepts),
    }),
    /** The grades the signed-in user may give a document (no higher than the clearance). */
    myGrades: build.query<ResourceGrades, void>({
      query: () => ({ url: AUTH_PATHS.grades }),
    }),
  }),
});

export const {
  useSpacesQuery, useLazyCheckSpaceNameQuery, useDefaultArgumentsQuery, useAddSpaceMutation, useSaveSpaceMutation,
  useDeleteSpaceMutation, useDocumentsQuery, useUpdateDocumentMutation, useDeleteDocumentMutation, useCreateTasksMutation,
  useRetryDocumentMutation, useStopDocumentMutation, useRetryFailedMutation, useChunksQuery, useUpdateChunkMutation, useDisableChunkMutation,
  useDeleteChunkMutation, useAddChunkMutation, useReprocessAllMutation, useRecallTestMutation, useReviewRoleOptionsQuery, useSpaceDeptsQuery,
  useMyGradesQuery, usePrefetch: useKnowledgePrefetch,
} = knowledgeApi;
