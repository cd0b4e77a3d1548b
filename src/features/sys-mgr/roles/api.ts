import { fillPath, ROLE_PATHS, USER_PATHS } from '../../../../contract/api/runtime';
import type {
  RoleCreateBody, RoleGrants, RoleGrantsBody, RoleItem, RoleListQuery, RoleMember, RolePage, RoleUpdateBody,
} from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** A user offered by the member dialog (the personnel list's fields it needs). */
export type UserCandidate = { id: number; username: string; fullName: string; deptName: string; disabled: boolean; system: string };
/** A page of candidates. */
export type CandidatePage = { list: UserCandidate[]; total: number };
/** How many users the member dialog lists at once; a keyword narrows the rest. */
export const CANDIDATE_LIMIT = 200;

const rolesApi = api.enhanceEndpoints({ addTagTypes: ['Role', 'RoleMembers', 'RoleGrants'] }).injectEndpoints({
  endpoints: (build) => ({
    roleList: build.query<RolePage, RoleListQuery>({
      query: (params) => ({ url: ROLE_PATHS.list, params }),
      providesTags: ['Role'],
    }),
    createRole: build.mutation<RoleItem, RoleCreateBody>({
      // Silent: the form shows the server's reason under the field.
      query: (body) => ({ url: ROLE_PATHS.create, method: 'POST', data: body, silent: true }),
      invalidatesTags: ['Role'],
    }),
    updateRole: build.mutation<RoleItem, RoleUpdateBody>({
      query: (body) => ({ url: ROLE_PATHS.update, method: 'PUT', data: body, silent: true }),
      invalidatesTags: ['Role'],
    }),
    deleteRole: build.mutation<null, number>({
      query: (id) => ({ url: fillPath(ROLE_PATHS.remove, { id }), method: 'DELETE' }),
      invalidatesTags: ['Role', 'RoleMembers'],
    }),
    roleMembers: build.query<RoleMember[], number>({
      query: (id) => ({ url: fillPath(ROLE_PATHS.members, { id }) }),
      providesTags: (_r, _e, id) => [{ type: 'RoleMembers', id }],
    }),
    setRoleMembers: build.mutation<RoleMember[], { id: number; userIds: number[] }>({
      query: ({ id, userIds }) => ({ url: fillPath(ROLE_PATHS.members, { id }), method: 'PUT', data: { userIds } }),
      invalidatesTags: (_r, _e, { id }) => ['Role', { type: 'RoleMembers', id }],
    }),
    roleGrants: build.query<RoleGrants, number>({
      query: (id) => ({ url: fillPath(ROLE_PATHS.grants, { id }) }),
      providesTags: (_r, _e, id) => [{ type: 'RoleGrants', id }],
    }),
    setRoleGrants: build.mutation<RoleGrants, { id: number } & RoleGrantsBody>({
      query: ({ id, ...body }) => ({ url: fillPath(ROLE_PATHS.grants, { id }), method: 'PUT', data: body }),
      invalidatesTags: (_r, _e, { id }) => ['Role', { type: 'RoleGrants', id }],
    }),
    userCandidates: build.query<CandidatePage, string>({
      query: (keyword) => ({ url: USER_PATHS.list, params: { page: 1, limit: CANDIDATE_LIMIT, ...(keyword ? { keyword } : {}) } }),
    }),
  }),
});

export const {
  useRoleListQuery, useCreateRoleMutation, useUpdateRoleMutation, useDeleteRoleMutation, useRoleMembersQuery,
  useSetRoleMembersMutation, useRoleGrantsQuery, useSetRoleGrantsMutation, useUserCandidatesQuery,
} = rolesApi;
