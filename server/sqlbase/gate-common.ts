// What every dialect's gate shares: the tables and columns a user may see on a connection, the allow-list of
// functions and types, scopes of WITH names and the frame of the walk. The gates themselves (gate-pg.ts,
// gate-mysql.ts, gate-duckdb.ts) walk every node of a real parser's tree and refuse whatever they do not know.

/** The tables (with their columns) a user may see on a connection, keyed by the name a query uses. */
export type VisibleSchema = {
  /** Lower-case or exact keys as the dialect's gate looks them up: `table` or `schema.table`. */
  tables: Map<string, Set<string>>;
  /** Database (MySQL) or schema (PostgreSQL) that unqualified names resolve to. */
  defaultSchema: string;
  /** Table names match whatever their case (SQLite, DuckDB); otherwise exactly as the parser gives them. */
  foldCase?: boolean;
};

/** A refusal's reason is shown to the user (Chinese); `detail` (a parser's own words) goes only to the model's correction. */
export type GateResult = { ok: true; tables: string[] } | { ok: false; reason: string; detail?: string };

export class GateRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'GateRefusal';
  }
}

export const refuse = (reason: string): never => {
  throw new GateRefusal(reason);
};

/** Longest statement accepted. */
export const MAX_SQL_CHARS = 20_000;

/** Functions without side effects, that read nothing but their arguments (all dialects; lower case). */
export const COMMON_FUNCTIONS = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
  'bool_and', 'bool_or', 'every', 'string_agg', 'array_agg', 'group_concat', 'percentile_cont', 'percentile_disc', 'mode', 'median',
  'count_distinct', 'any_value',
  // window
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // numbers
  'abs', 'round', 'ceil', 'ceiling', 'floor', 'trunc', 'truncate', 'power', 'pow', 'sqrt', 'mod', 'sign', 'ln', 'log', 'log10', 'log2', 'exp',
  'greatest', 'least', 'div', 'pi', 'degrees', 'radians',
  // text
  'lower', 'upper', 'lcase', 'ucase', 'length', 'char_length', 'character_length', 'octet_length', 'substring', 'substr', 'trim', 'btrim',
  'ltrim', 'rtrim', 'concat', 'concat_ws', 'replace', 'left', 'right', 'position', 'strpos', 'instr', 'locate', 'lpad', 'rpad',
  'split_part', 'initcap', 'reverse', 'repeat', 'format', 'to_char', 'to_number', 'char', 'chr', 'ascii',
  // dates
  'now', 'current_date', 'current_timestamp', 'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'to_date', 'to_timestamp',
  'date', 'year', 'month', 'day', 'dayofmonth', 'dayofweek', 'dayofyear', 'week', 'weekofyear', 'quarter', 'hour', 'minute', 'second',
  'date_format', 'date_add', 'date_sub', 'datediff', 'timestampdiff', 'curdate', 'str_to_date', 'last_day', 'strftime', 'julianday',
  'datetime', 'time', 'unixepoch', 'from_unixtime', 'unix_timestamp', 'yearweek', 'monthname', 'dayname', 'justify_days',
  // conditionals
  'coalesce', 'nullif', 'ifnull', 'if', 'isnull', 'nvl', 'iif', 'typeof',
  'cast', 'convert',
]);

/** Type names a cast may name (lower case; the last part of a qualified name). */
export const ALLOWED_TYPES = new Set([
  'int', 'int2', 'int4', 'int8', 'integer', 'smallint', 'bigint', 'numeric', 'decimal', 'real', 'float', 'float4', 'float8',
  'double', 'double precision', 'text', 'varchar', 'char', 'bpchar', 'character', 'character varying', 'date', 'time', 'timestamp',
  'timestamptz', 'interval', 'bool', 'boolean', 'signed', 'unsigned', 'datetime', 'nchar', 'json', 'jsonb', 'year', 'string',
  'tinyint', 'hugeint', 'ubigint', 'uinteger', 'usmallint', 'utinyint',
]);

/**
 * WITH names in scope. Non-recursive: a CTE sees the ones before it; recursive: all of its WITH; the main query
 * sees all. A name not found here is a table and must be visible.
 */
export class CteScopes {
  private readonly stack: Set<string>[] = [];

  push(names: Iterable<string>): void {
    this.stack.push(new Set(names));
  }

  pop(): void {
    this.stack.pop();
  }

  has(name: string): boolean {
    return this.stack.some((s) => s.has(name));
  }
}

/** The table a reference names, if the user may see it; otherwise a refusal naming it. */
export function visibleTable(schema: VisibleSchema, key: string, shown: string): Set<string> {
  let columns = schema.tables.get(key);
  if (!columns && schema.foldCase) {
    const wanted = key.toLowerCase();
    for (const [k, v] of schema.tables) if (k.toLowerCase() === wanted) columns = v;
  }
  if (!columns) refuse(`不能访问表 ${shown}：该表不存在或您无权访问`);
  return columns as Set<string>;
}

/**
 * What every dialect's walk shares: the names it gathers and the descent into arrays. A dialect checks each object
 * of its parser's tree in `object` (fail closed), then the columns gathered are checked against the visible ones.
 */
export abstract class TreeWalk {
  readonly scopes = new CteScopes();
  readonly tables = new Set<string>();
  readonly columns = new Set<string>();
  readonly defined = new Set<string>();
  readonly aliases = new Set<string>();

  constructor(protected readonly schema: VisibleSchema) {}

  node(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) this.node(v);
      return;
    }
    if (!value || typeof value !== 'object') return;
    this.object(value as Record<string, unknown>);
  }

  protected abstract object(n: Record<string, unknown>): void;

  /** Walks the statement, then checks its columns: the tables it reads, or the reason it is refused. */
  result(statement: unknown, lowerColumns = false): GateResult {
    try {
      this.node(statement);
      checkColumns(this.schema, this.columns, this.defined, this.aliases, lowerColumns);
    } catch (err) {
      if (err instanceof GateRefusal) return { ok: false, reason: err.reason };
      throw err;
    }
    return { ok: true, tables: [...this.tables] };
  }
}

/** Checks that every column named is one of the visible tables' columns or a name the query defines. */
export function checkColumns(schema: VisibleSchema, used: Set<string>, defined: Set<string>, tables: Set<string>, lower = false): void {
  const known = new Set<string>();
  for (const columns of schema.tables.values()) for (const c of columns) known.add(lower ? c.toLowerCase() : c);
  for (const name of used) {
    const n = lower ? name.toLowerCase() : name;
    if (known.has(n) || defined.has(n) || tables.has(n)) continue;
    refuse(`不能访问列 ${name}：该列不存在或您无权访问`);
  }
}
