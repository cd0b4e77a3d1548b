import { LOG_PATHS } from '../../../../contract/api/runtime';
import type { LogAction, LogEntry, LogListQuery, LogPage } from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** The audit-log calls of the log screen and the management home. */
export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLogs: build.query<LogPage, LogListQuery>({
      query: (params) => ({ url: LOG_PATHS.list, params }),
      // Always read again: new entries are written all the time.
      keepUnusedDataFor: 0,
    }),
    auditActions: build.query<LogAction[], void>({
      query: () => ({ url: LOG_PATHS.actions }),
    }),
    recentActivity: build.query<LogEntry[], void>({
      // Silent: the home card shows its own failure instead of a toast.
      query: () => ({ url: LOG_PATHS.recent, silent: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useAuditLogsQuery, useAuditActionsQuery, useRecentActivityQuery } = logsApi;
