import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AUDITADMIN_ID, auditActionName, PlatformEnvelope, SECADMIN_ID, SecurityStatisticsSchema, STATISTICS_PATHS, StatisticsQuerySchema,
  StatisticsSchema, SYSADMIN_ID, SystemStatisticsSchema, type StatisticsFigures,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import type { Duty } from '../../fastify-types';
import { ok } from '../../http/envelope';
import { usageStatistics, type StatisticsQuery } from '../../sys-mgr/statistics/statistics';
import { securityStatistics } from '../../sys-mgr/statistics/statistics-security';
import { systemStatistics } from '../../sys-mgr/statistics/statistics-system';
import { contentDisposition, sheetsWorkbook, type Sheet } from './log-export';
import { auditSheets, securitySheets, systemSheets } from './statistics-sheets';

/** What each system account's 统计 is called, and the sheets of its figures (issue 27 §6). */
type DutyFigures = { name: string; sheets: (deps: Deps, q: StatisticsQuery) => Promise<Sheet<unknown>[]> };

/** 统计 (issue 17, D57, D64, D65; issue 27 §6): each system account the figures of its duty, from its own path. */
export function statisticsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const auditFigures = async (q: StatisticsQuery): Promise<StatisticsFigures> => {
    const stats = await usageStatistics(deps, q);
    return {
      ...stats,
      topActions: stats.topActions.map((a) => ({ action: auditActionName(a.action), count: a.count })),
      adminActions: stats.adminActions.map((a) => ({ ...a, action: auditActionName(a.action) })),
    };
  };
  const byDuty: Record<Duty, DutyFigures> = {
    sysadmin: { name: '系统运行统计', sheets: async (_, q) => systemSheets(await systemStatistics(deps, q)) },
    secadmin: { name: '安全保密统计', sheets: async (_, q) => securitySheets(await securityStatistics(deps, q)) },
    auditadmin: { name: '安全审计统计', sheets: async (_, q) => auditSheets(await auditFigures(q)) },
  };
  const dutyOf: Record<number, Duty> = { [SYSADMIN_ID]: 'sysadmin', [SECADMIN_ID]: 'secadmin', [AUDITADMIN_ID]: 'auditadmin' };
  // Each path is one account's duty: the access hook refuses the other two (403) before any figure is read.
  const figures = (duty: Duty) => ({ access: 'duty' as const, duty, func: '/sysMgr/statistics' });

  return async (app) => {
    app.get(STATISTICS_PATHS.system, {
      config: figures('sysadmin'),
      schema: { querystring: StatisticsQuerySchema, response: { 200: PlatformEnvelope(SystemStatisticsSchema) } },
    }, async (request) => ok(await systemStatistics(deps, request.query)));

    app.get(STATISTICS_PATHS.security, {
      config: figures('secadmin'),
      schema: { querystring: StatisticsQuerySchema, response: { 200: PlatformEnvelope(SecurityStatisticsSchema) } },
    }, async (request) => ok(await securityStatistics(deps, request.query)));

    app.get(STATISTICS_PATHS.audit, {
      config: figures('auditadmin'),
      schema: { querystring: StatisticsQuerySchema, response: { 200: PlatformEnvelope(StatisticsSchema) } },
    }, async (request) => ok(await auditFigures(request.query)));

    // One export for the three: the caller's duty decides the sheets; no parameter names another duty's.
    app.get(STATISTICS_PATHS.export, {
      config: {
        access: 'duty', duty: ['sysadmin', 'secadmin', 'auditadmin'], button: '/sysMgr/statistics#export', audit: 'statistics-export',
      },
      schema: { querystring: StatisticsQuerySchema, response: { 200: Type.Any({ description: 'xlsx file' }) } },
    }, async (request, reply) => {
      const { name, sheets } = byDuty[dutyOf[request.auth!.user.id]];
      const q = request.query;
      request.auditTarget = name;
      request.auditDetail = `${q.startDate} 至 ${q.endDate}${q.deptId === undefined ? '' : `，部门 ID ${q.deptId}`}`;
      const book = await sheetsWorkbook(await sheets(deps, q), deps.now());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`${name}-${q.startDate}-${q.endDate}.xlsx`, `statistics-${q.startDate}.xlsx`))
        .header('cache-control', 'no-store')
        .send(book);
    });
  };
}
