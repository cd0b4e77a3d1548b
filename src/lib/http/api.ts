import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from './base-query';

/** The one RTK Query API; features add their calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery(),
  tagTypes: ['Me'],
  endpoints: () => ({}),
});
