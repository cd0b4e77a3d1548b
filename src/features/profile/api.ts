import { AUTH_PATHS } from '../../../contract/api/runtime';
import type { PasswordChangeBody, UserDetail } from '../../../contract/api';
import { visitorId } from '../../lib/fingerprint';
import { api } from '../../lib/http/api';

/** The signed-in user's own data and password. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    myDetail: build.query<UserDetail, void>({
      query: () => ({ url: AUTH_PATHS.userDetail, params: { visitorId: visitorId() } }),
      providesTags: ['Me'],
    }),
    changeOwnPassword: build.mutation<unknown, PasswordChangeBody>({
      // Silent: the form shows the server's reason next to the fields.
      query: (body) => ({ url: AUTH_PATHS.password, method: 'PUT', data: body, silent: true }),
    }),
  }),
});

export const { useMyDetailQuery, useChangeOwnPasswordMutation } = profileApi;
