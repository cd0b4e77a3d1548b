import { sql, type SQL } from 'drizzle-orm';
import { CHAT_MODE_NAMES, type ChatMode } from '../../contract/api';
import type { Deps } from '../deps';
import { badRequest } from '../http-error';

/** Query of the usage statistics (统计): a date range in China Standard Time, optionally one department's subtree. */
export type StatisticsQuery = { startDate: string; endDate: string; deptId?: number };
export type StatisticsDay = { day: string; operations: number; activeUsers: number; logins: number; failures: number };
export type QuestionsDay = { day: string; mode: string; questions: number };
export type DocumentFigure = { space: string; grade: string; documents: number; chunks: number };
export type ProcessingFailure = { source: string; reason: string; count: number };
export type ModelFigure = {
  model: string; answers: number; firstTokenMs: number | null; firstTokenP90Ms: number | null; tokensPerSecond: number | null;
  queueWaitMs: number | null; queueWaitMaxMs: number | null;
};
export type Statistics = {
  days: StatisticsDay[];
  topActions: { action: string; count: number }[];
  questions: QuestionsDay[];
  documents: DocumentFigure[];
  processingFailures: ProcessingFailure[];
  models: ModelFigure[];
  topSpaces: { space: string; questions: number }[];
};

/** Longest range one request may ask for. */
export const STATISTICS_MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The range as UTC instants of CST midnights: [start 00:00, end + 1 day 00:00). */
function rangeOf(q: StatisticsQuery): { from: Date; to: Date } {
  if (!DAY.test(q.startDate) || !DAY.test(q.endDate)) throw badRequest('开始时间和结束日期须为 YYYY-MM-DD');
  const from = new Date(`${q.startDate}T00:00:00+08:00`);
  const to = new Date(new Date(`${q.endDate}T00:00:00+08:00`).getTime() + DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw badRequest('开始时间或结束日期不是有效日期');
  if (from >= to) throw badRequest('开始时间不能晚于结束日期');
  if ((to.getTime() - from.getTime()) / DAY_MS > STATISTICS_MAX_DAYS) throw badRequest(`统计范围不能超过 ${STATISTICS_MAX_DAYS} 天`);
  return { from, to };
}

/** A Beijing day number (days since 1970-01-01 in CST) as the date it names. */
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The Beijing day number of a timestamp column, as the rollup keys its rows (migration 0016). */
const dayOf = (column: SQL) => sql`floor((extract(epoch FROM ${column}) + 28800) / 86400)::int`;

/** `column IN (users of the department and its sub-departments)`, or nothing without a department. */
function inDept(column: SQL, deptId: number | undefined): SQL {
  if (deptId === undefined) return sql``;
  return sql`AND ${column} IN (
    SELECT u.id FROM users u WHERE u.dept_id IN (
      WITH RECURSIVE sub AS (SELECT id FROM departments WHERE id = ${deptId}
        UNION ALL SELECT d.id FROM departments d JOIN sub ON d.parent_id = sub.id)
      SELECT id FROM sub))`;
}

/** `column` in [from, to). */
const within = (column: SQL, from: Date, to: Date) => sql`${column} >= ${from.toISOString()}::timestamptz AND ${column} < ${to.toISOString()}::timestamptz`;

type Rows<T> = { rows: T[] };

/**
 * Usage per day from the audit log (D57, D64): operations, active users (distinct actors), sign-ins and failures, and
 * the most frequent operations. Read from the daily rollup the audit insert keeps (per day, actor and action), which
 * gives exactly the figures of counting the entries themselves: a day's distinct actors are its distinct rollup actors.
 */
async function auditFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, from: Date, to: Date) {
  const first = Math.round(from.getTime() / DAY_MS + 1 / 3);
  const last = Math.round(to.getTime() / DAY_MS + 1 / 3) - 1;
  const result = (await deps.db.execute(sql`
    SELECT r.day, r.action, sum(r.operations)::int AS operations, count(DISTINCT r.actor_id)::int AS active_users,
      sum(r.logins)::int AS logins, sum(r.failures)::int AS failures
    FROM audit_daily r WHERE r.day BETWEEN ${first} AND ${last} ${inDept(sql`r.actor_id`, q.deptId)}
    GROUP BY GROUPING SETS ((r.day), (r.action))`)) as unknown as Rows<{
    day: number | null; action: string | null; operations: number; active_users: number; logins: number; failures: number;
  }>;
  const dayRows = result.rows.filter((r) => r.day !== null).sort((x, y) => x.day! - y.day!);
  const actionRows = result.rows.filter((r) => r.day === null && r.action !== null)
    .sort((x, y) => y.operations - x.operations || x.action!.localeCompare(y.action!)).slice(0, 10);
  return {
    days: dayRows.map((r) => ({ day: dayText(r.day!), operations: r.operations, activeUsers: r.active_users, logins: r.logins, failures: r.failures })),
    topActions: actionRows.map((r) => ({ action: r.action!, count: r.operations })),
  };
}

/**
 * What chat was asked (D65), from the row written per answer: questions per day and mode, the knowledge spaces asked
 * most, and per model the time to the first text, tokens per second after it and the wait for a slot in its queue.
 */
async function chatFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, from: Date, to: Date) {
  const scope = sql`${within(sql`s.at`, from, to)} ${inDept(sql`s.user_id`, q.deptId)}`;
  const [perDay, spaces, models] = await Promise.all([
    deps.db.execute(sql`SELECT ${dayOf(sql`s.at`)} AS day, s.chat_mode AS mode, count(*)::int AS questions
      FROM chat_answer_stats s WHERE ${scope} GROUP BY 1, 2 ORDER BY 1, 2`) as unknown as Promise<Rows<{ day: number; mode: string; questions: number }>>,
    deps.db.execute(sql`SELECT k.name AS space, count(*)::int AS questions
      FROM chat_answer_stats s JOIN knowledge_spaces k ON k.id = s.space_id
      WHERE ${scope} GROUP BY k.name ORDER BY 2 DESC, 1 LIMIT 10`) as unknown as Promise<Rows<{ space: string; questions: number }>>,
    deps.db.execute(sql`SELECT s.model_name AS model, count(*)::int AS answers,
        round(avg(s.first_token_ms))::int AS first_token_ms,
        round(percentile_cont(0.9) WITHIN GROUP (ORDER BY s.first_token_ms))::int AS first_token_p90_ms,
        CASE WHEN sum(s.stream_ms) > 0 THEN round(sum(s.tokens) * 1000.0 / sum(s.stream_ms), 1)::float8 END AS tokens_per_second,
        round(avg(s.queue_wait_ms))::int AS queue_wait_ms, max(s.queue_wait_ms)::int AS queue_wait_max_ms
      FROM chat_answer_stats s WHERE ${scope} AND s.model_name IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1`) as unknown as Promise<Rows<{
      model: string; answers: number; first_token_ms: number | null; first_token_p90_ms: number | null; tokens_per_second: number | null;
      queue_wait_ms: number | null; queue_wait_max_ms: number | null;
    }>>,
  ]);
  return {
    questions: perDay.rows.map((r) => ({ day: dayText(r.day), mode: CHAT_MODE_NAMES[r.mode as ChatMode] ?? r.mode, questions: r.questions })),
    topSpaces: spaces.rows,
    models: models.rows.map((r) => ({
      model: r.model, answers: r.answers, firstTokenMs: r.first_token_ms, firstTokenP90Ms: r.first_token_p90_ms,
      tokensPerSecond: r.tokens_per_second, queueWaitMs: r.queue_wait_ms, queueWaitMaxMs: r.queue_wait_max_ms,
    })),
  };
}

/**
 * The knowledge base (D65): documents uploaded in the range and their chunks per space and grade, and the processing
 * failures of the range (knowledge documents and chat files) by reason; the department is the uploader's.
 */
async function documentFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, from: Date, to: Date) {
  const range = (column: SQL) => within(column, from, to);
  const [documents, failures] = await Promise.all([
    deps.db.execute(sql`SELECT k.name AS space, g.text AS grade, count(*)::int AS documents, sum(d.chunk_count)::int AS chunks
      FROM knowledge_documents d JOIN knowledge_spaces k ON k.id = d.space_id JOIN secrecy_grades g ON g.code = d.secrecy
      WHERE ${range(sql`d.created_at`)} ${inDept(sql`d.owner_id`, q.deptId)}
      GROUP BY k.name, g.text, g.rank ORDER BY k.name, g.rank`) as unknown as Promise<Rows<DocumentFigure>>,
    deps.db.execute(sql`SELECT source, reason, count(*)::int AS count FROM (
        SELECT '知识库文档' AS source, coalesce(nullif(d.result, ''), '未记录原因') AS reason FROM knowledge_documents d
        WHERE d.status = 'FAILED' AND ${range(sql`d.updated_at`)} ${inDept(sql`d.owner_id`, q.deptId)}
        UNION ALL
        SELECT '对话文件', coalesce(nullif(f.result, ''), '未记录原因') FROM chat_files f
        WHERE f.status = 'FAILED' AND ${range(sql`f.updated_at`)} ${inDept(sql`f.owner_id`, q.deptId)}
      ) f GROUP BY source, reason ORDER BY 3 DESC, 1, 2 LIMIT 20`) as unknown as Promise<Rows<ProcessingFailure>>,
  ]);
  return { documents: documents.rows, processingFailures: failures.rows };
}

/** Every figure of 统计 for a date range and optionally a department (D57, D64, D65). */
export async function usageStatistics(deps: Pick<Deps, 'db'>, q: StatisticsQuery): Promise<Statistics> {
  const { from, to } = rangeOf(q);
  const [audit, chat, docs] = await Promise.all([auditFigures(deps, q, from, to), chatFigures(deps, q, from, to), documentFigures(deps, q, from, to)]);
  return { ...audit, ...chat, ...docs };
}
