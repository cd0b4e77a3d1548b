import { sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { badRequest } from '../http-error';

/** Query of the usage statistics (统计): a date range in China Standard Time, optionally one department's subtree. */
export type StatisticsQuery = { startDate: string; endDate: string; deptId?: number };
export type StatisticsDay = { day: string; operations: number; activeUsers: number; logins: number; failures: number };
export type Statistics = { days: StatisticsDay[]; topActions: { action: string; count: number }[] };

/** Longest range one request may ask for. */
export const STATISTICS_MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range as UTC instants of CST midnights: [start 00:00, end + 1 day 00:00). */
function rangeOf(q: StatisticsQuery): { from: Date; to: Date } {
  if (!DAY.test(q.startDate) || !DAY.test(q.endDate)) throw badRequest('开始时间和结束日期须为 YYYY-MM-DD');
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(new Date(`${q.endDate}T00:00:00+08:00`).getTime() + 86_400_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw badRequest('开始时间或结束日期不是有效日期');
  if (from >= to) throw badRequest('开始时间不能晚于结束日期');
  if ((to.getTime() - from.getTime()) / 86_400_000 > STATISTICS_MAX_DAYS) throw badRequest(`统计范围不能超过 ${STATISTICS_MAX_DAYS} 天`);
  return { from, to };
}

/**
 * Usage per day from the audit log (D57): operations, active users (distinct actors), sign-ins and failures, and the
 * most frequent operations. One range scan on audit_log_at_idx; the department filter is a subtree of departments
 * joined through the actor. Days are China Standard Time, as every audit time the product shows.
 */
export async function auditStatistics(deps: Pick<Deps, 'db'>, q: StatisticsQuery): Promise<Statistics> {
  const { from, to } = rangeOf(q);
  const scope = q.deptId === undefined
    ? sql``
    : sql`AND a.actor_id IN (
        SELECT u.id FROM users u WHERE u.dept_id IN (
          WITH RECURSIVE sub AS (SELECT id FROM departments WHERE id = ${q.deptId}
            UNION ALL SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id)
          SELECT id FROM sub))`;
  const where = sql`a.at >= ${from.toISOString()}::timestamptz AND a.at < ${to.toISOString()}::timestamptz ${scope}`;
  // One scan for both figures (grouping sets); the Beijing day as a day number, cheaper per row than a date.
  const result = (await deps.db.execute(sql`
    SELECT floor((extract(epoch FROM a.at) + 28800) / 86400)::int AS day, a.action,
      count(*)::int AS operations,
      count(DISTINCT a.actor_id)::int AS active_users,
      count(*) FILTER (WHERE a.action = 'login' AND a.result = 'success')::int AS logins,
      count(*) FILTER (WHERE a.result <> 'success')::int AS failures
    FROM audit_log a WHERE ${where}
    GROUP BY GROUPING SETS ((floor((extract(epoch FROM a.at) + 28800) / 86400)::int), (a.action))`)) as unknown as {
    rows: { day: number | null; action: string | null; operations: number; active_users: number; logins: number; failures: number }[];
  };
  const dayRows = result.rows.filter((r) => r.day !== null).sort((x, y) => x.day! - y.day!);
  const actionRows = result.rows.filter((r) => r.day === null && r.action !== null)
    .sort((x, y) => y.operations - x.operations || x.action!.localeCompare(y.action!)).slice(0, 10);
  return {
    days: dayRows.map((r) => ({
      day: new Date(r.day! * 86_400_000).toISOString().slice(0, 10), operations: r.operations, activeUsers: r.active_users, logins: r.logins,
      failures: r.failures,
    })),
    topActions: actionRows.map((r) => ({ action: r.action!, count: r.operations })),
  };
}
