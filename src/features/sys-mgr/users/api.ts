import { ACCOUNT_PATHS, AUTH_PATHS, DEPT_PATHS, DICT_PATHS, fillPath, ROOT_DEPT_ID, USER_PATHS } from '../../../../contract/api/runtime';
import type {
  DeptTreeNode, DictOption, License, ResetPasswordResult, UserCreateBody, UserListItem, UserPage, UserUpdateBody, UserWithPassword,
} from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** Query of the user list as the screen sends it (filters and sorting already JSON text). */
export type UserListArgs = {
  page: number;
  limit: number;
  filters?: string;
  deptId?: number;
  keyword?: string;
  sorting?: string;
  locked?: boolean;
};

/** Personnel calls of the 人员管理 screen; every write refreshes the list and the licence summary. */
export const userApi = api.enhanceEndpoints({ addTagTypes: ['User', 'Dept', 'License'] }).injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<UserPage, UserListArgs>({
      query: (params) => ({ url: USER_PATHS.list, params }),
      providesTags: ['User'],
    }),
    userOne: build.query<UserListItem, number>({
      query: (id) => ({ url: fillPath(USER_PATHS.one, { id }) }),
      providesTags: ['User'],
    }),
    usernameFree: build.query<boolean, string>({
      query: (username) => ({ url: USER_PATHS.nameUnique, params: { username }, silent: true }),
      keepUnusedDataFor: 0,
    }),
    /** The department tree of the left pane (the root -2 and everything below). */
    userDeptTree: build.query<DeptTreeNode[], void>({
      query: () => ({ url: fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID }) }),
      providesTags: ['Dept'],
    }),
    gradeOptions: build.query<DictOption[], void>({
      query: () => ({ url: DICT_PATHS.gradeOptions }),
    }),
    license: build.query<License, void>({
      query: () => ({ url: AUTH_PATHS.license }),
      providesTags: ['License'],
    }),
    /** Silent: the form shows the server's reason itself. */
    createUser: build.mutation<UserWithPassword, UserCreateBody>({
      query: (body) => ({ url: USER_PATHS.create, method: 'POST', data: body, silent: true }),
      invalidatesTags: ['User', 'License', 'Dept'],
    }),
    updateUser: build.mutation<UserListItem, UserUpdateBody>({
      query: (body) => ({ url: USER_PATHS.update, method: 'PUT', data: body, silent: true }),
      invalidatesTags: ['User', 'Dept'],
    }),
    setUserDisabled: build.mutation<UserListItem, { id: number; disabled: boolean }>({
      query: ({ id, disabled }) => ({ url: fillPath(USER_PATHS.disableStatus, { id }), method: disabled ? 'DELETE' : 'PUT', data: disabled ? undefined : {} }),
      invalidatesTags: ['User', 'License'],
    }),
    deleteUser: build.mutation<null, { id: number; silent?: boolean }>({
      query: ({ id, silent }) => ({ url: fillPath(USER_PATHS.remove, { id }), method: 'DELETE', silent }),
      invalidatesTags: ['User', 'License', 'Dept'],
    }),
    resetPassword: build.mutation<ResetPasswordResult, number>({
      query: (id) => ({ url: fillPath(USER_PATHS.resetPassword, { id }), method: 'POST', data: {} }),
      invalidatesTags: ['User'],
    }),
    setClearance: build.mutation<UserListItem, { id: number; clearance: string }>({
      query: ({ id, clearance }) => ({ url: fillPath(USER_PATHS.clearance, { id }), method: 'PUT', data: { clearance } }),
      invalidatesTags: ['User'],
    }),
    unlockUser: build.mutation<null, number>({
      query: (userId) => ({ url: ACCOUNT_PATHS.unlockUser, method: 'PUT', data: { userId } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useUserListQuery, useUserOneQuery, useLazyUsernameFreeQuery, useUserDeptTreeQuery, useGradeOptionsQuery, useLicenseQuery,
  useCreateUserMutation, useUpdateUserMutation, useSetUserDisabledMutation, useDeleteUserMutation, useResetPasswordMutation,
  useSetClearanceMutation, useUnlockUserMutation,
} = userApi;
