import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { auditActionName, MgmtEnvelope, STATISTICS_PATHS, StatisticsQuerySchema, StatisticsSchema } from '../../../contract/api';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';
import { auditStatistics, type StatisticsDay } from '../../mgmt/statistics';
import { contentDisposition, sheetWorkbook, type SheetColumn } from './log-export';

const COLUMNS: SheetColumn<StatisticsDay>[] = [
  { header: '日期（北京时间）', width: 16, value: (r) => r.day },
  { header: '操作次数', width: 12, value: (r) => r.operations },
  { header: '活跃用户', width: 12, value: (r) => r.activeUsers },
  { header: '登录次数', width: 12, value: (r) => r.logins },
  { header: '失败操作', width: 12, value: (r) => r.failures },
];

/** 统计 (issue 17, D57): the audit administrator's usage figures (and whoever is granted /sysMgr/statistics). */
export function statisticsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(STATISTICS_PATHS.audit, {
      config: { access: 'session', func: '/sysMgr/statistics' },
      schema: { querystring: StatisticsQuerySchema, response: { 200: MgmtEnvelope(StatisticsSchema) } },
    }, async (request) => {
      const stats = await auditStatistics(deps, request.query);
      return ok({ ...stats, topActions: stats.topActions.map((a) => ({ action: auditActionName(a.action), count: a.count })) });
    });

    app.get(STATISTICS_PATHS.export, {
      config: { access: 'session', button: '/sysMgr/statistics#export', audit: 'statistics-export' },
      schema: { querystring: StatisticsQuerySchema, response: { 200: Type.Any({ description: 'xlsx file' }) } },
    }, async (request, reply) => {
      request.auditTarget = '统计';
      request.auditDetail = `${request.query.startDate} 至 ${request.query.endDate}${request.query.deptId === undefined ? '' : `，部门 ID ${request.query.deptId}`}`;
      const { days } = await auditStatistics(deps, request.query);
      const name = `统计-${request.query.startDate}-${request.query.endDate}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(name, `statistics-${request.query.startDate}.xlsx`))
        .header('cache-control', 'no-store')
        .send(await sheetWorkbook('统计', COLUMNS, days, deps.now()));
    });
  };
}
