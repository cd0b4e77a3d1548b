// The first of three locks on the SQL a model writes for a spreadsheet (the others: DuckDB's own parse must give
// one SELECT statement, and the query runs in a throwaway in-memory database that cannot touch files or change
// its settings; see engine.ts). This one reads the text: comments and quoted text are set aside, then only a
// single SELECT/WITH statement without writing keywords, file readers or settings functions passes.

/** Why a query was refused; `write` when it would change data (the user is told it was not executed). */
export type GuardRefusal = { ok: false; reason: string; write: boolean };
export type GuardResult = { ok: true; sql: string } | GuardRefusal;

/** Statements that change data or the database. */
const WRITE_WORDS = ['INSERT', 'UPDATE', 'DELETE', 'DROP', 'CREATE', 'ALTER', 'TRUNCATE', 'MERGE', 'UPSERT', 'REPLACE INTO', 'VACUUM', 'CHECKPOINT', 'GRANT', 'REVOKE'];
/** Statements that reach outside the table: files, other databases, extensions, settings, transactions. */
const ESCAPE_WORDS = [
  'COPY', 'ATTACH', 'DETACH', 'INSTALL', 'LOAD', 'FORCE', 'PRAGMA', 'SET', 'RESET', 'CALL', 'EXPORT', 'IMPORT', 'EXECUTE', 'PREPARE',
  'DEALLOCATE', 'BEGIN', 'COMMIT', 'ROLLBACK', 'ABORT', 'USE', 'SECRET',
];

/** Table and scalar functions that read files or the network, run SQL text, or change settings. */
const FORBIDDEN_FUNCTION = new RegExp(
  '^(?:read_\\w*|\\w*_scan|\\w*_attach|parquet_\\w*|sniff_\\w*|glob|query|query_table|getenv|iceberg_\\w*|delta_\\w*|'
  + 'pragma_\\w*|duckdb_secrets|which_secret|load_aws_credentials|enable_\\w*|disable_\\w*|truncate_duckdb_logs|'
  + 'checkpoint|force_checkpoint|http_\\w*|system|shell|current_setting|set_\\w*|json_execute_serialized_sql)$',
  'i',
);

const MAX_SQL_CHARS = 20_000;

const refuse = (reason: string, write = false): GuardRefusal => ({ ok: false, reason, write });

type Scanned = { code: string; tableRefs: string[] } | { problem: string };

/**
 * The statement with comments removed and every quoted string / identifier replaced by a placeholder ('' and ""),
 * so keywords inside them are not mistaken for code and code inside comments is not missed.
 */
function scan(sql: string): Scanned {
  let code = '';
  // Quoted names and strings right after FROM / JOIN: DuckDB reads a file named as a table (FROM 'x.csv').
  const tableRefs: string[] = [];
  const afterFrom = () => /(^|[^\w$])(FROM|JOIN)\s*\(?\s*$/i.test(code);
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      code += ' ';
    } else if (c === '/' && next === '*') {
      // Block comments nest in DuckDB, as in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') { depth++; i += 2; } else if (sql[i] === '*' && sql[i + 1] === '/') { depth--; i += 2; } else i++;
      }
      if (depth > 0) return { problem: '注释未闭合' };
      code += ' ';
    } else if (c === "'" || c === '"') {
      // E'...' strings take backslash escapes; a doubled quote is a quote in every form.
      const backslash = c === "'" && /(^|[^\w])[eE]$/.test(code);
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= sql.length) return { problem: c === "'" ? '字符串未闭合' : '引号标识符未闭合' };
        if (backslash && sql[j] === '\\') { text += sql[j + 1] ?? ''; j += 2; continue; }
        if (sql[j] === c) {
          if (sql[j + 1] === c) { text += c; j += 2; continue; }
          break;
        }
        text += sql[j++];
      }
      if (afterFrom()) tableRefs.push(text);
      code += c + c;
      i = j + 1;
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(i));
      if (!tag) { code += c; i++; continue; }
      const end = sql.indexOf(tag[0], i + tag[0].length);
      if (end < 0) return { problem: '字符串未闭合' };
      if (afterFrom()) tableRefs.push(sql.slice(i + tag[0].length, end));
      code += "''";
      i = end + tag[0].length;
    } else {
      code += c;
      i++;
    }
  }
  return { code, tableRefs };
}

const wordRe = (word: string) => new RegExp(`(^|[^\\w$])${word.replace(' ', '\\s+')}(?![\\w$])`, 'i');

/** Decides whether the model's SQL may run: one read-only SELECT (or WITH … SELECT) on the loaded table. */
export function checkReadOnlySql(input: string): GuardResult {
  if (input.length > MAX_SQL_CHARS) return refuse(`查询语句过长（超过 ${MAX_SQL_CHARS} 个字符）`);
  const scanned = scan(input);
  if ('problem' in scanned) return refuse(`SQL 语句不完整（${scanned.problem}）`);
  const code = scanned.code.trim().replace(/[;\s]+$/, '');
  if (!code) return refuse('没有可执行的查询语句');
  for (const word of WRITE_WORDS) {
    if (wordRe(word).test(code)) return refuse(`只允许只读查询（SELECT），该语句包含 ${word}，会修改数据`, true);
  }
  if (code.includes(';')) return refuse('只允许执行一条查询语句，不能包含多条语句');
  for (const word of ESCAPE_WORDS) {
    if (wordRe(word).test(code)) return refuse(`只允许只读查询（SELECT），不允许 ${word}`);
  }
  if (!/^\(*\s*(SELECT|WITH)(?![\w$])/i.test(code)) return refuse('只允许以 SELECT 或 WITH 开头的查询语句');
  for (const m of code.matchAll(/([A-Za-z_][\w$]*)\s*\(/g)) {
    if (FORBIDDEN_FUNCTION.test(m[1])) return refuse(`查询不能调用 ${m[1]}（不允许读取文件或更改设置）`);
  }
  if (/(^|[^\w$])(FROM|JOIN)\s*\(?\s*''/i.test(code) || scanned.tableRefs.some((name) => /[/\\:.]/.test(name))) {
    return refuse('查询只能使用已载入的表，不能读取文件');
  }
  return { ok: true, sql: input.trim().replace(/[;\s]+$/, '') };
}

/** The SQL of a model answer: its first ```sql block, else the first code block that starts with SELECT/WITH. */
export function extractSql(answer: string): string | null {
  const blocks = [...answer.matchAll(/```[ \t]*([\w-]*)[^\n]*\n([\s\S]*?)```/g)];
  const sqlBlock = blocks.find((b) => /^(sql|duckdb|postgresql|postgres)$/i.test(b[1]));
  if (sqlBlock) return sqlBlock[2].trim() || null;
  const plain = blocks.find((b) => /^\s*\(?\s*(SELECT|WITH)\b/i.test(b[2]));
  return plain ? plain[2].trim() : null;
}
