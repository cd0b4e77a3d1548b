// Gates 3 and 4 for MySQL / MariaDB (and TiDB, OceanBase) and SQLite: node-sql-parser reads the statement in
// the dialect; every node is walked and whatever is not on the allow-list is refused. Comments, which MySQL and the
// parser read differently (`--1`, `/*! … */`), are refused before parsing by the lexical gate (gate-lex.ts, D86).
import sqlParser from 'node-sql-parser';
import {
  ALLOWED_TYPES, COMMON_FUNCTIONS, MAX_SQL_CHARS, refuse, TreeWalk, visibleTable, type GateResult, type VisibleSchema,
} from './gate-common';
import { lexSql } from './gate-lex';

export type ParserDialect = 'mysql' | 'mariadb' | 'sqlite';

const parser = new sqlParser.Parser();

/** Node `type`s that read nothing beyond the tables named and have no side effect. */
const TYPES = new Set([
  'select', 'column_ref', 'aggr_func', 'function', 'binary_expr', 'unary_expr', 'expr_list', 'case', 'when', 'else', 'cast', 'star',
  'number', 'bool', 'boolean', 'null', 'string', 'single_quote_string', 'double_quote_string', 'natural_string', 'hex_string', 'bit_string',
  'full_hex_string', 'interval', 'date', 'datetime', 'time', 'timestamp', 'default', 'backticks_quote_string', 'window_func', 'extract',
  'param_default', 'origin', 'ASC', 'DESC', 'expr', 'column_definition',
]);

const OPERATORS = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', 'DIV', 'MOD', 'AND', 'OR', 'NOT', 'XOR', '&&', '||', 'IN', 'NOT IN',
  'BETWEEN', 'NOT BETWEEN', 'LIKE', 'NOT LIKE', 'IS', 'IS NOT', 'REGEXP', 'NOT REGEXP', 'RLIKE', 'NOT RLIKE', 'EXISTS', 'NOT EXISTS',
  '<=>', 'GLOB', 'ESCAPE',
]);

const FUNCTIONS = new Set([...COMMON_FUNCTIONS, 'exists', 'not exists']);

type Json = Record<string, unknown>;

/** The plain name of a node-sql-parser function name (`{name: [{value}]}` or a string); null when qualified. */
function funcName(name: unknown): string | null {
  if (typeof name === 'string') return name.toLowerCase();
  const parts = (name as { name?: { value?: unknown }[] })?.name;
  if (!Array.isArray(parts) || parts.length !== 1) return null;
  return String(parts[0].value ?? '').toLowerCase();
}

class MySqlWalk extends TreeWalk {
  constructor(schema: VisibleSchema, private readonly dialect: ParserDialect) {
    super(schema);
  }

  protected override object(n: Json): void {
    if ('ast' in n) return this.node(n.ast);
    const type = n.type;
    if (type === undefined || type === null) {
      for (const [key, inner] of Object.entries(n)) if (key !== 'tableList' && key !== 'columnList') this.node(inner);
      return;
    }
    if (typeof type !== 'string' || !TYPES.has(type)) refuse(`只允许只读查询，不允许 ${String(type)}`);
    switch (type) {
      case 'select': return this.select(n);
      case 'column_ref': return this.columnRef(n);
      case 'function':
      case 'aggr_func': {
        const name = funcName(n.name);
        if (!name || !FUNCTIONS.has(name)) refuse(`不允许调用函数 ${name ?? JSON.stringify(n.name)}（只允许常用的统计、数值、文本和日期函数）`);
        return this.node(n.args), this.node(n.over);
      }
      case 'binary_expr':
      case 'unary_expr':
        if (!OPERATORS.has(String(n.operator).toUpperCase())) refuse(`不允许使用运算符 ${String(n.operator)}`);
        return this.node(n.left), this.node(n.right), this.node(n.expr);
      case 'cast': {
        for (const t of (n.target as Json[] | undefined) ?? []) {
          if (!ALLOWED_TYPES.has(String(t.dataType ?? '').toLowerCase())) refuse(`不允许转换为类型 ${String(t.dataType)}`);
        }
        return this.node(n.expr);
      }
      default: {
        for (const [key, inner] of Object.entries(n)) if (key !== 'type') this.node(inner);
      }
    }
  }

  private select(n: Json): void {
    const into = n.into as Json | undefined;
    if (into && (into.position || into.keyword || into.expr)) refuse('不允许 SELECT … INTO（会写入文件或变量）');
    if (n.locking_read || n.for_update) refuse('不允许 FOR UPDATE / LOCK IN SHARE MODE（会加锁）');
    const ctes = (n.with as Json[] | null) ?? [];
    const names = ctes.map((c) => String((c.name as Json)?.value ?? c.name));
    const recursive = ctes.some((c) => c.recursive);
    if (recursive) this.scopes.push(names);
    ctes.forEach((cte, i) => {
      const stmt = cte.stmt as Json;
      const ast = (stmt?.ast ?? stmt) as Json;
      if (!ast || ast.type !== 'select') refuse(`WITH 子句 ${names[i]} 只能是 SELECT 查询（不允许写入）`);
      if (!recursive) this.scopes.push(names.slice(0, i));
      this.node(ast);
      if (!recursive) this.scopes.pop();
      for (const c of (cte.columns as unknown[] | null) ?? []) this.defined.add(String((c as Json)?.value ?? c));
      this.aliases.add(names[i]);
    });
    if (recursive) this.scopes.pop();
    this.scopes.push(names);
    for (const item of (n.from as Json[] | null) ?? []) this.fromItem(item);
    for (const c of (n.columns as Json[] | string | null) ?? []) {
      if (typeof c === 'string') continue;
      if (c.as) this.defined.add(String(c.as));
      this.node(c.expr);
    }
    for (const key of ['where', 'groupby', 'having', 'orderby', 'limit', 'window', 'qualify']) this.node(n[key]);
    if (n._next) this.select(n._next as Json);
    this.scopes.pop();
    const known = new Set(['with', 'type', 'options', 'distinct', 'columns', 'into', 'from', 'where', 'groupby', 'having', 'orderby', 'limit',
      'locking_read', 'for_update', 'window', 'collate', '_next', 'set_op', 'qualify', '_parentheses', 'loc']);
    for (const key of Object.keys(n)) {
      if (!known.has(key) && n[key] !== null && n[key] !== undefined) refuse(`不支持的查询子句：${key}`);
    }
    if (n.options && (n.options as unknown[]).length) {
      for (const o of n.options as unknown[]) {
        if (!/^(SQL_CALC_FOUND_ROWS|SQL_NO_CACHE|DISTINCT|ALL|STRAIGHT_JOIN)$/i.test(String(o))) refuse(`不支持的查询选项：${String(o)}`);
      }
    }
  }

  private fromItem(item: Json): void {
    if (item.as) this.aliases.add(String(item.as));
    this.node(item.on);
    for (const u of (item.using as unknown[] | null) ?? []) this.columns.add(String((u as Json)?.value ?? u));
    if (item.expr) {
      const expr = item.expr as Json;
      if (!('ast' in expr) && expr.type !== 'select') refuse('FROM 中只能是表或子查询，不能调用函数');
      return this.node(expr);
    }
    if (item.type === 'dual') return;
    if (typeof item.table !== 'string') refuse('FROM 中只能是表或子查询');
    const table = item.table as string;
    const db = item.db as string | null;
    if (item.schema) refuse(`不能访问其他数据库的表 ${String(item.schema)}`);
    if (!db && this.scopes.has(table)) return;
    if (db && db !== this.schema.defaultSchema) refuse(`不能访问其他数据库的表 ${db}.${table}`);
    if (this.dialect === 'sqlite' && /^sqlite_/i.test(table)) refuse(`不能访问系统表 ${table}`);
    visibleTable(this.schema, table, db ? `${db}.${table}` : table);
    this.tables.add(table);
    this.aliases.add(table);
  }

  private columnRef(n: Json): void {
    const column = n.column as unknown;
    if (column === '*') return;
    const name = typeof column === 'string' ? column : String((column as Json)?.expr && ((column as Json).expr as Json).value);
    if (n.db || n.schema) refuse('不能访问其他数据库的列');
    this.columns.add(name);
  }
}

/** Parses and walks `sql` in the dialect; answers the tables it reads, or the reason it is refused (in Chinese). */
export function gateMySql(sql: string, schema: VisibleSchema, dialect: ParserDialect): GateResult {
  if (sql.length > MAX_SQL_CHARS) return { ok: false, reason: `查询语句过长（超过 ${MAX_SQL_CHARS} 个字符）` };
  const lexed = lexSql(sql, dialect);
  if (!lexed.ok) return lexed;
  let ast: unknown;
  try {
    ast = parser.astify(sql, { database: dialect === 'sqlite' ? 'sqlite' : dialect === 'mariadb' ? 'mariadb' : 'mysql' });
  } catch (err) {
    return { ok: false, reason: `SQL 语法错误，无法按 ${dialect === 'sqlite' ? 'SQLite' : 'MySQL'} 语法解析`, detail: String((err as Error).message ?? '').slice(0, 300) };
  }
  if (Array.isArray(ast)) {
    if (ast.length !== 1) return { ok: false, reason: ast.length ? '只允许执行一条查询语句' : '没有可执行的查询语句' };
    ast = ast[0];
  }
  const stmt = ast as Json;
  if (!stmt || stmt.type !== 'select') return { ok: false, reason: `只允许只读查询（SELECT），不允许 ${String(stmt?.type ?? '该语句').toUpperCase()}` };
  return new MySqlWalk(schema, dialect).result(stmt, true);
}
