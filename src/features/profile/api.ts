import { AUTH_PATHS } from '../../../contract/api/runtime';
import type { PasswordChangeBody, UserDetail } from '../../../contract/api';
import { visitorId } from '../../lib/fingerprint';
import { api } from '../../lib/http/api';
import type { ApiErrorInfo } from '../../lib/http/errors';
import { takeHandedDetail } from '../auth/detail-handoff';

/** The signed-in user's own data and password. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    myDetail: build.query<UserDetail, void>({
      // The detail a sign-in has just fetched serves the first ask; later ones go to the server.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const handed = takeHandedDetail();
        if (handed) return { data: handed };
        return (await baseQuery({ url: AUTH_PATHS.userDetail, params: { visitorId: visitorId() } })) as { data: UserDetail } | { error: ApiErrorInfo };
      },
      providesTags: ['Me'],
    }),
    changeOwnPassword: build.mutation<unknown, PasswordChangeBody>({
      // Silent: the form shows the server's reason next to the fields.
      query: (body) => ({ url: AUTH_PATHS.password, method: 'PUT', data: body, silent: true }),
    }),
  }),
});

export const { useMyDetailQuery, useChangeOwnPasswordMutation } = profileApi;
