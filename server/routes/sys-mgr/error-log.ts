import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ERROR_LOG_PATHS, ErrorLogPage, ErrorLogQuery, PlatformEnvelope, type ErrorLogEntry } from '../../../contract/api';
import type { Deps } from '../../deps';
import { queryErrors } from '../../errors/error-log';
import { badRequest } from '../../http-error';
import { ok } from '../../http/envelope';
import { contentDisposition, cstDay, formatCst, sheetWorkbook, type SheetColumn } from './log-export';

const ERROR_EXPORT_MAX = 200;

const COLUMNS: SheetColumn<ErrorLogEntry>[] = [
  { header: '时间（北京时间）', width: 22, value: (r) => formatCst(new Date(r.at)) },
  { header: '类型', width: 14, value: (r) => r.kindName },
  { header: '错误编号', width: 38, value: (r) => r.requestId },
  { header: '接口', width: 40, value: (r) => `${r.method} ${r.route}`.trim() },
  { header: '状态码', width: 8, value: (r) => r.status ?? '' },
  { header: '用户', width: 14, value: (r) => r.username },
  { header: '摘要', width: 40, value: (r) => r.summary },
  { header: '详情', width: 60, value: (r) => r.detail },
];

/** 错误日志 (issue 17, D56): the system administrator's list and export of the server's errors. */
export function errorLogRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(ERROR_LOG_PATHS.list, {
      config: { access: 'duty', duty: 'sysadmin', func: '/sysMgr/errorLog' },
      schema: { querystring: ErrorLogQuery, response: { 200: PlatformEnvelope(ErrorLogPage) } },
    }, async (request) => ok(await queryErrors(deps, request.query)));

    app.get(ERROR_LOG_PATHS.export, {
      config: { access: 'duty', duty: 'sysadmin', button: '/sysMgr/errorLog#export', audit: 'error-log-export' },
      schema: { querystring: ErrorLogQuery, response: { 200: Type.Any({ description: 'xlsx file' }) } },
    }, async (request, reply) => {
      request.auditTarget = '错误日志';
      const { list, total } = await queryErrors(deps, { ...request.query, currentPage: 1, pageSize: ERROR_EXPORT_MAX });
      if (total === 0) throw badRequest('没有符合条件的错误记录，无需导出');
      request.auditDetail = `导出 ${list.length} 条${total > list.length ? `（共 ${total} 条，导出最近 ${ERROR_EXPORT_MAX} 条）` : ''}`;
      const now = deps.now();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`错误日志-${cstDay(now)}.xlsx`, `error-log-${cstDay(now)}.xlsx`))
        .header('cache-control', 'no-store')
        .send(await sheetWorkbook('错误日志', COLUMNS, list, now));
    });
  };
}
