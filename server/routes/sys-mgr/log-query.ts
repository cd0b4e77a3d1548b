import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { auditActionName, type LogEntry, type LogExportQuery } from '../../../contract/api';
import type { Deps } from '../../deps';
import { auditLog } from '../../db/schema';
import { badRequest } from '../../http-error';

/** `%text%` for ILIKE with the user's own % and _ taken literally (Like matching, spec §5). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The WHERE clause of the audit-log filters; blank filters are ignored. */
export function logWhere(filters: LogExportQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const from = filters.from ? new Date(filters.from) : null;
  const to = filters.to ? new Date(filters.to) : null;
  if (from && to && from > to) throw badRequest('开始时间不能晚于结束时间');
  if (from) parts.push(gte(auditLog.at, from));
  if (to) parts.push(lte(auditLog.at, to));
  const username = filters.username?.trim();
  if (username) parts.push(ilike(auditLog.actorUsername, likePattern(username)));
  if (filters.action?.trim()) parts.push(eq(auditLog.action, filters.action.trim()));
  if (filters.result) parts.push(eq(auditLog.result, filters.result));
  const keyword = filters.keyword?.trim();
  if (keyword) parts.push(or(ilike(auditLog.target, likePattern(keyword)), ilike(auditLog.detail, likePattern(keyword))));
  return parts.length ? and(...parts) : undefined;
}

type AuditRow = typeof auditLog.$inferSelect;

/** An audit row as the client sees it, with the operation's Chinese name. */
export function toLogEntry(row: AuditRow): LogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUsername: row.actorUsername,
    actorId: row.actorId,
    action: row.action,
    actionName: auditActionName(row.action),
    target: row.target,
    detail: row.detail,
    result: row.result,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** How many entries match. */
export async function countLogs(deps: Pick<Deps, 'db'>, where: SQL | undefined): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(auditLog).where(where);
  return Number(row?.n ?? 0);
}

/** Matching entries, newest first (id breaks ties of the same instant). */
export async function findLogs(
  deps: Pick<Deps, 'db'>,
  where: SQL | undefined,
  range: { offset: number; limit: number },
): Promise<AuditRow[]> {
  return deps.db.select().from(auditLog).where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(range.limit).offset(range.offset);
}
