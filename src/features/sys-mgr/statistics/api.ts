import { STATISTICS_PATHS } from '../../../../contract/api/runtime';
import type { SecurityStatisticsFigures, StatisticsFigures, SystemStatisticsFigures } from '../../../../contract/api';
import { api } from '../../../lib/http/api';

/** The range and department every figure of 统计 is asked for (Beijing days). */
export type StatisticsQuery = { startDate: string; endDate: string; deptId?: number };

/** Each system account's figures from its own path (issue 27 §6); the server refuses the other two. */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditStatistics: build.query<StatisticsFigures, StatisticsQuery>({ query: (params) => ({ url: STATISTICS_PATHS.audit, params }) }),
    systemStatistics: build.query<SystemStatisticsFigures, StatisticsQuery>({ query: (params) => ({ url: STATISTICS_PATHS.system, params }) }),
    securityStatistics: build.query<SecurityStatisticsFigures, StatisticsQuery>({ query: (params) => ({ url: STATISTICS_PATHS.security, params }) }),
  }),
});
export const { useAuditStatisticsQuery, useSystemStatisticsQuery, useSecurityStatisticsQuery } = statisticsApi;
