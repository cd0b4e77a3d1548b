// Gate 3 and 4 for PostgreSQL (and Kingbase, openGauss, GaussDB): PostgreSQL's own parser (libpg-query) reads
// the statement; every node of the tree is walked and anything not on the allow-list is refused: only SELECT
// (WITH … SELECT, UNION …), no SELECT … INTO, no FOR UPDATE/SHARE, no writable CTE, no function in FROM, no
// function, operator or type outside the allow-lists; every table must be visible to the user.
import { parse } from 'libpg-query';
import {
  ALLOWED_TYPES, COMMON_FUNCTIONS, MAX_SQL_CHARS, refuse, TreeWalk, visibleTable, type GateResult, type VisibleSchema,
} from './gate-common';
import { lexSql } from './gate-lex';

/** Node types that read nothing beyond the tables named and have no side effect. */
const NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'A_Const', 'A_Expr', 'BoolExpr', 'FuncCall', 'TypeCast', 'TypeName', 'SortBy', 'JoinExpr',
  'SubLink', 'CaseExpr', 'CaseWhen', 'NullTest', 'BooleanTest', 'CoalesceExpr', 'MinMaxExpr', 'WithClause', 'CommonTableExpr', 'A_Star',
  'String', 'Integer', 'Float', 'Boolean', 'List', 'RangeSubselect', 'WindowDef', 'Alias', 'RangeVar', 'SQLValueFunction', 'GroupingSet',
  'A_ArrayExpr', 'RowExpr', 'A_Indices', 'A_Indirection', 'BitString', 'CollateClause',
]);

const OPERATORS = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '^', '||', '~~', '!~~', '~~*', '!~~*', 'BETWEEN', 'NOT BETWEEN',
  'BETWEEN SYMMETRIC', 'NOT BETWEEN SYMMETRIC', '~', '~*', '!~', '!~*',
]);

const PG_FUNCTIONS = new Set([...COMMON_FUNCTIONS, 'to_char', 'date_trunc', 'array_length', 'unnest', 'regexp_replace', 'regexp_match',
  'bit_length', 'make_interval', 'make_timestamp', 'timezone', 'overlay', 'translate', 'md5', 'isfinite', 'justify_hours', 'justify_interval',
  'jsonb_extract_path_text', 'json_extract_path_text', 'width_bucket', 'cbrt', 'gcd', 'lcm', 'scale', 'random']);
PG_FUNCTIONS.delete('format'); // format() takes %I / %L: harmless, but nothing needs it
PG_FUNCTIONS.delete('random');

type Json = Record<string, unknown>;

const str = (node: unknown): string => ((node as { String?: { sval?: string } })?.String?.sval ?? '');

class PgWalk extends TreeWalk {
  protected override object(n: Json): void {
    for (const [key, inner] of Object.entries(n)) {
      // Set operations hold their SELECTs without a wrapper: checked as SELECTs wherever they are.
      if (key === 'larg' || key === 'rarg') this.select(inner as Json);
      else if (key === 'intoClause') refuse('不允许 SELECT … INTO（会创建表）');
      else if (key === 'lockingClause') refuse('不允许 FOR UPDATE / FOR SHARE（会加锁）');
      else if (/^[A-Z]/.test(key)) this.typed(key, inner as Json);
      else this.node(inner);
    }
  }

  private typed(type: string, n: Json): void {
    if (!NODES.has(type)) refuse(`只允许只读查询，不允许 ${type}`);
    switch (type) {
      case 'SelectStmt': return this.select(n);
      case 'RangeVar': return this.rangeVar(n);
      case 'FuncCall': return this.func(n);
      case 'TypeCast': return this.node(n.arg), this.typeName(n.typeName as Json);
      case 'TypeName': return this.typeName(n);
      case 'A_Expr': return this.aExpr(n);
      case 'ColumnRef': return this.columnRef(n);
      case 'ResTarget':
        if (typeof n.name === 'string') this.defined.add(n.name);
        return this.node(n.val), this.node(n.indirection);
      case 'Alias':
        this.aliases.add(String(n.aliasname));
        for (const c of (n.colnames as unknown[] | undefined) ?? []) this.defined.add(str(c));
        return;
      case 'SQLValueFunction':
        return;
      default:
        return this.node(n);
    }
  }

  private select(n: Json): void {
    if (n.intoClause) refuse('不允许 SELECT … INTO（会创建表）');
    if (n.lockingClause) refuse('不允许 FOR UPDATE / FOR SHARE（会加锁）');
    const withClause = n.withClause as Json | undefined;
    let pushed = 0;
    if (withClause) {
      const ctes = ((withClause.ctes as Json[]) ?? []).map((c) => c.CommonTableExpr as Json);
      const names = ctes.map((c) => String(c.ctename));
      if (withClause.recursive) {
        this.scopes.push(names);
        pushed++;
      }
      ctes.forEach((cte, i) => {
        const query = cte.ctequery as Json;
        if (!query || !('SelectStmt' in query)) refuse(`WITH 子句 ${names[i]} 只能是 SELECT 查询（不允许写入）`);
        if (!withClause.recursive) this.scopes.push(names.slice(0, i));
        this.node(query);
        if (!withClause.recursive) this.scopes.pop();
        for (const c of (cte.aliascolnames as unknown[] | undefined) ?? []) this.defined.add(str(c));
        if (cte.search_clause || cte.cycle_clause) refuse('不支持 WITH … SEARCH/CYCLE');
        this.aliases.add(names[i]);
      });
      if (!withClause.recursive) {
        this.scopes.push(names);
        pushed++;
      }
    }
    const { withClause: _w, ...rest } = n;
    void _w;
    this.node(rest);
    for (; pushed > 0; pushed--) this.scopes.pop();
  }

  private rangeVar(n: Json): void {
    const rel = String(n.relname);
    if (n.catalogname) refuse(`不能访问其他数据库的表 ${n.catalogname}.${n.schemaname}.${rel}`);
    if (n.alias) this.typed('Alias', n.alias as Json);
    if (!n.schemaname && this.scopes.has(rel)) return;
    const schema = n.schemaname ? String(n.schemaname) : this.schema.defaultSchema;
    if (!n.schemaname && rel.startsWith('pg_')) refuse(`不能访问系统表 ${rel}`);
    visibleTable(this.schema, `${schema}.${rel}`, n.schemaname ? `${schema}.${rel}` : rel);
    this.tables.add(`${schema}.${rel}`);
    this.aliases.add(rel);
  }

  private func(n: Json): void {
    const parts = ((n.funcname as unknown[]) ?? []).map(str);
    const name = parts[parts.length - 1]?.toLowerCase() ?? '';
    if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog')) refuse(`不允许调用函数 ${parts.join('.')}`);
    if (!PG_FUNCTIONS.has(name)) refuse(`不允许调用函数 ${name}（只允许常用的统计、数值、文本和日期函数）`);
    const { funcname: _f, ...rest } = n;
    void _f;
    this.node(rest);
  }

  private typeName(n: Json): void {
    const parts = ((n.names as unknown[]) ?? []).map(str);
    const name = parts[parts.length - 1]?.toLowerCase() ?? '';
    if (parts.length > 2 || (parts.length === 2 && parts[0] !== 'pg_catalog') || !ALLOWED_TYPES.has(name)) {
      refuse(`不允许转换为类型 ${parts.join('.')}`);
    }
    this.node(n.typmods);
    this.node(n.arrayBounds);
  }

  private aExpr(n: Json): void {
    const parts = ((n.name as unknown[]) ?? []).map(str);
    if (parts.length !== 1 || !OPERATORS.has(parts[0])) refuse(`不允许使用运算符 ${parts.join('.')}`);
    this.node(n.lexpr);
    this.node(n.rexpr);
  }

  private columnRef(n: Json): void {
    const fields = (n.fields as Json[]) ?? [];
    const last = fields[fields.length - 1];
    if (last && 'String' in last) this.columns.add(str(last));
    if (fields.length > 3) refuse('不能访问其他数据库的列');
  }
}

/** Parses and walks `sql`; answers the tables it reads, or the reason it is refused (in Chinese). */
export async function gatePostgres(sql: string, schema: VisibleSchema): Promise<GateResult> {
  if (sql.length > MAX_SQL_CHARS) return { ok: false, reason: `查询语句过长（超过 ${MAX_SQL_CHARS} 个字符）` };
  const lexed = lexSql(sql, 'postgresql');
  if (!lexed.ok) return lexed;
  let tree: { stmts?: { stmt: Json }[] };
  try {
    tree = (await parse(sql)) as unknown as { stmts?: { stmt: Json }[] };
  } catch (err) {
    return { ok: false, reason: 'SQL 语法错误，无法按 PostgreSQL 语法解析', detail: String((err as Error).message ?? '').slice(0, 300) };
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1) return { ok: false, reason: stmts.length ? '只允许执行一条查询语句' : '没有可执行的查询语句' };
  const stmt = stmts[0].stmt;
  if (!stmt || !('SelectStmt' in stmt)) return { ok: false, reason: `只允许只读查询（SELECT），不允许 ${Object.keys(stmt ?? {})[0] ?? '该语句'}` };
  return new PgWalk(schema).result(stmt);
}
