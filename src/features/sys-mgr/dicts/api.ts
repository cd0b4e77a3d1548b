import { DICT_PATHS, fillPath } from '../../../../contract/api/runtime';
import type { DictGroup, DictItem, DictItemBody } from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** 字典管理 calls; every write refreshes the groups (entry counts) and the entries. */
export const dictApi = api.enhanceEndpoints({ addTagTypes: ['DictItem'] }).injectEndpoints({
  endpoints: (build) => ({
    dictGroups: build.query<DictGroup[], void>({
      query: () => ({ url: DICT_PATHS.groups }),
      providesTags: ['DictItem'],
    }),
    dictItems: build.query<DictItem[], string>({
      query: (dictCode) => ({ url: fillPath(DICT_PATHS.items, { dictCode }) }),
      providesTags: ['DictItem'],
    }),
    createDictItem: build.mutation<DictItem, { dictCode: string; body: DictItemBody }>({
      query: ({ dictCode, body }) => ({ url: fillPath(DICT_PATHS.items, { dictCode }), method: 'POST', data: body }),
      invalidatesTags: ['DictItem'],
    }),
    updateDictItem: build.mutation<DictItem, { dictCode: string; id: number; body: DictItemBody }>({
      query: ({ dictCode, id, body }) => ({ url: fillPath(DICT_PATHS.item, { dictCode, id }), method: 'PUT', data: body }),
      invalidatesTags: ['DictItem'],
    }),
    disableDictItem: build.mutation<DictItem, { dictCode: string; id: number; disabled: boolean }>({
      query: ({ dictCode, id, disabled }) => ({ url: fillPath(DICT_PATHS.itemDisable, { dictCode, id }), method: 'POST', data: { disabled } }),
      invalidatesTags: ['DictItem'],
    }),
    deleteDictItem: build.mutation<DictItem, { dictCode: string; id: number }>({
      query: ({ dictCode, id }) => ({ url: fillPath(DICT_PATHS.item, { dictCode, id }), method: 'DELETE' }),
      invalidatesTags: ['DictItem'],
    }),
  }),
});

export const {
  useDictGroupsQuery, useDictItemsQuery, useCreateDictItemMutation, useUpdateDictItemMutation, useDisableDictItemMutation,
  useDeleteDictItemMutation,
} = dictApi;
