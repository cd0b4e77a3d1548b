// Every comment and quoting form of each dialect (D86): the hostile ones hide a read of a hidden table, a file
// or a function behind text that one reader takes as a comment or a string and the other as SQL; the harmless ones
// are quoting a statement may legitimately use, whose reading must be the same for the gate and the server.
// `differential.test.ts` compares the gate's tokens and tables with the server's own reading of each.
/** One statement of a hostile corpus; `harmless` ones must run (and be read alike), the rest must be refused. */
export type Attempt = { sql: string; harmless?: boolean };

/** The read of a hidden table that the hostile forms try to slip past the gate. */
const hidden = 'UNION SELECT note FROM salaries';

export const MYSQL_LEXICAL: Attempt[] = [
  // `--` without a following space is two minus signs to MySQL and a comment to the parser (issue 26 item 1).
  { sql: `SELECT id FROM orders WHERE id = 1 --1 ${hidden}` },
  { sql: `SELECT id FROM orders WHERE id = 1 --id ${hidden}` },
  { sql: 'SELECT id FROM orders WHERE id = 1 --1 UNION SELECT table_name FROM information_schema.tables' },
  { sql: "SELECT id FROM orders WHERE id = 1 --1 UNION SELECT LOAD_FILE('/etc/passwd')" },
  { sql: "SELECT id FROM orders WHERE id = 1 --1 INTO OUTFILE '/tmp/kbchat-orders.txt'" },
  { sql: 'SELECT id FROM orders WHERE id = 1 --1 AND SLEEP(3) = 0' },
  { sql: "SELECT id FROM orders WHERE id = 1 --1 AND GET_LOCK('kbchat', 1) = 1" },
  { sql: 'SELECT id FROM orders WHERE id = 1 --1 UNION SELECT @@datadir' },
  { sql: `SELECT id FROM orders WHERE id = 1 --\t1 ${hidden}` },
  { sql: `SELECT id FROM orders WHERE id = 1 -- x\n${hidden}` },
  // `#` comments, executable comments, optimizer hints, comments that do not nest in MySQL.
  { sql: `SELECT id FROM orders WHERE id = 1 #x\n${hidden}` },
  { sql: `SELECT id FROM orders WHERE id = 1 /*! ${hidden} */` },
  { sql: `SELECT id FROM orders WHERE id = 1 /*!50000 ${hidden} */` },
  { sql: `SELECT id FROM orders WHERE id = 1 /*M!100000 ${hidden} */` },
  { sql: `SELECT id FROM orders WHERE id = 1 /*M! ${hidden} */` },
  { sql: 'SELECT /*+ MAX_EXECUTION_TIME(1) */ id FROM orders' },
  { sql: `SELECT id FROM orders WHERE id = 1 /* /* */ ${hidden} */` },
  { sql: `SELECT id FROM orders WHERE id = 1 /* ${hidden}` },
  { sql: 'SELECT id FROM orders */' },
  // Backslashes mean an escape or themselves depending on NO_BACKSLASH_ESCAPES.
  { sql: `SELECT id FROM orders WHERE region = '\\' ${hidden} #'` },
  { sql: `SELECT id FROM orders WHERE region = "\\" ${hidden} #"` },
  { sql: `SELECT id FROM orders WHERE region = '\\\\' ${hidden} -- '` },
  // Look-alike spaces (control characters are refused already at the request, and by the lexical gate).
  { sql: 'SELECT id\u3000FROM orders' },
  { sql: 'SELECT id\u00a0FROM orders' },
  { sql: `SELECT id FROM orders WHERE region = 'x ${hidden}` },
  { sql: 'SELECT `id FROM orders' },
  // Quoting that is read the same way by both.
  { sql: "SELECT 'a''b' AS s", harmless: true },
  { sql: 'SELECT "a""b" AS s', harmless: true },
  { sql: "SELECT 'x -- y # z /*! w */' AS s", harmless: true },
  { sql: 'SELECT `id` FROM orders WHERE id = 1', harmless: true },
  { sql: 'SELECT "region" AS s FROM orders WHERE id = 1', harmless: true },
  { sql: `SELECT id FROM orders WHERE region <> 'x'' ${hidden} -- ' LIMIT 1`, harmless: true },
  { sql: "SELECT N'中文' AS s", harmless: true },
  { sql: 'SELECT 1 - -1 AS n', harmless: true },
];

export const PG_LEXICAL: Attempt[] = [
  { sql: `SELECT id FROM orders WHERE id = 1 --1\n${hidden}` },
  { sql: 'SELECT id FROM orders WHERE id = 1 -- x' },
  { sql: 'SELECT id FROM orders /* x */ WHERE id = 1' },
  { sql: `SELECT id FROM orders WHERE id = 1 /* /* */ ${hidden} */` },
  // With standard_conforming_strings off, a backslash escapes the quote: the server would read on past it.
  { sql: `SELECT id FROM orders WHERE region = 'x\\'' ${hidden} --'` },
  { sql: `SELECT id FROM orders WHERE region = '\\'\n${hidden}` },
  { sql: `SELECT $$x FROM orders WHERE id = 1 ${hidden}` },
  { sql: `SELECT $a$ x $b$ ${hidden}` },
  { sql: 'SELECT id\u3000FROM orders' },
  { sql: "SELECT 'a''b' AS s", harmless: true },
  { sql: "SELECT E'a\\'b\\\\' AS s", harmless: true },
  { sql: "SELECT $$; DELETE FROM orders; -- $$ AS s, $t$ $$ /* $t$ AS u", harmless: true },
  { sql: 'SELECT 1 AS a$b$, $x$--$x$ AS s', harmless: true },
  { sql: 'SELECT "id" FROM orders WHERE id = 1', harmless: true },
  { sql: "SELECT U&'\\0041' AS s", harmless: true },
  { sql: 'SELECT U&"id" FROM orders WHERE id = 1', harmless: true },
  { sql: "SELECT B'101' AS s", harmless: true },
  { sql: `SELECT id FROM orders WHERE region <> 'x'' ${hidden} -- ' LIMIT 1`, harmless: true },
  { sql: 'SELECT 1 - -1 AS n', harmless: true },
];

export const SQLITE_LEXICAL: Attempt[] = [
  { sql: `SELECT id FROM orders WHERE id = 1 --1\n${hidden}` },
  { sql: 'SELECT id FROM orders /* x */ WHERE id = 1' },
  { sql: `SELECT id FROM orders WHERE id = 1 /* ${hidden}` },
  { sql: `SELECT id FROM orders WHERE region = 'x ${hidden}` },
  { sql: 'SELECT [id FROM orders' },
  { sql: "SELECT 'a''b' AS s", harmless: true },
  // A backslash is itself to SQLite and an escape to node-sql-parser.
  { sql: "SELECT 'a\\' AS s" },
  { sql: `SELECT id FROM orders WHERE region = 'a\\' ${hidden}, '` },
  { sql: 'SELECT id, `region`, "amount" FROM orders WHERE id = 1', harmless: true },
  { sql: "SELECT '-- /* */ #' AS s", harmless: true },
  { sql: `SELECT id FROM orders WHERE region <> 'x'' ${hidden} -- ' LIMIT 1`, harmless: true },
];

export const DUCKDB_LEXICAL: Attempt[] = [
  { sql: `SELECT id FROM orders WHERE id = 1 --1\n${hidden}` },
  { sql: 'SELECT id FROM orders /* x */ WHERE id = 1' },
  { sql: `SELECT id FROM orders WHERE id = 1 /* /* */ ${hidden} */` },
  { sql: `SELECT $$x FROM orders WHERE id = 1 ${hidden}` },
  { sql: "SELECT 'a''b' AS s", harmless: true },
  { sql: "SELECT 'a\\' AS s", harmless: true },
  { sql: "SELECT $$; DELETE FROM orders; -- $$ AS s", harmless: true },
  { sql: "SELECT E'a\\'b' AS s", harmless: true },
  { sql: `SELECT id FROM orders WHERE region <> 'x'' ${hidden} -- ' LIMIT 1`, harmless: true },
  { sql: 'SELECT "id" FROM orders WHERE id = 1', harmless: true },
];
