// chat_excel: questions about an uploaded spreadsheet. The model is told the table (name, columns with types,
// row count, sample rows) and writes one DuckDB query; after its text, the query runs read-only (excel/engine.ts)
// and the result comes as a table and chart. A failing query goes back to the model once for a correction; a
// query that would write is refused and never run.
import { CHAT_MESSAGES } from '../../../contract/api';
import { badRequest } from '../../http-error';
import { absolute } from '../../knowledge/storage';
import { isAbort } from '../../llm/models';
import { toChartView } from '../excel/chart';
import { runReadOnlyQuery, SqlRefusedError, SqlRunError, type QueryResult } from '../excel/engine';
import { parseModelAnswer } from '../../sqlbase/prompt';
import { extractSql } from '../excel/guard';
import type { TableMeta } from '../excel/table';
import { isNumericType, isTemporalType } from '../excel/values';
import { dialogueSpreadsheets, tablePathOf, type ChatFileRow } from '../files';
import type { ChatModeHandler, LlmMessage, ModeContext, ModeFinish } from '../mode';

/** Earlier messages kept for a spreadsheet question (two rounds, as DB-GPT's ChatExcel). */
const HISTORY_MESSAGES = 4;
/** Columns described in the prompt, and shown in its sample rows (very wide sheets would flood the prompt). */
const PROMPT_COLUMNS = 200;
const SAMPLE_COLUMNS = 30;

/** The spreadsheet a question is about: `select_param` (file name or id), else the newest processed one. */
export async function selectedSpreadsheet(ctx: Pick<ModeContext, 'deps' | 'dialogue'>): Promise<ChatFileRow & { tableMeta: TableMeta }> {
  const files = await dialogueSpreadsheets(ctx.deps, ctx.dialogue.id);
  const wanted = ctx.dialogue.selectParam?.trim();
  if (!files.length) throw badRequest('请先上传电子表格（csv 或 xlsx）');
  const file = wanted ? files.find((f) => f.fileName === wanted || String(f.id) === wanted) : files.find((f) => f.status === 'FINISHED') ?? files[0];
  if (!file) throw badRequest(`电子表格不存在：${wanted}`);
  if (file.status === 'FAILED') throw badRequest(`电子表格处理失败：${file.result ?? '原因未知'}`);
  if (file.status !== 'FINISHED' || !file.tableMeta) throw badRequest(`电子表格「${file.fileName}」正在处理，请稍后再提问`);
  return file as ChatFileRow & { tableMeta: TableMeta };
}

const kindOf = (type: string) => (isNumericType(type) ? '数值' : isTemporalType(type) ? '日期' : '文本');

const cell = (v: unknown) => (v === null ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v)).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Rows as a Markdown table. */
export function markdownTable(header: string[], rows: unknown[][]): string {
  const line = (values: unknown[]) => `| ${values.map(cell).join(' | ')} |`;
  return [line(header), `|${header.map(() => ' --- |').join('')}`, ...rows.map(line)].join('\n');
}

/** The system prompt: the table the model may query and how to answer. */
export function excelPrompt(fileName: string, meta: TableMeta): string {
  const listed = meta.columns.slice(0, PROMPT_COLUMNS);
  const shown = meta.columns.slice(0, SAMPLE_COLUMNS).map((c) => c.name);
  return [
    '你是数据分析助手，通过编写 DuckDB SQL 查询来回答关于电子表格的问题。',
    `文件：${fileName}${meta.sheet ? `（工作表：${meta.sheet}）` : ''}`,
    `表名：${meta.table}（共 ${meta.rowCount} 行）`,
    '列（名称 类型）：',
    ...listed.map((c) => `- "${c.name.replace(/"/g, '""')}" ${c.type}`),
    ...(meta.columns.length > listed.length ? [`（另有 ${meta.columns.length - listed.length} 列未列出）`] : []),
    `前 ${meta.sample.length} 行示例${meta.columns.length > shown.length ? `（前 ${shown.length} 列）` : ''}：`,
    markdownTable(shown, meta.sample.map((row) => row.slice(0, shown.length))),
    '回答要求：',
    '1. 先用一两句中文简要说明查询思路；',
    `2. 给出一条 DuckDB SQL 查询，放在 \`\`\`sql 代码块中：只能是 SELECT 语句（可以用 WITH），只查询表 ${meta.table}，列名用双引号括起来；`,
    '3. 不要编造数据：系统会执行这条查询，并把结果以表格或图表展示给用户。',
  ].join('\n');
}

/** The answer without a model: what the sheet holds. */
function describeSheet(fileName: string, meta: TableMeta): string {
  const columns = meta.columns.map((c) => `${c.name}（${kindOf(c.type)}）`).join('、');
  return `${CHAT_MESSAGES.noModel}\n\n电子表格「${fileName}」已载入为表 ${meta.table}，共 ${meta.rowCount} 行、${meta.columns.length} 列：${columns}。`;
}

/**
 * The query of a model answer: DB-GPT's JSON form `{thoughts, sql, display_type}` read as database chat reads it,
 * else a ```sql (or plain SELECT) block. MySQL-style `name` identifiers become DuckDB's "name".
 */
export function modelSql(answer: string): string | null {
  return (parseModelAnswer(answer)?.sql ?? extractSql(answer))?.replace(/`([^`"\n]+)`/g, '"$1"') ?? null;
}

type Attempt = { ok: true; result: QueryResult } | { ok: false; refused: boolean; message: string };

async function attempt(parquet: string, table: string, sql: string, signal: AbortSignal): Promise<Attempt> {
  try {
    return { ok: true, result: await runReadOnlyQuery(parquet, table, sql, { signal }) };
  } catch (err) {
    if (err instanceof SqlRefusedError) return { ok: false, refused: true, message: err.message };
    if (err instanceof SqlRunError) return { ok: false, refused: false, message: err.message };
    throw err;
  }
}

const refusedText = (message: string) => `\n\n查询被拒绝：${message}。该查询未执行。`;
const failedText = (message: string) => `\n\n查询失败：${message}`;

/** Runs the SQL of the model's answer; one correction round by the model when it fails. */
async function runAnswer(ctx: ModeContext, messages: LlmMessage[], file: ChatFileRow & { tableMeta: TableMeta }, answer: string): Promise<ModeFinish> {
  const parquet = absolute(ctx.deps.config, tablePathOf(file.storedPath));
  const { table } = file.tableMeta;
  const sql = modelSql(answer);
  if (!sql) return { appendText: '\n\n（回答中没有可执行的 SQL 查询，未生成结果表。）' };
  const first = await attempt(parquet, table, sql, ctx.signal);
  if (first.ok) return { chart: toChartView(first.result, sql, ctx.question) };
  if (first.refused) return { appendText: refusedText(first.message) };
  let corrected: string | null = null;
  try {
    const reply = await ctx.complete([
      ...messages,
      { role: 'assistant', content: answer },
      { role: 'user', content: `这条 SQL 执行出错：${first.message}\n请只给出修正后的一条 DuckDB SQL 查询，放在 \`\`\`sql 代码块中。` },
    ], { temperature: 0 });
    corrected = modelSql(reply);
  } catch (err) {
    if (isAbort(err, ctx.signal)) throw err;
  }
  if (!corrected) return { appendText: failedText(first.message) };
  const second = await attempt(parquet, table, corrected, ctx.signal);
  if (!second.ok) return { appendText: second.refused ? refusedText(second.message) : failedText(second.message) };
  return {
    appendText: `\n\n首次查询出错（${first.message}），已自动修正为：\n\n\`\`\`sql\n${corrected}\n\`\`\``,
    chart: toChartView(second.result, corrected, ctx.question),
  };
}

export const excelMode: ChatModeHandler = {
  mode: 'chat_excel',
  async prepare(ctx) {
    const file = await selectedSpreadsheet(ctx);
    const messages: LlmMessage[] = [
      { role: 'system', content: excelPrompt(file.fileName, file.tableMeta) },
      ...ctx.history.slice(-HISTORY_MESSAGES),
      { role: 'user', content: ctx.question },
    ];
    return {
      messages,
      fallback: describeSheet(file.fileName, file.tableMeta),
      finish: (answer) => runAnswer(ctx, messages, file, answer),
    };
  },
};
