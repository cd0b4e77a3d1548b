// 统计 of the security administrator (安全保密, issue 27 §6): sign-in security, refused calls, account and permission
// changes, and what is held at each secrecy grade. Nothing of how the system runs or of the administrators' own trail.
import { sql } from 'drizzle-orm';
import { auditActionName, type AuditActionCode, type SecurityStatisticsFigures } from '../../../contract/api';
import type { Deps } from '../../deps';
import { dayOf, inDept, mergeDays, rangeOf, within, type Rows, type StatisticsQuery, type StatisticsRange } from './statistics-range';

/** Operations that change an account or what it may do: the security administrator's to watch. */
export const ACCOUNT_CHANGE_ACTIONS: readonly AuditActionCode[] = [
  'user-create', 'user-update', 'user-delete', 'user-disable', 'user-enable', 'user-import', 'user-roles', 'user-clearance',
  'user-reset-password', 'password-change', 'unlock', 'role-create', 'role-update', 'role-delete', 'role-members', 'role-grants',
];

type DayCount = { day: number; [figure: string]: number };
const list = (codes: readonly string[]) => sql.join(codes.map((c) => sql`${c}`), sql`, `);

/**
 * Per day, by the actor's department: successful and failed sign-ins, locks and (successful) unlocks from the audit
 * rollup; refusals for lack of permission from the entries themselves (an audited call answered 403, D14), as the
 * rollup does not keep the status.
 */
async function dailyFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const [rolled, refused] = await Promise.all([
    deps.db.execute(sql`SELECT r.day,
        coalesce(sum(r.logins) FILTER (WHERE r.action = 'login'), 0)::int AS logins,
        coalesce(sum(r.failures) FILTER (WHERE r.action = 'login'), 0)::int AS "loginFailures",
        coalesce(sum(r.operations) FILTER (WHERE r.action = 'lock'), 0)::int AS locks,
        coalesce(sum(r.operations - r.failures) FILTER (WHERE r.action = 'unlock'), 0)::int AS unlocks
      FROM audit_daily r WHERE r.day BETWEEN ${r.first} AND ${r.last} AND r.action IN ('login', 'lock', 'unlock')
        ${inDept(sql`r.actor_id`, q.deptId)}
      GROUP BY 1`),
    deps.db.execute(sql`SELECT ${dayOf(sql`a.at`)} AS day, count(*)::int AS refusals FROM audit_log a
      WHERE ${within(sql`a.at`, r)} AND a.result = 'failure' AND a.detail LIKE '%HTTP 403%' ${inDept(sql`a.actor_id`, q.deptId)}
      GROUP BY 1`),
  ]) as unknown as Rows<DayCount>[];
  return mergeDays(['logins', 'loginFailures', 'locks', 'unlocks', 'refusals'] as const, rolled.rows, refused.rows);
}

/** Account and permission changes done (not refused) in the range, per operation, the most frequent first. */
async function accountChanges(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const result = (await deps.db.execute(sql`SELECT r.action, sum(r.operations - r.failures)::int AS count FROM audit_daily r
    WHERE r.day BETWEEN ${r.first} AND ${r.last} AND r.action IN (${list(ACCOUNT_CHANGE_ACTIONS)}) ${inDept(sql`r.actor_id`, q.deptId)}
    GROUP BY 1 HAVING sum(r.operations - r.failures) > 0 ORDER BY 2 DESC, 1`)) as unknown as Rows<{ action: string; count: number }>;
  return result.rows.map((row) => ({ action: auditActionName(row.action), count: row.count }));
}

/**
 * Documents uploaded in the range per grade (by the uploader's department), and ordinary accounts per clearance now;
 * every grade listed, lowest first, so an empty grade shows as 0.
 */
async function gradeFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const [documents, clearances] = await Promise.all([
    deps.db.execute(sql`SELECT g.text AS grade, count(d.id)::int AS documents FROM secrecy_grades g
      LEFT JOIN knowledge_documents d ON d.secrecy = g.code AND ${within(sql`d.created_at`, r)} ${inDept(sql`d.owner_id`, q.deptId)}
      GROUP BY g.text, g.rank ORDER BY g.rank`),
    deps.db.execute(sql`SELECT g.text AS grade, count(u.id)::int AS users FROM secrecy_grades g
      LEFT JOIN users u ON u.clearance = g.code AND NOT u.system ${inDept(sql`u.id`, q.deptId)}
      GROUP BY g.text, g.rank ORDER BY g.rank`),
  ]);
  return {
    gradeDocuments: (documents as unknown as Rows<{ grade: string; documents: number }>).rows,
    clearances: (clearances as unknown as Rows<{ grade: string; users: number }>).rows,
  };
}

/** Every figure of the security administrator's 统计 for a date range and optionally a department. */
export async function securityStatistics(deps: Pick<Deps, 'db'>, q: StatisticsQuery): Promise<SecurityStatisticsFigures> {
  const range = rangeOf(q);
  const [days, changes, grades] = await Promise.all([
    dailyFigures(deps, q, range), accountChanges(deps, q, range), gradeFigures(deps, q, range),
  ]);
  return { days, accountChanges: changes, ...grades };
}
