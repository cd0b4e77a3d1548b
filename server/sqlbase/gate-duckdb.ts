// Gates 3 and 4 for DuckDB files: DuckDB's own parser, through `json_serialize_sql` in a private in-memory database
// (external access off, configuration locked; the statement is only parsed, never bound or run), gives the tree;
// only SELECT statements serialize at all. Every object of the tree is walked: each node, expression, table
// reference and modifier type must be on the allow-list (fail closed), functions and casts on theirs, and every
// table named must be visible. Table functions (read_csv, read_text, duckdb_settings(), …) are refused.
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  ALLOWED_TYPES, COMMON_FUNCTIONS, MAX_SQL_CHARS, refuse, TreeWalk, visibleTable, type GateResult, type VisibleSchema,
} from './gate-common';
import { lexSql } from './gate-lex';

/** Every `type` a tree of a plain read may hold: query nodes, table references, modifiers, expressions, orders. */
const TYPES = new Set([
  // query nodes
  'SELECT_NODE', 'SET_OPERATION_NODE', 'RECURSIVE_CTE_NODE',
  // table references
  'BASE_TABLE', 'JOIN', 'SUBQUERY', 'EMPTY', 'EXPRESSION_LIST',
  // modifiers and orders
  'ORDER_MODIFIER', 'LIMIT_MODIFIER', 'DISTINCT_MODIFIER', 'LIMIT_PERCENT_MODIFIER', 'ASCENDING', 'DESCENDING', 'ORDER_DEFAULT', 'INVALID',
  // expressions
  'COLUMN_REF', 'VALUE_CONSTANT', 'FUNCTION', 'STAR', 'OPERATOR_CAST', 'CASE_EXPR', 'CONJUNCTION_AND', 'CONJUNCTION_OR', 'OPERATOR_NOT',
  'OPERATOR_IS_NULL', 'OPERATOR_IS_NOT_NULL', 'COMPARE_IN', 'COMPARE_NOT_IN', 'COMPARE_EQUAL', 'COMPARE_NOTEQUAL', 'COMPARE_LESSTHAN',
  'COMPARE_GREATERTHAN', 'COMPARE_LESSTHANOREQUALTO', 'COMPARE_GREATERTHANOREQUALTO', 'COMPARE_DISTINCT_FROM', 'COMPARE_NOT_DISTINCT_FROM',
  'COMPARE_BETWEEN', 'COMPARE_NOT_BETWEEN', 'OPERATOR_COALESCE', 'SUBQUERY', 'WINDOW_AGGREGATE', 'WINDOW_ROW_NUMBER', 'WINDOW_RANK',
  'WINDOW_RANK_DENSE', 'WINDOW_PERCENT_RANK', 'WINDOW_CUME_DIST', 'WINDOW_NTILE', 'WINDOW_LEAD', 'WINDOW_LAG', 'WINDOW_FIRST_VALUE',
  'WINDOW_LAST_VALUE', 'WINDOW_NTH_VALUE', 'COLLATE', 'POSITIONAL_REFERENCE',
]);

/** Expression classes (the `class` field) a plain read may hold. */
const CLASSES = new Set(['COLUMN_REF', 'CONSTANT', 'FUNCTION', 'STAR', 'CAST', 'CASE', 'CONJUNCTION', 'OPERATOR', 'COMPARISON', 'BETWEEN',
  'SUBQUERY', 'WINDOW', 'COLLATE', 'POSITIONAL_REFERENCE']);

/** Subquery kinds. */
const SUBQUERY_TYPES = new Set(['SCALAR', 'EXISTS', 'NOT_EXISTS', 'ANY']);

/** Operators written as functions in DuckDB's tree (`is_operator`). */
const OPERATOR_FUNCTIONS = new Set(['+', '-', '*', '/', '//', '%', '^', '**', '||', '~~', '!~~', '~~*', '!~~*', '~~~', 'like_escape',
  'not_like_escape', 'ilike_escape', 'not_ilike_escape', 'regexp_full_match', 'regexp_matches']);

const DUCKDB_FUNCTIONS = new Set([...COMMON_FUNCTIONS, ...OPERATOR_FUNCTIONS, 'count_star', 'date_diff', 'datediff', 'date_add', 'strptime',
  'epoch', 'dayofweek', 'isodow', 'yearweek', 'list_value', 'regexp_replace', 'regexp_extract', 'contains', 'starts_with', 'ends_with',
  'prefix', 'suffix', 'arg_max', 'arg_min', 'max_by', 'min_by', 'first', 'last', 'list', 'fsum', 'sumkahan', 'product', 'approx_count_distinct',
  'quantile_cont', 'quantile_disc', 'corr', 'covar_pop', 'covar_samp', 'regr_slope', 'histogram', 'time_bucket', 'date_sub', 'make_timestamp',
  'try_strptime', 'ifnull', 'least', 'greatest', 'row', 'struct_pack']);
DUCKDB_FUNCTIONS.delete('format');

/** DuckDB type ids a cast may name (besides ALLOWED_TYPES). */
const DUCKDB_TYPES = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT', 'HUGEINT', 'UBIGINT', 'UINTEGER', 'USMALLINT', 'UTINYINT', 'DOUBLE',
  'FLOAT', 'DECIMAL', 'VARCHAR', 'BOOLEAN', 'DATE', 'TIME', 'TIMESTAMP', 'TIMESTAMP WITH TIME ZONE', 'TIMESTAMP_TZ', 'INTERVAL', 'NULL']);

type Json = Record<string, unknown>;

class DuckWalk extends TreeWalk {
  /** Any object of the tree: checked by its type / class, then every field is walked. */
  protected override object(n: Json): void {
    if (typeof n.type === 'string' && !TYPES.has(n.type) && !('id' in n)) refuse(`只允许只读查询，不允许 ${n.type}`);
    if (n.class !== undefined) return this.expression(n);
    switch (n.type) {
      case 'SELECT_NODE':
      case 'SET_OPERATION_NODE':
        return this.query(n);
      case 'RECURSIVE_CTE_NODE': {
        this.scopes.push([String(n.cte_name)]);
        this.rest(n, ['cte_name']);
        return this.scopes.pop();
      }
      case 'BASE_TABLE':
        return this.baseTable(n);
      default:
        if (n.alias) this.aliases.add(String(n.alias));
        for (const a of (n.column_name_alias as unknown[] | undefined) ?? []) this.defined.add(String(a));
        return this.rest(n, []);
    }
  }

  private rest(n: Json, skip: string[]): void {
    for (const [key, inner] of Object.entries(n)) if (!skip.includes(key)) this.node(inner);
  }

  private query(n: Json): void {
    const ctes = ((n.cte_map as Json | undefined)?.map as { key: string; value: Json }[] | undefined) ?? [];
    const names = ctes.map((c) => String(c.key));
    ctes.forEach((cte, i) => {
      // A CTE sees the ones before it; a recursive one sees itself through RECURSIVE_CTE_NODE.
      this.scopes.push(names.slice(0, i));
      const query = cte.value?.query as Json | undefined;
      if (!query?.node) refuse(`WITH 子句 ${names[i]} 只能是 SELECT 查询（不允许写入）`);
      this.node(query?.node);
      this.scopes.pop();
      for (const a of (cte.value?.aliases as unknown[] | undefined) ?? []) this.defined.add(String(a));
      this.aliases.add(names[i]);
    });
    this.scopes.push(names);
    this.rest(n, ['cte_map']);
    this.scopes.pop();
  }

  private baseTable(n: Json): void {
    const table = String(n.table_name);
    const schemaName = String(n.schema_name ?? '');
    if (n.catalog_name) refuse(`不能访问其他数据库的表 ${String(n.catalog_name)}.${table}`);
    if (n.at_clause) refuse('不支持 AT（时间旅行）子句');
    if (n.alias) this.aliases.add(String(n.alias));
    for (const a of (n.column_name_alias as unknown[] | undefined) ?? []) this.defined.add(String(a));
    this.node(n.sample);
    if (!schemaName && this.scopes.has(table)) return;
    const schema = schemaName || this.schema.defaultSchema;
    if (/^(duckdb_|sqlite_|pg_|information_schema)/i.test(table) || /^(information_schema|pg_catalog)$/i.test(schema)) refuse(`不能访问系统表 ${table}`);
    visibleTable(this.schema, `${schema}.${table}`, schemaName ? `${schema}.${table}` : table);
    this.tables.add(`${schema}.${table}`);
    this.aliases.add(table);
  }

  private expression(n: Json): void {
    const cls = String(n.class);
    if (!CLASSES.has(cls)) refuse(`只允许只读查询，不允许 ${cls}`);
    if (typeof n.alias === 'string' && n.alias) this.defined.add(n.alias);
    switch (cls) {
      case 'COLUMN_REF': {
        const names = (n.column_names as string[]) ?? [];
        if (names.length > 3) refuse('不能访问其他数据库的列');
        if (names.length) this.columns.add(names[names.length - 1]);
        return;
      }
      case 'CONSTANT':
        return;
      case 'FUNCTION':
      case 'WINDOW': {
        const name = String(n.function_name ?? '').toLowerCase();
        if (n.catalog || (n.schema && n.schema !== 'main')) refuse(`不允许调用函数 ${String(n.schema)}.${name}`);
        if (!DUCKDB_FUNCTIONS.has(name)) refuse(`不允许调用函数 ${name}（只允许常用的统计、数值、文本和日期函数）`);
        if (n.export_state) refuse('不支持 EXPORT_STATE');
        return this.rest(n, ['function_name', 'schema', 'catalog']);
      }
      case 'CAST': {
        const id = String((n.cast_type as Json | undefined)?.id ?? '');
        if (!DUCKDB_TYPES.has(id) && !ALLOWED_TYPES.has(id.toLowerCase())) refuse(`不允许转换为类型 ${id}`);
        return this.node(n.child);
      }
      case 'STAR':
        if (n.expr || n.columns) refuse('不支持 COLUMNS(…) 表达式');
        return this.rest(n, []);
      case 'SUBQUERY':
        if (!SUBQUERY_TYPES.has(String(n.subquery_type))) refuse(`不支持的子查询：${String(n.subquery_type)}`);
        this.node((n.subquery as Json | undefined)?.node);
        return this.rest(n, ['subquery', 'subquery_type']);
      default:
        return this.rest(n, []);
    }
  }
}

let parser: Promise<DuckDBConnection> | null = null;
/** One parse at a time on the shared connection: a tree is always the tree of the statement that asked for it. */
let queue: Promise<unknown> = Promise.resolve();

async function serialize(sql: string): Promise<string> {
  const run = queue.then(async () => {
    const connection = await parserConnection();
    const result = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
    return String(result.getRowsJS()[0]?.[0] ?? '{}');
  });
  queue = run.catch(() => undefined);
  return run;
}

/** A private in-memory DuckDB that only parses: no file access, no extensions, configuration locked. */
function parserConnection(): Promise<DuckDBConnection> {
  parser ??= (async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(':memory:', {
      enable_external_access: 'false', autoinstall_known_extensions: 'false', autoload_known_extensions: 'false', threads: '1',
      memory_limit: '64MB', lock_configuration: 'true',
    });
    return instance.connect();
  })();
  return parser;
}

/** Parses `sql` with DuckDB's parser and walks the tree; answers the tables it reads, or the reason it is refused. */
export async function gateDuckDb(sql: string, schema: VisibleSchema): Promise<GateResult> {
  if (sql.length > MAX_SQL_CHARS) return { ok: false, reason: `查询语句过长（超过 ${MAX_SQL_CHARS} 个字符）` };
  const lexed = lexSql(sql, 'duckdb');
  if (!lexed.ok) return lexed;
  let tree: { error?: boolean; error_message?: string; statements?: { node: Json; named_param_map?: unknown[] }[] };
  try {
    tree = JSON.parse(await serialize(sql));
  } catch (err) {
    return { ok: false, reason: 'SQL 语法错误，无法按 DuckDB 语法解析', detail: String((err as Error).message ?? '').slice(0, 300) };
  }
  if (tree.error) {
    const message = String(tree.error_message ?? '');
    return /Only SELECT statements/i.test(message)
      ? { ok: false, reason: '只允许只读查询（SELECT）' }
      : { ok: false, reason: 'SQL 语法错误，无法按 DuckDB 语法解析', detail: message.slice(0, 300) };
  }
  const statements = tree.statements ?? [];
  if (statements.length !== 1) return { ok: false, reason: statements.length ? '只允许执行一条查询语句' : '没有可执行的查询语句' };
  if ((statements[0].named_param_map ?? []).length) return { ok: false, reason: '不支持带参数的查询' };
  return new DuckWalk(schema).result(statements[0].node, true);
}
