// 统计 of the system administrator (系统运行, issue 27 §6): how the system runs — who uses it, what is asked, what the
// knowledge base holds, how the models answer and what failed. Nothing of the audit trail's operations or of secrecy.
import { sql } from 'drizzle-orm';
import { SYSTEM_ACCOUNT_IDS, type SystemStatisticsFigures } from '../../../contract/api';
import type { Deps } from '../../deps';
import { ERROR_KIND_NAMES, type ErrorKind } from '../../errors/error-log';
import { chatFigures, documentFigures } from './statistics-usage';
import { dayOf, inDept, mergeDays, rangeOf, within, type Rows, type StatisticsQuery, type StatisticsRange } from './statistics-range';

type DayCount = { day: number; [figure: string]: number };

/**
 * Per day: ordinary accounts active (distinct actors of the audit rollup, the system accounts left out: their work is
 * the auditor's to see), questions asked and entries of 错误日志 (the department: the asker's, the user's of the error).
 */
async function dailyFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const system = sql.join(SYSTEM_ACCOUNT_IDS.map((id) => sql`${id}`), sql`, `);
  const [active, questions, errors] = await Promise.all([
    deps.db.execute(sql`SELECT r.day, count(DISTINCT r.actor_id)::int AS "activeUsers" FROM audit_daily r
      WHERE r.day BETWEEN ${r.first} AND ${r.last} AND r.actor_id NOT IN (${system}) ${inDept(sql`r.actor_id`, q.deptId)}
      GROUP BY 1`),
    deps.db.execute(sql`SELECT ${dayOf(sql`s.at`)} AS day, count(*)::int AS questions FROM chat_answer_stats s
      WHERE ${within(sql`s.at`, r)} ${inDept(sql`s.user_id`, q.deptId)} GROUP BY 1`),
    deps.db.execute(sql`SELECT ${dayOf(sql`e.at`)} AS day, count(*)::int AS errors FROM error_logs e
      WHERE ${within(sql`e.at`, r)} ${inDept(sql`e.user_id`, q.deptId)} GROUP BY 1`),
  ]) as unknown as Rows<DayCount>[];
  return mergeDays(['activeUsers', 'questions', 'errors'] as const, active.rows, questions.rows, errors.rows);
}

/** Entries of 错误日志 in the range per kind, the most frequent first. */
async function errorKinds(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const result = (await deps.db.execute(sql`SELECT e.kind, count(*)::int AS count FROM error_logs e
    WHERE ${within(sql`e.at`, r)} ${inDept(sql`e.user_id`, q.deptId)} GROUP BY 1 ORDER BY 2 DESC, 1`)) as unknown as Rows<{ kind: string; count: number }>;
  return result.rows.map((row) => ({ kind: ERROR_KIND_NAMES[row.kind as ErrorKind] ?? row.kind, count: row.count }));
}

/** Every figure of the system administrator's 统计 for a date range and optionally a department. */
export async function systemStatistics(deps: Pick<Deps, 'db'>, q: StatisticsQuery): Promise<SystemStatisticsFigures> {
  const range = rangeOf(q);
  const [days, chat, docs, errors] = await Promise.all([
    dailyFigures(deps, q, range), chatFigures(deps, q, range), documentFigures(deps, q, range), errorKinds(deps, q, range),
  ]);
  // All grades of a space together: the grade split is the security administrator's figure.
  const spaces = new Map<string, { space: string; documents: number; chunks: number }>();
  for (const d of docs.documents) {
    const space = spaces.get(d.space) ?? { space: d.space, documents: 0, chunks: 0 };
    space.documents += d.documents;
    space.chunks += d.chunks;
    spaces.set(d.space, space);
  }
  return { days, ...chat, spaceDocuments: [...spaces.values()], processingFailures: docs.processingFailures, errors };
}
