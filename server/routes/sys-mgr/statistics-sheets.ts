// The xlsx sheets of 统计, one per figure, for each system account's figures (D65, issue 27 §6).
import type { SecurityStatisticsFigures, StatisticsFigures, SystemStatisticsFigures } from '../../../contract/api';
import { sheetOf, type Sheet, type SheetColumn } from './log-export';

type Of<F, K extends keyof F> = F[K] extends (infer R)[] ? R : never;
type Audit = StatisticsFigures;
type System = SystemStatisticsFigures;
type Security = SecurityStatisticsFigures;

const DAY = { header: '日期（北京时间）', width: 16, value: (r: { day: string }) => r.day };
const count = <R>(header: string, value: (r: R) => number): SheetColumn<R> => ({ header, width: 12, value });
const text = <R>(header: string, width: number, value: (r: R) => string): SheetColumn<R> => ({ header, width, value });
const ms = (v: number | null) => v ?? '';

const QUESTION_COLUMNS: SheetColumn<Of<Audit, 'questions'>>[] = [DAY, text('对话模式', 14, (r) => r.mode), count('提问次数', (r) => r.questions)];
const FAILURE_COLUMNS: SheetColumn<Of<Audit, 'processingFailures'>>[] = [
  text('来源', 12, (r) => r.source), text('失败原因', 60, (r) => r.reason), count('次数', (r) => r.count),
];
const MODEL_COLUMNS: SheetColumn<Of<Audit, 'models'>>[] = [
  text('模型', 24, (r) => r.model),
  count('回答数', (r) => r.answers),
  { header: '首字时间平均（毫秒）', width: 20, value: (r) => ms(r.firstTokenMs) },
  { header: '首字时间P90（毫秒）', width: 20, value: (r) => ms(r.firstTokenP90Ms) },
  { header: '每秒 token 数', width: 14, value: (r) => ms(r.tokensPerSecond) },
  { header: '排队等待平均（毫秒）', width: 20, value: (r) => ms(r.queueWaitMs) },
  { header: '排队等待最长（毫秒）', width: 20, value: (r) => ms(r.queueWaitMaxMs) },
];
const SPACE_RANKING: SheetColumn<Of<Audit, 'topSpaces'>>[] = [text('知识空间', 30, (r) => r.space), count('次数', (r) => r.questions)];
const ACTION_RANKING: SheetColumn<{ action: string; count: number }>[] = [text('操作', 30, (r) => r.action), count('次数', (r) => r.count)];

/** 安全审计: every figure as before (D65), then the other two administrators' operations. */
export function auditSheets(f: Audit): Sheet<unknown>[] {
  return [
    sheetOf<Of<Audit, 'days'>>('每日操作', [DAY, count('操作次数', (r) => r.operations), count('活跃用户', (r) => r.activeUsers),
      count('登录次数', (r) => r.logins), count('失败操作', (r) => r.failures)], f.days),
    sheetOf('操作排行', ACTION_RANKING, f.topActions),
    sheetOf('每日提问', QUESTION_COLUMNS, f.questions),
    sheetOf('知识空间排行', SPACE_RANKING, f.topSpaces),
    sheetOf<Of<Audit, 'documents'>>('文档与分段', [text('知识空间', 24, (r) => r.space), text('密级', 10, (r) => r.grade),
      count('文档数', (r) => r.documents), count('分段数', (r) => r.chunks)], f.documents),
    sheetOf('处理失败', FAILURE_COLUMNS, f.processingFailures),
    sheetOf('模型耗时', MODEL_COLUMNS, f.models),
    sheetOf<Of<Audit, 'adminActions'>>('管理员操作', [text('管理员', 16, (r) => r.admin), text('操作', 24, (r) => r.action),
      count('次数', (r) => r.count)], f.adminActions),
  ];
}

/** 系统运行: use, questions, the knowledge base, models and errors. */
export function systemSheets(f: System): Sheet<unknown>[] {
  return [
    sheetOf<Of<System, 'days'>>('每日运行', [DAY, count('活跃用户', (r) => r.activeUsers), count('提问次数', (r) => r.questions),
      count('错误次数', (r) => r.errors)], f.days),
    sheetOf('每日提问', QUESTION_COLUMNS, f.questions),
    sheetOf('知识空间排行', SPACE_RANKING, f.topSpaces),
    sheetOf<Of<System, 'spaceDocuments'>>('文档与分段', [text('知识空间', 24, (r) => r.space), count('文档数', (r) => r.documents),
      count('分段数', (r) => r.chunks)], f.spaceDocuments),
    sheetOf('处理失败', FAILURE_COLUMNS, f.processingFailures),
    sheetOf('模型耗时', MODEL_COLUMNS, f.models),
    sheetOf<Of<System, 'errors'>>('错误类型', [text('错误类型', 20, (r) => r.kind), count('次数', (r) => r.count)], f.errors),
  ];
}

/** 安全保密: sign-in security, refusals, account and permission changes, secrecy grades. */
export function securitySheets(f: Security): Sheet<unknown>[] {
  return [
    sheetOf<Of<Security, 'days'>>('每日安全', [DAY, count('登录成功', (r) => r.logins), count('登录失败', (r) => r.loginFailures), count('账号锁定', (r) => r.locks),
      count('账号解锁', (r) => r.unlocks), count('越权拒绝', (r) => r.refusals)], f.days),
    sheetOf('账号与权限变更', ACTION_RANKING, f.accountChanges),
    sheetOf<Of<Security, 'gradeDocuments'>>('文档密级', [text('密级', 10, (r) => r.grade), count('文档数', (r) => r.documents)], f.gradeDocuments),
    sheetOf<Of<Security, 'clearances'>>('人员密级', [text('密级', 10, (r) => r.grade), count('人数', (r) => r.users)], f.clearances),
  ];
}
