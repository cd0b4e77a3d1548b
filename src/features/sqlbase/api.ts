import { DB_PATHS } from '../../../contract/api/runtime';
import type { DbConfigBody, DbConnection, DbTestResult } from '../../../contract/api';
import { api } from '../../lib/http/api';
import { withUserInfo } from '../knowledge/user-info';

const post = (url: string, body: object = {}, silent?: boolean) => ({ url, method: 'POST' as const, data: withUserInfo(body), silent });

/** Database connections of /sqlBase (DB-GPT's db calls) (the SQL editor's run call streams: run-sql-stream.ts). */
export const sqlbaseApi = api.enhanceEndpoints({ addTagTypes: ['DbConnection'] }).injectEndpoints({
  endpoints: (build) => ({
    dbList: build.query<DbConnection[], void>({
      query: () => ({ url: DB_PATHS.list, method: 'GET' as const }),
      providesTags: ['DbConnection'],
    }),
    /** The types this server offers (file types only where the operator opened a directory for them). */
    dbSupportTypes: build.query<{ db_type: string; is_file_db: boolean }[], void>({
      query: () => ({ url: DB_PATHS.supportType, method: 'GET' as const }),
    }),
    addDb: build.mutation<boolean, DbConfigBody>({
      query: (body) => post(DB_PATHS.add, body),
      invalidatesTags: ['DbConnection'],
    }),
    editDb: build.mutation<boolean, DbConfigBody>({
      query: (body) => post(DB_PATHS.edit, body),
      invalidatesTags: ['DbConnection'],
    }),
    deleteDb: build.mutation<boolean, string>({
      query: (name) => ({ url: `${DB_PATHS.remove}?db_name=${encodeURIComponent(name)}`, method: 'POST' as const, data: withUserInfo({}) }),
      invalidatesTags: ['DbConnection'],
    }),
    /** Silent: the dialog shows the result beside the button. */
    testDb: build.mutation<DbTestResult, DbConfigBody>({
      query: (body) => post(DB_PATHS.testConnect, body, true),
    }),
  }),
});

export const { useDbListQuery, useDbSupportTypesQuery, useAddDbMutation, useEditDbMutation, useDeleteDbMutation, useTestDbMutation } = sqlbaseApi;
