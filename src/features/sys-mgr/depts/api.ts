import { DEPT_PATHS, fillPath } from '../../../../contract/api/runtime';
import type { Dept, DeptCreateBody, DeptFlatItem, DeptTreeNode, DeptUpdateBody } from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** Department calls of the 部门管理 screen; every write refreshes the tree, lists and details. */
export const deptApi = api.enhanceEndpoints({ addTagTypes: ['Dept'] }).injectEndpoints({
  endpoints: (build) => ({
    deptTree: build.query<DeptTreeNode[], number>({
      query: (id) => ({ url: fillPath(DEPT_PATHS.tree, { id }) }),
      providesTags: ['Dept'],
    }),
    deptFlat: build.query<DeptFlatItem[], number>({
      query: (id) => ({ url: fillPath(DEPT_PATHS.flat, { id }) }),
      providesTags: ['Dept'],
    }),
    dept: build.query<Dept, number>({
      query: (id) => ({ url: fillPath(DEPT_PATHS.one, { id }) }),
      providesTags: ['Dept'],
    }),
    deptNameExists: build.query<boolean, { parentId: number; name: string; excludeId?: number }>({
      query: ({ parentId, name, excludeId }) => ({
        url: fillPath(DEPT_PATHS.exist, { parentId, name }),
        params: excludeId === undefined ? undefined : { excludeId },
        silent: true,
      }),
      keepUnusedDataFor: 0,
    }),
    createDept: build.mutation<Dept, DeptCreateBody>({
      query: (body) => ({ url: DEPT_PATHS.create, method: 'POST', data: body }),
      invalidatesTags: ['Dept'],
    }),
    updateDept: build.mutation<Dept, DeptUpdateBody>({
      query: (body) => ({ url: DEPT_PATHS.update, method: 'PUT', data: body }),
      invalidatesTags: ['Dept'],
    }),
    /** `silent` for batch deletes, which report all refusals together. */
    deleteDept: build.mutation<null, { id: number; silent?: boolean }>({
      query: ({ id, silent }) => ({ url: fillPath(DEPT_PATHS.remove, { id }), method: 'DELETE', silent }),
      invalidatesTags: ['Dept'],
    }),
  }),
});

export const {
  useDeptTreeQuery, useDeptFlatQuery, useDeptQuery, useLazyDeptNameExistsQuery,
  useCreateDeptMutation, useUpdateDeptMutation, useDeleteDeptMutation,
} = deptApi;
