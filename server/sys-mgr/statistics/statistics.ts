// 统计 of the audit administrator (安全审计, D57, D64, D65): usage from the audit log, what was asked and stored, and the
// operations of the other two administrators.
import { sql } from 'drizzle-orm';
import { SECADMIN_ID, SYSADMIN_ID } from '../../../contract/api';
import type { Deps } from '../../deps';
import { SYSTEM_ROLES } from '../../db/seed-functions';
import { chatFigures, documentFigures, type DocumentFigure, type ModelFigure, type ProcessingFailure, type QuestionsDay } from './statistics-usage';
import { dayText, inDept, rangeOf, type Rows, type StatisticsQuery, type StatisticsRange } from './statistics-range';

export type { DocumentFigure, ModelFigure, ProcessingFailure, QuestionsDay } from './statistics-usage';
export { STATISTICS_MAX_DAYS, type StatisticsQuery } from './statistics-range';

export type StatisticsDay = { day: string; operations: number; activeUsers: number; logins: number; failures: number };
export type AdminAction = { admin: string; action: string; count: number };
export type Statistics = {
  days: StatisticsDay[];
  topActions: { action: string; count: number }[];
  questions: QuestionsDay[];
  documents: DocumentFigure[];
  processingFailures: ProcessingFailure[];
  models: ModelFigure[];
  topSpaces: { space: string; questions: number }[];
  /** Action codes; the route names them. */
  adminActions: AdminAction[];
};

/**
 * Usage per day from the audit log (D57, D64): operations, active users (distinct actors), sign-ins and failures, and
 * the most frequent operations. Read from the daily rollup the audit insert keeps (per day, actor and action), which
 * gives exactly the figures of counting the entries themselves: a day's distinct actors are its distinct rollup actors.
 */
async function auditFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const result = (await deps.db.execute(sql`
    SELECT r.day, r.action, sum(r.operations)::int AS operations, count(DISTINCT r.actor_id)::int AS active_users,
      sum(r.logins)::int AS logins, sum(r.failures)::int AS failures
    FROM audit_daily r WHERE r.day BETWEEN ${r.first} AND ${r.last} ${inDept(sql`r.actor_id`, q.deptId)}
    GROUP BY GROUPING SETS ((r.day), (r.action))`)) as unknown as Rows<{
    day: number | null; action: string | null; operations: number; active_users: number; logins: number; failures: number;
  }>;
  const dayRows = result.rows.filter((row) => row.day !== null).sort((x, y) => x.day! - y.day!);
  const actionRows = result.rows.filter((row) => row.day === null && row.action !== null)
    .sort((x, y) => y.operations - x.operations || x.action!.localeCompare(y.action!)).slice(0, 10);
  return {
    days: dayRows.map((row) => ({ day: dayText(row.day!), operations: row.operations, activeUsers: row.active_users, logins: row.logins, failures: row.failures })),
    topActions: actionRows.map((row) => ({ action: row.action!, count: row.operations })),
  };
}

/** The role name of each audited administrator: the auditor watches the system and the security administrator. */
const AUDITED_ADMINS = new Map([SYSADMIN_ID, SECADMIN_ID].map((id) => [id, SYSTEM_ROLES.find((role) => role.userId === id)!.name]));

/** Operations of 系统管理员 and 安全保密管理员 in the range, per administrator and operation, the most frequent first. */
async function adminActions(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange): Promise<AdminAction[]> {
  const ids = [...AUDITED_ADMINS.keys()];
  const result = (await deps.db.execute(sql`SELECT r.actor_id, r.action, sum(r.operations)::int AS count
    FROM audit_daily r WHERE r.day BETWEEN ${r.first} AND ${r.last} AND r.actor_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      ${inDept(sql`r.actor_id`, q.deptId)}
    GROUP BY 1, 2 ORDER BY 3 DESC, 1 DESC, 2`)) as unknown as Rows<{ actor_id: number; action: string; count: number }>;
  return result.rows.map((row) => ({ admin: AUDITED_ADMINS.get(row.actor_id)!, action: row.action, count: row.count }));
}

/** Every figure of the audit administrator's 统计 for a date range and optionally a department (D57, D64, D65). */
export async function usageStatistics(deps: Pick<Deps, 'db'>, q: StatisticsQuery): Promise<Statistics> {
  const range = rangeOf(q);
  const [audit, chat, docs, admins] = await Promise.all([
    auditFigures(deps, q, range), chatFigures(deps, q, range), documentFigures(deps, q, range), adminActions(deps, q, range),
  ]);
  return { ...audit, ...chat, ...docs, adminActions: admins };
}
