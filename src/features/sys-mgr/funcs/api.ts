import { FUNC_PATHS, fillPath } from '../../../../contract/api/runtime';
import type {
  ButtonCreateBody, ButtonUpdateBody, FuncButton, FuncCreateBody, FuncNode, FuncRecord, FuncUpdateBody,
} from '../../../../contract/api';
import { api } from '../../../lib/http/api';

const tagged = api.enhanceEndpoints({ addTagTypes: ['Functions'] });

/** Function-point calls of 功能点管理; every change reloads the tree (buttons travel with it). */
export const funcsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    funcTree: build.query<FuncNode[], number>({
      query: (type) => ({ url: fillPath(FUNC_PATHS.tree, { type }) }),
      providesTags: ['Functions'],
    }),
    // Silent writes: the dialogs and the page show the server's reason themselves.
    createFunc: build.mutation<FuncRecord, FuncCreateBody>({
      query: (data) => ({ url: FUNC_PATHS.create, method: 'POST', data, silent: true }),
      invalidatesTags: ['Functions'],
    }),
    updateFunc: build.mutation<FuncRecord, FuncUpdateBody>({
      query: (data) => ({ url: FUNC_PATHS.update, method: 'PUT', data, silent: true }),
      invalidatesTags: ['Functions'],
    }),
    deleteFunc: build.mutation<null, number>({
      query: (id) => ({ url: fillPath(FUNC_PATHS.remove, { id }), method: 'DELETE', silent: true }),
      invalidatesTags: ['Functions'],
    }),
    createButton: build.mutation<FuncButton, ButtonCreateBody>({
      query: (data) => ({ url: FUNC_PATHS.createButton, method: 'POST', data, silent: true }),
      invalidatesTags: ['Functions'],
    }),
    updateButton: build.mutation<FuncButton, { functionId: number; body: ButtonUpdateBody }>({
      query: ({ functionId, body }) => ({ url: fillPath(FUNC_PATHS.updateButton, { functionId }), method: 'PUT', data: body, silent: true }),
      invalidatesTags: ['Functions'],
    }),
    deleteButton: build.mutation<null, { functionId: number; buttonId: number }>({
      query: (params) => ({ url: fillPath(FUNC_PATHS.removeButton, params), method: 'DELETE', silent: true }),
      invalidatesTags: ['Functions'],
    }),
  }),
});

export const {
  useFuncTreeQuery, useCreateFuncMutation, useUpdateFuncMutation, useDeleteFuncMutation,
  useCreateButtonMutation, useUpdateButtonMutation, useDeleteButtonMutation,
} = funcsApi;
