import { TOOL_PATHS } from '../../../contract/api/runtime';
import type { ToolCallBody, ToolCallResult, ToolDept, ToolEditBody, ToolItem, ToolSet, ToolSetBody, ToolSpecFetchResult } from '../../../contract/api';
import { api } from '../../lib/http/api';
import { withUserInfo } from '../knowledge/user-info';

const post = (url: string, body: object = {}, silent?: boolean) => ({ url, method: 'POST' as const, data: withUserInfo(body), silent });

/** Tools base (issue 15): tool sets, their tools, and trying one. */
export const toolsApi = api.enhanceEndpoints({ addTagTypes: ['ToolSet', 'Tool'] }).injectEndpoints({
  endpoints: (build) => ({
    toolSets: build.query<ToolSet[], void>({
      query: () => post(TOOL_PATHS.setList),
      providesTags: ['ToolSet'],
    }),
    addToolSet: build.mutation<ToolSet, ToolSetBody>({
      query: (body) => post(TOOL_PATHS.setAdd, body),
      invalidatesTags: ['ToolSet', 'Tool'],
    }),
    editToolSet: build.mutation<ToolSet, ToolSetBody>({
      query: (body) => post(TOOL_PATHS.setEdit, body),
      invalidatesTags: ['ToolSet', 'Tool'],
    }),
    deleteToolSet: build.mutation<boolean, number>({
      query: (id) => post(TOOL_PATHS.setDelete, { id }),
      invalidatesTags: ['ToolSet', 'Tool'],
    }),
    refreshToolSet: build.mutation<ToolSet, number>({
      query: (id) => post(TOOL_PATHS.setRefresh, { id }),
      invalidatesTags: ['ToolSet', 'Tool'],
    }),
    /** 从 URL 导入: the server reads the document (silent: the dialog shows a failure under the address). */
    fetchToolSpec: build.mutation<ToolSpecFetchResult, string>({
      query: (url) => post(TOOL_PATHS.specFetch, { url }, true),
    }),
    tools: build.query<ToolItem[], number>({
      query: (setId) => post(TOOL_PATHS.list, { set_id: setId }),
      providesTags: ['Tool'],
    }),
    editTool: build.mutation<ToolItem, ToolEditBody>({
      query: (body) => post(TOOL_PATHS.edit, body),
      invalidatesTags: ['Tool', 'ToolSet'],
    }),
    /** Silent: the 试用 panel shows a refusal or failure in place of the result. */
    callTool: build.mutation<ToolCallResult, ToolCallBody>({
      query: (body) => post(TOOL_PATHS.call, body, true),
    }),
    /** Stops the caller's running 试用 call (by the call_id it was sent with); silent. */
    cancelToolCall: build.mutation<boolean, string>({
      query: (callId) => post(TOOL_PATHS.callCancel, { call_id: callId }, true),
    }),
    /** The grant picker's departments (names only). */
    toolDepts: build.query<ToolDept[], void>({
      query: () => post(TOOL_PATHS.depts),
    }),
  }),
});

export const {
  useToolSetsQuery, useAddToolSetMutation, useEditToolSetMutation, useDeleteToolSetMutation, useRefreshToolSetMutation,
  useFetchToolSpecMutation, useToolsQuery, useEditToolMutation, useCallToolMutation, useCancelToolCallMutation, useToolDeptsQuery,
} = toolsApi;
