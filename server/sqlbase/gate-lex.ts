// The lexical gate, before any parser: reads the statement by the database server's own rules (where its quoted
// strings, quoted names and dollar-quoted bodies begin and end) and refuses whatever a parser and the server could
// read differently (D86). A comment is the classic case: MySQL takes `--` as a comment only when whitespace or a
// control character follows, and runs the text of `/*! … */` and `/*M! … */`, while node-sql-parser skips both, so
// whatever followed escaped gates 3 and 4. Rather than guess, every comment form of every dialect is refused, and so
// are backslashes in strings whose meaning depends on a server setting (NO_BACKSLASH_ESCAPES in MySQL,
// standard_conforming_strings in PostgreSQL), control characters and look-alike spaces outside strings.
// The tokens are also what the differential tests compare with the server's own reading.

export type LexDialect = 'postgresql' | 'mysql' | 'mariadb' | 'sqlite' | 'duckdb';

/** `value` is a string literal's text as the server reads it (doubled quotes undone, simple E'' escapes decoded). */
export type Token = { kind: 'string' | 'ident' | 'word' | 'number' | 'param' | 'symbol'; text: string; value?: string };

export type LexResult = { ok: true; tokens: Token[] } | { ok: false; reason: string };

class LexRefusal extends Error {}

const no = (reason: string): never => {
  throw new LexRefusal(reason);
};

const COMMENT = '不允许在查询中写注释';
const WORD_START = /[A-Za-z_\u0080-\uffff]/;
/** Spaces a user might paste that one reader takes as a space and another as part of a name. */
const ODD_SPACE = /[\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;
/** Control characters other than tab, line feed and carriage return (a NUL ends the text for some readers). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The simple escapes of E'' strings (octal, hex and Unicode ones are kept as written in `value`). */
const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** Why a backslash in a string is refused, per dialect. */
const BACKSLASH = {
  mysql: '字符串中不允许反斜杠 \\（MySQL 是否把它当作转义取决于 SQL 模式）；引号请写成两个单引号 \'\'，LIKE 中请用 ESCAPE 指定其他转义字符',
  sqlite: '字符串中不允许反斜杠 \\（SQLite 把它当作普通字符，解析器却当作转义）；引号请写成两个单引号 \'\'',
  postgresql: "字符串中不允许反斜杠 \\（是否转义取决于数据库的 standard_conforming_strings 设置）；需要转义时请用 E'…' 字符串",
};

const isMy = (d: LexDialect) => d === 'mysql' || d === 'mariadb';
const isPgLike = (d: LexDialect) => d === 'postgresql' || d === 'duckdb';

class Lexer {
  private i = 0;
  readonly tokens: Token[] = [];

  constructor(private readonly sql: string, private readonly dialect: LexDialect) {}

  run(): Token[] {
    const { sql } = this;
    while (this.i < sql.length) {
      const c = sql[this.i];
      const next = sql[this.i + 1] ?? '';
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else if (CONTROL.test(c)) no('查询中不允许控制字符（例如 NUL），请删除后重试');
      else if (ODD_SPACE.test(c)) no('查询中不允许全角空格或其他特殊空白字符（数据库可能把它当作名称的一部分），请改用普通空格');
      else if (c === '-' && next === '-') {
        no(`${COMMENT}，也不允许连续的两个减号 --（MySQL 只把后面跟空格的 -- 当作注释，解析器却总当作注释，两者理解不同）；减去负数请写成 - (-1)`);
      } else if (c === '/' && next === '*') {
        if (isMy(this.dialect) && /^\/\*M?!/.test(sql.slice(this.i, this.i + 4))) no('不允许 /*! … */ 或 /*M! … */ 形式的注释（MySQL / MariaDB 会把其中的文字当作语句执行）');
        no(`${COMMENT} /* … */（数据库与解析器对注释的理解可能不同）`);
      } else if (c === '*' && next === '/') no(`${COMMENT}：出现了注释结束符 */`);
      else if (c === '#' && isMy(this.dialect)) no(`${COMMENT}：MySQL 把 # 之后的文字当作注释`);
      else if (c === "'") this.string("'", isPgLike(this.dialect) ? 'standard' : 'plain');
      else if (c === '"' && isMy(this.dialect)) this.string('"', 'plain');
      else if (c === '"') this.quotedName('"', '"');
      else if (c === '`' && (isMy(this.dialect) || this.dialect === 'sqlite')) this.quotedName('`', '`');
      else if (c === '[' && this.dialect === 'sqlite') this.quotedName('[', ']');
      else if (c === '$' && isPgLike(this.dialect)) this.dollar();
      else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next))) this.number();
      else if (WORD_START.test(c) || (c === '$' && !isPgLike(this.dialect))) this.word();
      else {
        this.tokens.push({ kind: 'symbol', text: c });
        this.i++;
      }
    }
    return this.tokens;
  }

  /**
   * A quoted string from the quote at `this.i`; a doubled quote stands for one. `standard`: PostgreSQL's and
   * DuckDB's plain strings, where a backslash is itself only while standard_conforming_strings is on (refused);
   * `escape`: E'' strings, where a backslash escapes the next character; `plain`: MySQL strings (a backslash means
   * an escape or itself depending on NO_BACKSLASH_ESCAPES) and SQLite strings (a backslash is itself to SQLite and an
   * escape to node-sql-parser): a backslash in them is refused.
   */
  private string(quote: string, mode: 'standard' | 'escape' | 'plain' | 'unicode', start = this.i): void {
    const { sql } = this;
    let value = '';
    let j = this.i + 1;
    for (;;) {
      if (j >= sql.length) no('字符串缺少结束引号');
      const c = sql[j];
      if (c === '\\') {
        if (mode === 'escape') {
          if (j + 1 >= sql.length) no('字符串缺少结束引号');
          value += ESCAPES[sql[j + 1]] ?? sql.slice(j, j + 2);
          j += 2;
          continue;
        }
        if (mode === 'plain') no(BACKSLASH[this.dialect === 'sqlite' ? 'sqlite' : 'mysql']);
        if (mode === 'standard' && this.dialect === 'postgresql') no(BACKSLASH.postgresql);
      }
      if (c === quote) {
        if (sql[j + 1] === quote) {
          value += quote;
          j += 2;
          continue;
        }
        break;
      }
      value += c;
      j++;
    }
    this.i = j + 1;
    // U&'' strings: \XXXX, \+XXXXXX and \\ with the default escape character (a UESCAPE clause is read as words).
    if (mode === 'unicode') {
      value = value.replace(/\\(\\|[0-9a-f]{4}|\+[0-9a-f]{6})/gi, (_, e: string) => (e === '\\' ? e : String.fromCodePoint(parseInt(e.replace('+', ''), 16))));
    }
    this.tokens.push({ kind: 'string', text: sql.slice(start, this.i), value });
  }

  /** A quoted name; the closing character doubled stands for itself (none for SQLite's [ … ]). */
  private quotedName(open: string, close: string): void {
    const { sql } = this;
    let value = '';
    let j = this.i + 1;
    for (;;) {
      if (j >= sql.length) no(`名称缺少结束符 ${close}`);
      if (sql[j] === close) {
        if (open !== '[' && sql[j + 1] === close) {
          value += close;
          j += 2;
          continue;
        }
        break;
      }
      value += sql[j++];
    }
    this.tokens.push({ kind: 'ident', text: sql.slice(this.i, j + 1), value });
    this.i = j + 1;
  }

  /** A sticky pattern matched at the current position (no copy of the rest of the text per token). */
  private match(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.i;
    return pattern.exec(this.sql);
  }

  /** `$1` (a parameter) or a dollar-quoted string `$tag$ … $tag$` (PostgreSQL, DuckDB). */
  private dollar(): void {
    const param = this.match(/\$[0-9]+/y);
    if (param) {
      this.tokens.push({ kind: 'param', text: param[0] });
      this.i += param[0].length;
      return;
    }
    const open = this.match(/\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y);
    if (!open) {
      this.tokens.push({ kind: 'symbol', text: '$' });
      this.i++;
      return;
    }
    const body = this.i + open[0].length;
    const end = this.sql.indexOf(open[0], body);
    if (end < 0) no(`字符串缺少结束的 ${open[0]}`);
    this.tokens.push({ kind: 'string', text: this.sql.slice(this.i, end + open[0].length), value: this.sql.slice(body, end) });
    this.i = end + open[0].length;
  }

  private number(): void {
    const m = this.match(/(?:0x[0-9a-f]+|[0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?\.?)/iy) as RegExpExecArray;
    // MySQL names may begin with digits (`1abc`): read on as a word.
    if (isMy(this.dialect) && /[A-Za-z_$\u0080-\uffff]/.test(this.sql[this.i + m[0].length] ?? '')) return this.word();
    this.tokens.push({ kind: 'number', text: m[0] });
    this.i += m[0].length;
  }

  /** A bare word; a prefix glued to a quote makes a special string (E'…', U&'…' in PostgreSQL and DuckDB). */
  private word(): void {
    const m = this.match(/[A-Za-z0-9_$\u0080-\uffff]+/y) as RegExpExecArray;
    let word = m[0];
    if (ODD_SPACE.test(word)) word = word.slice(0, word.search(ODD_SPACE));
    const start = this.i;
    this.i += word.length;
    const next = this.sql[this.i];
    if (isPgLike(this.dialect) && next === "'" && /^e$/i.test(word)) return this.string("'", 'escape', start);
    if (isPgLike(this.dialect) && /^u$/i.test(word) && this.sql[this.i] === '&' && /['"]/.test(this.sql[this.i + 1] ?? '')) {
      this.i++;
      if (this.sql[this.i] === '"') return this.quotedName('"', '"');
      return this.string("'", 'unicode', start);
    }
    this.tokens.push({ kind: 'word', text: word });
  }
}

/** The statement's tokens as the dialect's server reads them, or the reason (Chinese) it is refused before parsing. */
export function lexSql(sql: string, dialect: LexDialect): LexResult {
  try {
    return { ok: true, tokens: new Lexer(sql, dialect).run() };
  } catch (err) {
    if (err instanceof LexRefusal) return { ok: false, reason: err.message };
    throw err;
  }
}
