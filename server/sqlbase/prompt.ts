// What the model is told about a connection: the tables (recalled for large schemas), their columns with types
// and comments, keys between them and a few sample values, within a token budget; and how to answer (DB-GPT's
// chat_with_db_execute JSON, or a ```sql block).
import { estimateTokens } from '../chat/history';
import type { TableInfo } from './driver-types';

export const SCHEMA_BUDGET_TOKENS = 3000;

const DIALECT_NAMES: Record<string, string> = {
  postgresql: 'PostgreSQL', mysql: 'MySQL', mariadb: 'MariaDB（MySQL 兼容）', sqlite: 'SQLite', duckdb: 'DuckDB',
};

/** The tables as compact text, cut to the budget (whole tables, the first ones first). */
export function schemaText(tables: TableInfo[], samples: Map<string, Record<string, unknown>[]>, budgetTokens = SCHEMA_BUDGET_TOKENS): string {
  const parts: string[] = [];
  let used = 0;
  let left = 0;
  for (const t of tables) {
    const lines = [`表 ${t.name}${t.comment ? `（${t.comment}）` : ''}：`];
    for (const c of t.columns) lines.push(`  - ${c.name} ${c.type}${c.comment ? ` -- ${c.comment}` : ''}`);
    for (const r of t.refs) lines.push(`  外键：${r.column} → ${r.table.replace(/^(public|main)\./, '')}.${r.refColumn}`);
    const rows = samples.get(t.key);
    if (rows?.length) {
      const shown = rows.slice(0, 3).map((row) => JSON.stringify(row).slice(0, 300));
      lines.push(`  示例数据：${shown.join('；')}`);
    }
    const text = lines.join('\n');
    const cost = estimateTokens(text);
    if (used + cost > budgetTokens && parts.length) {
      left++;
      continue;
    }
    parts.push(text);
    used += cost;
  }
  if (left) parts.push(`（另有 ${left} 张表未列出）`);
  return parts.join('\n');
}

export const DISPLAY_TYPES = ['response_table', 'response_bar_chart', 'response_line_chart', 'response_pie_chart'];

export function executePrompt(dialect: string, dbName: string, schema: string, maxRows: number): string {
  return [
    `你是数据分析助手，通过编写 ${DIALECT_NAMES[dialect] ?? dialect} SQL 查询数据库「${dbName}」来回答用户的问题。`,
    '只能使用下面列出的表和列：',
    schema,
    '回答要求：',
    '1. 只写一条只读的 SELECT 查询（可以用 WITH），不要修改数据，不要调用系统函数，不要写注释（-- 或 /* */，会被拒绝）；',
    `2. 除非用户指定，结果不超过 ${Math.min(maxRows, 50)} 行，需要排序时写 ORDER BY；`,
    '3. 以 JSON 对象回答，不要输出其他内容：',
    '{"thoughts": "一两句中文说明查询思路", "sql": "SQL 查询", "display_type": "展示方式"}',
    `   display_type 从 ${DISPLAY_TYPES.join('、')} 中选择；`,
    '4. 系统会执行这条查询，并把结果以表格或图表展示给用户，不要编造数据。',
  ].join('\n');
}

/** The qa prompt; with `samples` it says what the 示例数据 lines are instead of claiming to know no data (D89). */
export function qaPrompt(dialect: string, dbName: string, schema: string, samples = false): string {
  return [
    `你是数据库专家。下面是 ${DIALECT_NAMES[dialect] ?? dialect} 数据库「${dbName}」中用户可以访问的表结构${samples ? '，以及部分表的前几行示例数据' : ''}：`,
    schema,
    '请根据这些表结构，用中文回答用户关于数据库结构、字段含义、表之间关系或如何编写查询的问题。',
    samples
      ? '你不能执行查询；示例数据只是每张表的前几行，不代表全部数据，不要据此回答统计或汇总类的问题。给出 SQL 示例时只写只读的 SELECT 查询。'
      : '你不能执行查询，也不知道表中的具体数据；给出 SQL 示例时只写只读的 SELECT 查询。',
  ].join('\n');
}

export type ModelAnswer = { thoughts: string; sql: string; displayType: string | null };

/** The SQL of a model answer: DB-GPT's JSON ({thoughts, sql, display_type}), else the first ```sql block. */
export function parseModelAnswer(answer: string): ModelAnswer | null {
  const candidates: string[] = [];
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/g;
  for (const m of answer.matchAll(fenced)) candidates.push(m[1]);
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(answer.slice(start, end + 1));
  for (const text of candidates) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      if (parsed && typeof parsed.sql === 'string' && parsed.sql.trim()) {
        return {
          thoughts: typeof parsed.thoughts === 'string' ? parsed.thoughts : '',
          sql: parsed.sql.trim(),
          displayType: typeof parsed.display_type === 'string' ? parsed.display_type : null,
        };
      }
    } catch {
      // not JSON: try the next form
    }
  }
  const block = /```[ \t]*(?:sql|mysql|postgresql|postgres)[^\n]*\n([\s\S]*?)```/i.exec(answer);
  if (block?.[1].trim()) {
    return { thoughts: answer.slice(0, block.index).trim(), sql: block[1].trim(), displayType: null };
  }
  return null;
}
