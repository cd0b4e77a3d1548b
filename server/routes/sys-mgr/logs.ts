import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { desc, eq } from 'drizzle-orm';
import {
  AUDIT_ACTIONS, CODE_FORBIDDEN, ERROR_TEXTS, isSystemAccount, LOG_EXPORT_MAX_ROWS, LOG_PATHS, LogAction, LogEmptyQuery,
  LogEntry, LogExportQuery, LogListQuery, LogPage, PlatformEnvelope,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { auditLog } from '../../db/schema';
import { badRequest, HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { sessionOf } from '../../plugins/request-meta';
import { contentDisposition, exportFileName, logWorkbook } from './log-export';
import { countLogs, findLogs, logWhere, toLogEntry } from './log-query';

const DEFAULT_PAGE_SIZE = 25;
/** Entries shown on /sysMgr/index. */
const RECENT_COUNT = 10;

const RESULT_NAMES: Record<string, string> = { success: '成功', failure: '失败' };

/** A short description of the filters of an export, for its own audit entry. */
function describeFilters(q: LogExportQuery): string {
  const parts = [
    q.from && `开始时间 ${q.from}`, q.to && `结束时间 ${q.to}`, q.username && `用户 ${q.username}`,
    q.action && `操作类型 ${q.action}`, q.result && `结果 ${RESULT_NAMES[q.result]}`, q.keyword && `关键字 ${q.keyword}`,
  ].filter(Boolean);
  return parts.length ? `筛选：${parts.join('，')}` : '筛选：全部';
}

/**
 * The audit log (安全审计员): list, export and operation types, plus the caller's own recent activity.
 * Entries can never be changed or removed: there are no such routes, and the table refuses it (D7).
 */
export function logRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(LOG_PATHS.list, {
      config: { access: 'duty', duty: 'auditadmin', button: '/sysMgr/logMgr#view' },
      schema: { querystring: LogListQuery, response: { 200: PlatformEnvelope(LogPage) } },
    }, async (request) => {
      const { page = 1, limit = DEFAULT_PAGE_SIZE, ...filters } = request.query;
      const where = logWhere(filters);
      const [total, rows] = await Promise.all([
        countLogs(deps, where),
        findLogs(deps, where, { offset: (page - 1) * limit, limit }),
      ]);
      return ok({ list: rows.map(toLogEntry), total, page, pageSize: limit });
    });

    app.get(LOG_PATHS.export, {
      config: { access: 'duty', duty: 'auditadmin', button: '/sysMgr/logMgr#export', audit: 'log-export' },
      // The 200 answer is the xlsx file itself (a Buffer is sent as it is, without serialisation).
      schema: { querystring: LogExportQuery, response: { 200: Type.Any({ description: 'xlsx file' }) } },
    }, async (request, reply) => {
      request.auditTarget = '审计日志';
      request.auditDetail = describeFilters(request.query);
      const where = logWhere(request.query);
      const total = await countLogs(deps, where);
      if (total === 0) throw badRequest('没有符合条件的日志，无需导出');
      if (total > LOG_EXPORT_MAX_ROWS) {
        throw badRequest(`符合条件的日志共 ${total} 条，超过单次导出上限 ${LOG_EXPORT_MAX_ROWS} 条，请缩小时间范围或增加筛选条件后再导出`);
      }
      const rows = await findLogs(deps, where, { offset: 0, limit: total });
      const now = deps.now();
      const file = await logWorkbook(rows, now);
      request.auditDetail += `；导出 ${rows.length} 条`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(exportFileName(now)))
        .header('cache-control', 'no-store')
        .send(file);
    });

    app.get(LOG_PATHS.actions, {
      config: { access: 'duty', duty: 'auditadmin', func: '/sysMgr/logMgr' },
      schema: { querystring: LogEmptyQuery, response: { 200: PlatformEnvelope(Type.Array(LogAction)) } },
    }, async () => ok(Object.entries(AUDIT_ACTIONS).map(([code, name]) => ({ code, name }))));

    app.get(LOG_PATHS.recent, {
      config: { access: 'session' },
      schema: { querystring: LogEmptyQuery, response: { 200: PlatformEnvelope(Type.Array(LogEntry)) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      // The management home only: ordinary staff have no business reading the audit log, even their own lines.
      if (!isSystemAccount(user.id)) throw new HttpError(403, ERROR_TEXTS.forbidden, CODE_FORBIDDEN);
      const rows = await deps.db.select().from(auditLog).where(eq(auditLog.actorId, user.id))
        .orderBy(desc(auditLog.at), desc(auditLog.id)).limit(RECENT_COUNT);
      return ok(rows.map(toLogEntry));
    });
  };
}
