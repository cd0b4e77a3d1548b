import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ErrorLogEntry, ErrorLogQuery } from '../../contract/api';
import { errorLogs } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest } from '../http-error';

/** Kinds of the error log (D56). */
export type ErrorKind = 'http' | 'job' | 'model' | 'database';

export const ERROR_KIND_NAMES: Record<ErrorKind, string> = { http: '接口错误', job: '后台任务失败', model: '模型调用失败', database: '数据库连接失败' };

export type ErrorRecord = {
  kind: ErrorKind;
  summary: string;
  detail?: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number | null;
  userId?: number | null;
  username?: string;
};

const DETAIL_MAX = 500;

/**
 * What may be kept of an error's text: credentials, tokens, connection strings' passwords, query strings and quoted
 * values go; the error's own words stay. Run on every detail before it is stored (tested with each pattern).
 */
export function redact(text: string): string {
  return text
    // URLs with credentials or a query: keep scheme, host and path.
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+(?::[^\s/@]*)?@/gi, '$1***@')
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]+)\?[^\s]*/gi, '$1?***')
    // key=value / key: value pairs naming a secret.
    .replace(/\b(pass(?:word|wd)?|pwd|secret|token|api[_-]?key|authorization|cookie|credential)s?\b(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi, '$1$2***')
    .replace(/\bBearer\s+[A-Za-z0-9._~+/=-]+/g, 'Bearer ***')
    // Quoted literals and the parameters of a failed statement (values the user sent).
    .replace(/\b(params|parameters)\s*:\s*.*$/gim, '$1: ***')
    .replace(/'[^']*'/g, "'***'")
    .replace(/"[^"]{24,}"/g, '"***"')
    .slice(0, DETAIL_MAX);
}

/** Database connection failures, whatever layer saw them (node-postgres, PGlite, the network). */
export function isDatabaseConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && (/^08/.test(code) || ['57P01', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(code)))
    || /connection (terminated|refused|ended)|Connection terminated|database system is (starting|shutting) down/i.test(err.message);
}

/** Records an error; never throws (a failing record must not hide the error it records). */
export async function recordError(deps: Pick<Deps, 'db' | 'now'>, record: ErrorRecord): Promise<void> {
  try {
    await deps.db.insert(errorLogs).values({
      at: deps.now(),
      kind: record.kind,
      summary: record.summary.slice(0, 200),
      detail: redact(record.detail ?? ''),
      requestId: record.requestId ?? '',
      method: record.method ?? '',
      route: (record.route ?? '').split('?')[0],
      status: record.status ?? null,
      userId: record.userId ?? null,
      username: record.username ?? '',
    });
  } catch {
    // The database itself may be what failed.
  }
}

export const ERROR_LOG_PAGE_MAX = 200;

function timeOf(text: string | undefined, label: string): Date | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw badRequest(`${label}格式不正确`);
  return date;
}

function whereOf(q: ErrorLogQuery): SQL | undefined {
  const parts: SQL[] = [];
  const start = timeOf(q.startTime, '开始时间');
  const end = timeOf(q.endTime, '结束时间');
  if (start && end && start > end) throw badRequest('开始时间不能晚于结束时间');
  if (q.kind) parts.push(eq(errorLogs.kind, q.kind));
  if (start) parts.push(gte(errorLogs.at, start));
  if (end) parts.push(lte(errorLogs.at, end));
  const needle = q.keyword?.trim();
  if (needle) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(errorLogs.requestId, like), ilike(errorLogs.route, like), ilike(errorLogs.username, like), ilike(errorLogs.summary, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

/** A page of the error log, newest first, filtered by kind, time and a keyword (request id, route, user, summary). */
export async function queryErrors(deps: Pick<Deps, 'db'>, q: ErrorLogQuery): Promise<{ list: ErrorLogEntry[]; total: number }> {
  const where = whereOf(q);
  const size = Math.min(q.pageSize ?? 20, ERROR_LOG_PAGE_MAX);
  const page = Math.max(q.currentPage ?? 1, 1);
  const rows = await deps.db.select().from(errorLogs).where(where).orderBy(desc(errorLogs.at), desc(errorLogs.id)).limit(size).offset((page - 1) * size);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(errorLogs).where(where);
  return {
    total: Number(n),
    list: rows.map((r) => ({
      id: r.id, at: r.at.toISOString(), kind: r.kind, kindName: ERROR_KIND_NAMES[r.kind as ErrorKind] ?? r.kind, requestId: r.requestId,
      method: r.method, route: r.route, status: r.status, username: r.username, summary: r.summary, detail: r.detail,
    })),
  };
}
