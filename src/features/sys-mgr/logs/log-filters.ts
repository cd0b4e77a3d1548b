import dayjs from 'dayjs';
import type { LogExportQuery } from '../../../../contract/api';

/** What the filter bar holds. */
export type LogFilters = {
  range?: [string, string] | null;
  username?: string;
  action?: string;
  result?: 'success' | 'failure';
  keyword?: string;
};

/** The call's filters: the local date-time range as ISO instants, blank texts left out. */
export function toLogQuery(filters: LogFilters): LogExportQuery {
  const query: LogExportQuery = {};
  if (filters.range) {
    query.from = dayjs(filters.range[0]).toISOString();
    query.to = dayjs(filters.range[1]).toISOString();
  }
  const username = filters.username?.trim();
  if (username) query.username = username;
  if (filters.action) query.action = filters.action;
  if (filters.result) query.result = filters.result;
  const keyword = filters.keyword?.trim();
  if (keyword) query.keyword = keyword;
  return query;
}
