import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { auditActionName, MgmtEnvelope, STATISTICS_PATHS, StatisticsQuerySchema, StatisticsSchema } from '../../../contract/api';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';
import { usageStatistics, type DocumentFigure, type ModelFigure, type ProcessingFailure, type QuestionsDay, type Statistics, type StatisticsDay } from '../../mgmt/statistics';
import { contentDisposition, sheetOf, sheetsWorkbook, type SheetColumn } from './log-export';

const DAY_COLUMNS: SheetColumn<StatisticsDay>[] = [
  { header: '日期（北京时间）', width: 16, value: (r) => r.day },
  { header: '操作次数', width: 12, value: (r) => r.operations },
  { header: '活跃用户', width: 12, value: (r) => r.activeUsers },
  { header: '登录次数', width: 12, value: (r) => r.logins },
  { header: '失败操作', width: 12, value: (r) => r.failures },
];
const QUESTION_COLUMNS: SheetColumn<QuestionsDay>[] = [
  { header: '日期（北京时间）', width: 16, value: (r) => r.day },
  { header: '对话模式', width: 14, value: (r) => r.mode },
  { header: '提问次数', width: 12, value: (r) => r.questions },
];
const DOCUMENT_COLUMNS: SheetColumn<DocumentFigure>[] = [
  { header: '知识空间', width: 24, value: (r) => r.space },
  { header: '密级', width: 10, value: (r) => r.grade },
  { header: '文档数', width: 10, value: (r) => r.documents },
  { header: '分段数', width: 10, value: (r) => r.chunks },
];
const FAILURE_COLUMNS: SheetColumn<ProcessingFailure>[] = [
  { header: '来源', width: 12, value: (r) => r.source },
  { header: '失败原因', width: 60, value: (r) => r.reason },
  { header: '次数', width: 10, value: (r) => r.count },
];
const ms = (v: number | null) => v ?? '';
const MODEL_COLUMNS: SheetColumn<ModelFigure>[] = [
  { header: '模型', width: 24, value: (r) => r.model },
  { header: '回答数', width: 10, value: (r) => r.answers },
  { header: '首字时间平均（毫秒）', width: 20, value: (r) => ms(r.firstTokenMs) },
  { header: '首字时间P90（毫秒）', width: 20, value: (r) => ms(r.firstTokenP90Ms) },
  { header: '每秒 token 数', width: 14, value: (r) => ms(r.tokensPerSecond) },
  { header: '排队等待平均（毫秒）', width: 20, value: (r) => ms(r.queueWaitMs) },
  { header: '排队等待最长（毫秒）', width: 20, value: (r) => ms(r.queueWaitMaxMs) },
];
const TOP_COLUMNS = <R extends object>(name: string, key: keyof R & string, count: keyof R & string): SheetColumn<R>[] => [
  { header: name, width: 30, value: (r) => String(r[key]) },
  { header: '次数', width: 10, value: (r) => Number(r[count]) },
];

/** Every figure of 统计 as sheets of one workbook (D65). */
function statisticsSheets(stats: Statistics) {
  return [
    sheetOf('每日操作', DAY_COLUMNS, stats.days),
    sheetOf('操作排行', TOP_COLUMNS<Statistics['topActions'][number]>('操作', 'action', 'count'), stats.topActions),
    sheetOf('每日提问', QUESTION_COLUMNS, stats.questions),
    sheetOf('知识空间排行', TOP_COLUMNS<Statistics['topSpaces'][number]>('知识空间', 'space', 'questions'), stats.topSpaces),
    sheetOf('文档与分段', DOCUMENT_COLUMNS, stats.documents),
    sheetOf('处理失败', FAILURE_COLUMNS, stats.processingFailures),
    sheetOf('模型耗时', MODEL_COLUMNS, stats.models),
  ];
}

/** 统计 (issue 17, D57, D64, D65): the audit administrator's usage figures (and whoever is granted /sysMgr/statistics). */
export function statisticsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  const figures = async (query: Parameters<typeof usageStatistics>[1]) => {
    const stats = await usageStatistics(deps, query);
    return { ...stats, topActions: stats.topActions.map((a) => ({ action: auditActionName(a.action), count: a.count })) };
  };
  return async (app) => {
    app.get(STATISTICS_PATHS.audit, {
      config: { access: 'session', func: '/sysMgr/statistics' },
      schema: { querystring: StatisticsQuerySchema, response: { 200: MgmtEnvelope(StatisticsSchema) } },
    }, async (request) => ok(await figures(request.query)));

    app.get(STATISTICS_PATHS.export, {
      config: { access: 'session', button: '/sysMgr/statistics#export', audit: 'statistics-export' },
      schema: { querystring: StatisticsQuerySchema, response: { 200: Type.Any({ description: 'xlsx file' }) } },
    }, async (request, reply) => {
      request.auditTarget = '统计';
      request.auditDetail = `${request.query.startDate} 至 ${request.query.endDate}${request.query.deptId === undefined ? '' : `，部门 ID ${request.query.deptId}`}`;
      const stats = await figures(request.query);
      const name = `统计-${request.query.startDate}-${request.query.endDate}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(name, `statistics-${request.query.startDate}.xlsx`))
        .header('cache-control', 'no-store')
        .send(await sheetsWorkbook(statisticsSheets(stats), deps.now()));
    });
  };
}
