// chat_with_db_execute and chat_with_db_qa: questions answered from a live database connection (/sqlBase). The
// model is told the tables the user may see (recalled for large schemas); for execute, its SQL runs through the
// four gates (sqlbase/execute.ts) and the result comes as a table and chart; a failing or refused query goes back
// to the model once for a correction, then the user sees the error in Chinese. qa answers about the schema only.
import type { Actor } from '../../deps';
import { badRequest } from '../../http-error';
import { isAbort } from '../../llm/models';
import { visibleConnection } from '../../sqlbase/connections';
import { correctionHint, DbError, type TableInfo } from '../../sqlbase/driver-types';
import { openConnection, releaseConnection, runGated, SqlRefused, type OpenConnection } from '../../sqlbase/execute';
import { OutboundRefused } from '../../sqlbase/outbound';
import { executePrompt, parseModelAnswer, qaPrompt, schemaText, SCHEMA_BUDGET_TOKENS } from '../../sqlbase/prompt';
import { fitsBudget, recallTables } from '../../sqlbase/recall';
import { rankTablesByVector } from '../../sqlbase/vector-recall';
import { toChartView } from '../excel/chart';
import type { ChatModeHandler, FinishProgress, LlmMessage, ModeContext, ModeFinish } from '../mode';

const HISTORY_MESSAGES = 4;
/** Tables whose first rows are shown to the model as sample values. */
const SAMPLE_TABLES = 5;

const quote = (dialect: string, name: string) => (dialect === 'postgresql' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``);

/** A few rows of the first tables (our own statement on visible tables, in the read-only transaction). */
async function samplesOf(open: OpenConnection, tables: TableInfo[]): Promise<Map<string, Record<string, unknown>[]>> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const t of tables.slice(0, SAMPLE_TABLES)) {
    const dialect = open.session.dialect;
    // PostgreSQL and DuckDB keys are schema.table; SQLite takes "" quotes too; MySQL backticks.
    const name = dialect === 'postgresql' || dialect === 'duckdb' ? t.key.split('.').map((p) => quote('postgresql', p)).join('.')
      : quote(dialect === 'sqlite' ? 'postgresql' : 'mysql', t.key);
    try {
      const result = await open.session.run(`SELECT * FROM ${name} LIMIT 3`, { timeoutMs: 3000, maxRows: 3, maxBytes: 4096 });
      out.set(t.key, result.rows);
    } catch {
      // samples are a help, not a need
    }
  }
  return out;
}

const actorOfCtx = (ctx: ModeContext): Actor => ctx.actor ?? { id: ctx.viewer.id, username: String(ctx.viewer.id), ip: '', userAgent: '' };

/** Opens the dialogue's connection: `select_param` names it; one the user may not use is "not found". */
async function connectionFor(ctx: ModeContext): Promise<OpenConnection> {
  const name = ctx.dialogue.selectParam?.trim();
  if (!name) throw badRequest('请先选择数据库连接');
  const row = await visibleConnection(ctx.deps, ctx.viewer, name);
  try {
    return await openConnection(ctx.deps, row, ctx.viewer.id);
  } catch (err) {
    if (err instanceof DbError || err instanceof OutboundRefused) throw badRequest(`数据库「${name}」${err.message}`);
    throw err;
  }
}

async function described(ctx: ModeContext, open: OpenConnection): Promise<string> {
  // Vectors only when the schema is too large to send whole (and an embedding model is configured).
  const byVector = fitsBudget(open.tables, SCHEMA_BUDGET_TOKENS) ? null : await rankTablesByVector(ctx.deps.config, open.tables, ctx.question);
  const tables = recallTables(open.tables, ctx.question, SCHEMA_BUDGET_TOKENS, 10, byVector);
  // Sample rows only where the connection's owner switched them on (D89): they are data, sent to the model.
  return schemaText(tables, open.row.sampleRows ? await samplesOf(open, tables) : new Map());
}

type Attempt = { ok: true; finish: ModeFinish } | { ok: false; message: string; hint: string; dbName: string };

/** How often the rows read so far are sent while a result streams. */
const PROGRESS_EVERY_MS = 250;

async function attempt(ctx: ModeContext, open: OpenConnection, sql: string, source: string, progress?: FinishProgress): Promise<Attempt> {
  const seen: Record<string, unknown>[] = [];
  let sentAt = 0;
  // The rows so far go to the client as they come (a table); the final frame replaces them with the chart.
  const onRows = (rows: Record<string, unknown>[], columns: string[]) => {
    seen.push(...rows);
    if (!progress || Date.now() - sentAt < PROGRESS_EVERY_MS) return;
    sentAt = Date.now();
    progress.chart({
      type: 'response_table', sql, columns, data: [...seen], truncated: false,
      description: `正在读取查询结果，已读取 ${seen.length} 行…`, db_name: open.row.dbName,
    });
  };
  try {
    const { result } = await runGated(ctx.deps, actorOfCtx(ctx), open, sql, { source, onRows });
    return { ok: true, finish: { chart: { ...toChartView(result, sql, ctx.question), db_name: open.row.dbName } } };
  } catch (err) {
    if (err instanceof SqlRefused) return { ok: false, message: err.message, hint: err.detail ? `${err.reason}：${err.detail}` : err.reason, dbName: open.row.dbName };
    if (err instanceof DbError) return { ok: false, message: err.message, hint: correctionHint(err) || err.message, dbName: open.row.dbName };
    throw err;
  }
}

/**
 * A query that could not run (refused by a gate, or failed) shows why (in the text) and the SQL itself, editable in the answer's
 * SQL tab so the user can fix it and run it again through the same gates (issue 27 §6); no rows.
 */
function refusedFinish(message: string, sql: string, dbName: string): ModeFinish {
  return {
    appendText: `\n\n${message}`,
    chart: { type: 'response_table', sql, columns: [], data: [], truncated: false, db_name: dbName },
  };
}

/** One statement on a session of the dialogue's connection, given back at once: no session is held while the model writes. */
async function attemptOnce(ctx: ModeContext, sql: string, source: string, progress?: FinishProgress): Promise<Attempt> {
  const open = await connectionFor(ctx);
  try {
    return await attempt(ctx, open, sql, source, progress);
  } finally {
    await releaseConnection(open);
  }
}

async function runAnswer(ctx: ModeContext, messages: LlmMessage[], answer: string, progress: FinishProgress): Promise<ModeFinish> {
  const parsed = parseModelAnswer(answer);
  if (!parsed) return { appendText: '\n\n（回答中没有可执行的 SQL 查询，未生成结果表。）' };
  const first = await attemptOnce(ctx, parsed.sql, '数据库对话', progress);
  if (first.ok) return first.finish;
  let corrected: string | null = null;
  try {
    const reply = await ctx.complete([
      ...messages,
      { role: 'assistant', content: answer },
      { role: 'user', content: `这条 SQL 未能执行：${first.hint}\n请只用上面列出的表和列，给出修正后的一条只读查询，仍按同样的 JSON 格式回答。` },
    ], { temperature: 0 });
    corrected = parseModelAnswer(reply)?.sql ?? null;
  } catch (err) {
    if (isAbort(err, ctx.signal)) throw err;
  }
  if (!corrected) return refusedFinish(first.message, parsed.sql, first.dbName);
  const second = await attemptOnce(ctx, corrected, '数据库对话（修正）', progress);
  if (!second.ok) return refusedFinish(second.message, corrected, second.dbName);
  return { appendText: `\n\n首次查询未能执行（${first.message}），已自动修正为：\n\n\`\`\`sql\n${corrected}\n\`\`\``, chart: second.finish.chart };
}

/** The connection a dialogue asks about and its schema as the model reads it; the session is released at once. */
async function schemaOf(ctx: Parameters<ChatModeHandler['prepare']>[0]) {
  const open = await connectionFor(ctx);
  try {
    return { open, schema: await described(ctx, open) };
  } finally {
    await releaseConnection(open);
  }
}

export const dbExecuteMode: ChatModeHandler = {
  mode: 'chat_with_db_execute',
  async prepare(ctx) {
    const { open, schema } = await schemaOf(ctx);
    const messages: LlmMessage[] = [
      { role: 'system', content: executePrompt(open.session.dialect, open.row.dbName, schema, ctx.deps.config.dbChatMaxRows) },
      ...ctx.history.slice(-HISTORY_MESSAGES),
      { role: 'user', content: ctx.question },
    ];
    return { messages, grade: open.row.secrecy, sourceConnection: open.row.id, finish: (answer, progress) => runAnswer(ctx, messages, answer, progress) };
  },
};

export const dbQaMode: ChatModeHandler = {
  mode: 'chat_with_db_qa',
  async prepare(ctx) {
    const { open, schema } = await schemaOf(ctx);
    return {
      messages: [
        { role: 'system', content: qaPrompt(open.session.dialect, open.row.dbName, schema, open.row.sampleRows) },
        ...ctx.history.slice(-HISTORY_MESSAGES),
        { role: 'user', content: ctx.question },
      ],
      fallback: `（未配置大模型）数据库「${open.row.dbName}」中您可以访问的表：\n\n${schema}`,
      grade: open.row.secrecy,
      sourceConnection: open.row.id,
    };
  },
};
