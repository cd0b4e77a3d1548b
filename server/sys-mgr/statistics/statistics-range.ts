// What every 统计 query shares (D57, D64): the date range as Beijing days, the department narrowing, the day number.
import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../http-error';

/** Query of the usage statistics (统计): a date range in China Standard Time, optionally one department's subtree. */
export type StatisticsQuery = { startDate: string; endDate: string; deptId?: number };
/** The range as UTC instants of CST midnights, and as Beijing day numbers (first and last, inclusive). */
export type StatisticsRange = { from: Date; to: Date; first: number; last: number };
export type Rows<T> = { rows: T[] };

/** Longest range one request may ask for. */
export const STATISTICS_MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The range [start 00:00, end + 1 day 00:00) in Beijing; refuses malformed, reversed and too long ranges in Chinese. */
export function rangeOf(q: StatisticsQuery): StatisticsRange {
  if (!DAY.test(q.startDate) || !DAY.test(q.endDate)) throw badRequest('开始时间和结束日期须为 YYYY-MM-DD');
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(new Date(`${q.endDate}T00:00:00+08:00`).getTime() + DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw badRequest('开始时间或结束日期不是有效日期');
  if (from >= to) throw badRequest('开始时间不能晚于结束日期');
  if ((to.getTime() - from.getTime()) / DAY_MS > STATISTICS_MAX_DAYS) throw badRequest(`统计范围不能超过 ${STATISTICS_MAX_DAYS} 天`);
  // A CST midnight is 16:00 UTC of the day before: a third of a day short of the next whole UTC day.
  return { from, to, first: Math.round(from.getTime() / DAY_MS + 1 / 3), last: Math.round(to.getTime() / DAY_MS + 1 / 3) - 1 };
}

/** A Beijing day number (days since 1970-01-01 in CST) as the date it names. */
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The Beijing day number of a timestamp column, as the rollup keys its rows (migration 0016). */
export const dayOf = (column: SQL) => sql`floor((extract(epoch FROM ${column}) + 28800) / 86400)::int`;

/** `AND column IN (users of the department and its sub-departments)`, or nothing without a department. */
export function inDept(column: SQL, deptId: number | undefined): SQL {
  if (deptId === undefined) return sql``;
  return sql`AND ${column} IN (
    SELECT u.id FROM users u WHERE u.dept_id IN (
      WITH RECURSIVE sub AS (SELECT id FROM departments WHERE id = ${deptId}
        UNION ALL SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id)
      SELECT id FROM sub))`;
}

/** `column` in [from, to). */
export const within = (column: SQL, r: Pick<StatisticsRange, 'from' | 'to'>) =>
  sql`${column} >= ${r.from.toISOString()}::timestamptz AND ${column} < ${r.to.toISOString()}::timestamptz`;

/** Rows keyed by day merged into one row per day, in day order, each field missing on a day as 0. */
export function mergeDays<K extends string>(keys: readonly K[], ...sources: { day: number; [key: string]: number }[][]) {
  const byDay = new Map<number, Record<K, number>>();
  for (const rows of sources) {
    for (const row of rows) {
      const merged = byDay.get(row.day) ?? (Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>);
      for (const k of keys) if (row[k] !== undefined) merged[k] = row[k];
      byDay.set(row.day, merged);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([day, figures]) => ({ day: dayText(day), ...figures }));
}
