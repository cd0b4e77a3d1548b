import { CHAT_PATHS, fillPath } from '../../../contract/api/runtime';
import type { ChatFile, ChatMessage, ChatMode, ConcurrencyStatus, Dialogue, ModeParam } from '../../../contract/api';
import { api } from '../../lib/http/api';
import { getUserInfo } from '../../lib/storage';

/** The stored user's id and name, which DB-GPT's calls carry (spec §7); the server trusts only the session. */
export function userFields(): { user_id?: number; user_name?: string } {
  const user = getUserInfo();
  return user ? { user_id: user.id, user_name: user.username } : {};
}

/** A file's processing state as the status call answers it. */
export type ChatFileStatus = Pick<ChatFile, 'id' | 'status' | 'result'>;

// dialogue/list answers a list (DB-GPT) or a page of one; the page shows the list either way.
function dialoguesOf(data: unknown): Dialogue[] {
  if (Array.isArray(data)) return data as Dialogue[];
  const page = data as { items?: Dialogue[]; data?: Dialogue[] } | null;
  return page?.items ?? page?.data ?? [];
}

/** Dialogues, history, mode parameters, models and chat files (spec §7, DB-GPT's calls). */
export const chatApi = api.enhanceEndpoints({ addTagTypes: ['ChatDialogue', 'ChatFile', 'ChatParams'] }).injectEndpoints({
  endpoints: (build) => ({
    dialogues: build.query<Dialogue[], { keyword?: string }>({
      query: ({ keyword }) => ({ url: CHAT_PATHS.dialogueList, params: { ...userFields(), ...(keyword ? { keyword } : {}) } }),
      transformResponse: dialoguesOf,
      providesTags: ['ChatDialogue'],
    }),
    newDialogue: build.mutation<Dialogue, { chat_mode: ChatMode; model_name?: string }>({
      query: (args) => ({ url: CHAT_PATHS.dialogueNew, method: 'POST', params: { ...args, ...userFields() }, data: { userInfo: getUserInfo() } }),
      invalidatesTags: ['ChatDialogue'],
    }),
    deleteDialogue: build.mutation<null, string>({
      query: (convUid) => ({ url: CHAT_PATHS.dialogueDelete, method: 'POST', params: { con_uid: convUid, ...userFields() } }),
      invalidatesTags: ['ChatDialogue'],
    }),
    history: build.query<ChatMessage[], string>({
      query: (convUid) => ({ url: CHAT_PATHS.history, params: { con_uid: convUid, ...userFields() } }),
      transformResponse: (data: ChatMessage[] | null) => data ?? [],
      keepUnusedDataFor: 0,
    }),
    /** Stops the dialogue's running answer on the server (closing the stream does too, unless a proxy holds it). */
    stopAnswer: build.mutation<null, string>({
      query: (convUid) => ({ url: CHAT_PATHS.stop, method: 'POST', params: { con_uid: convUid }, silent: true }),
    }),
    modeParams: build.query<ModeParam[], { chat_mode: ChatMode; conv_uid?: string }>({
      query: (params) => ({ url: CHAT_PATHS.modeParams, method: 'POST', params, data: userFields() }),
      transformResponse: (data: ModeParam[] | null) => (Array.isArray(data) ? data : []),
      providesTags: ['ChatParams'],
    }),
    /** The user's decision on a tool call waiting for confirmation (chat with tools). */
    confirmToolCall: build.mutation<boolean, { conv_uid: string; call_id: string; approve: boolean }>({
      query: (body) => ({ url: CHAT_PATHS.toolConfirm, method: 'POST', data: { ...body, ...userFields() } }),
    }),
    /** 取消 of a tool call running in the answer; silent (a call that ended meanwhile is shown as it ended). */
    cancelToolCall: build.mutation<boolean, { conv_uid: string; call_id: string }>({
      query: (body) => ({ url: CHAT_PATHS.toolCancel, method: 'POST', data: { ...body, ...userFields() }, silent: true }),
    }),
    modelTypes: build.query<string[], void>({
      query: () => ({ url: CHAT_PATHS.modelTypes }),
      transformResponse: (data: string[] | null) => data ?? [],
    }),
    concurrency: build.query<ConcurrencyStatus[], void>({
      query: () => ({ url: CHAT_PATHS.concurrency, method: 'POST', data: { ...userFields() }, silent: true }),
      transformResponse: (data: ConcurrencyStatus[] | null) => data ?? [],
    }),
    chatFiles: build.query<ChatFile[], string>({
      query: (convUid) => ({ url: fillPath(CHAT_PATHS.files, { id: convUid }) }),
      transformResponse: (data: ChatFile[] | null) => data ?? [],
      providesTags: ['ChatFile'],
    }),
    chatFileStatus: build.query<ChatFileStatus, number>({
      query: (id) => ({ url: fillPath(CHAT_PATHS.fileStatus, { id }), silent: true }),
    }),
  }),
});

export const {
  useDialoguesQuery, useNewDialogueMutation, useDeleteDialogueMutation, useHistoryQuery, useStopAnswerMutation,
  useModeParamsQuery, useModelTypesQuery, useConcurrencyQuery, useChatFilesQuery, useChatFileStatusQuery, useConfirmToolCallMutation,
  useCancelToolCallMutation,
} = chatApi;
