// What chat was asked and what the knowledge base stored (D65): figures of the system administrator's 系统运行 and,
// as before, of the audit administrator's page.
import { sql } from 'drizzle-orm';
import { CHAT_MODE_NAMES, type ChatMode } from '../../../contract/api';
import type { Deps } from '../../deps';
import { dayOf, dayText, inDept, within, type Rows, type StatisticsQuery, type StatisticsRange } from './statistics-range';

export type QuestionsDay = { day: string; mode: string; questions: number };
export type DocumentFigure = { space: string; grade: string; documents: number; chunks: number };
export type ProcessingFailure = { source: string; reason: string; count: number };
export type ModelFigure = {
  model: string; answers: number; firstTokenMs: number | null; firstTokenP90Ms: number | null; tokensPerSecond: number | null;
  queueWaitMs: number | null; queueWaitMaxMs: number | null;
};

/**
 * From the row written per answer: questions per day and mode, the knowledge spaces asked most, and per model the time
 * to the first text, tokens per second after it and the wait for a slot in its queue.
 */
export async function chatFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const scope = sql`${within(sql`s.at`, r)} ${inDept(sql`s.user_id`, q.deptId)}`;
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
    questions: perDay.rows.map((row) => ({ day: dayText(row.day), mode: CHAT_MODE_NAMES[row.mode as ChatMode] ?? row.mode, questions: row.questions })),
    topSpaces: spaces.rows,
    models: models.rows.map((m): ModelFigure => ({
      model: m.model, answers: m.answers, firstTokenMs: m.first_token_ms, firstTokenP90Ms: m.first_token_p90_ms,
      tokensPerSecond: m.tokens_per_second, queueWaitMs: m.queue_wait_ms, queueWaitMaxMs: m.queue_wait_max_ms,
    })),
  };
}

/**
 * The knowledge base: documents uploaded in the range and their chunks per space and grade, and the processing failures
 * of the range (knowledge documents and chat files) by reason; the department is the uploader's.
 */
export async function documentFigures(deps: Pick<Deps, 'db'>, q: StatisticsQuery, r: StatisticsRange) {
  const [documents, failures] = await Promise.all([
    deps.db.execute(sql`SELECT k.name AS space, g.text AS grade, count(*)::int AS documents, sum(d.chunk_count)::int AS chunks
      FROM knowledge_documents d JOIN knowledge_spaces k ON k.id = d.space_id JOIN secrecy_grades g ON g.code = d.secrecy
      WHERE ${within(sql`d.created_at`, r)} ${inDept(sql`d.owner_id`, q.deptId)}
      GROUP BY k.name, g.text, g.rank ORDER BY k.name, g.rank`) as unknown as Promise<Rows<DocumentFigure>>,
    deps.db.execute(sql`SELECT source, reason, count(*)::int AS count FROM (
        SELECT '知识库文档' AS source, coalesce(nullif(d.result, ''), '未记录原因') AS reason FROM knowledge_documents d
        WHERE d.status = 'FAILED' AND ${within(sql`d.updated_at`, r)} ${inDept(sql`d.owner_id`, q.deptId)}
        UNION ALL
        SELECT '对话文件', coalesce(nullif(f.result, ''), '未记录原因') FROM chat_files f
        WHERE f.status = 'FAILED' AND ${within(sql`f.updated_at`, r)} ${inDept(sql`f.owner_id`, q.deptId)}
      ) f GROUP BY source, reason ORDER BY 3 DESC, 1, 2 LIMIT 20`) as unknown as Promise<Rows<ProcessingFailure>>,
  ]);
  return { documents: documents.rows, processingFailures: failures.rows };
}
