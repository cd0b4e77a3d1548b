// Runs a model's query on one spreadsheet. Each query gets a fresh in-memory DuckDB database holding only that
// table, loaded from the spreadsheet's Parquet copy; then file access is switched off and the configuration
// locked, so even a statement that slipped past the guard could neither read nor write a file, load an
// extension, or turn the protections back on. Only DuckDB's single SELECT statement is run, with a row cap and
// a time limit (the connection is interrupted).
import type { DuckDBConnection, DuckDBType } from '@duckdb/node-api';
import { ConcurrencyLimiter } from '../../llm/limiter';
import { checkReadOnlySql } from './guard';
import { quoteIdent, quoteLiteral, toJsonSafe } from './values';

/** DuckDB's native binding, loaded with the first spreadsheet rather than at server start. */
const duckdb = () => import('@duckdb/node-api');

/** Rows returned at most; more are cut and the result marked truncated. */
export const MAX_RESULT_ROWS = 500;
/** Longest a query may run. */
export const QUERY_TIMEOUT_MS = 10_000;
/** Spreadsheet queries run at once in this process (each has its own database, one thread, bounded memory). */
export const QUERY_CONCURRENCY = 2;
const queries = new ConcurrencyLimiter(QUERY_CONCURRENCY);

/** A query the guard or DuckDB's parser refused; it was not executed. */
export class SqlRefusedError extends Error {
  constructor(message: string, readonly write: boolean) {
    super(message);
    this.name = 'SqlRefusedError';
  }
}

/** A query that ran and failed (DuckDB's message), or ran out of time. */
export class SqlRunError extends Error {
  constructor(message: string, readonly timeout = false) {
    super(message);
    this.name = 'SqlRunError';
  }
}

export type QueryResult = {
  columns: string[];
  /** DuckDB type names of the columns (BIGINT, DOUBLE, DATE, VARCHAR, DECIMAL(10,2), …). */
  types: string[];
  rows: Record<string, unknown>[];
  truncated: boolean;
};

/** Settings of every sandbox: no extension downloads or auto-loading, one thread, bounded memory. */
const SANDBOX_OPTIONS: Record<string, string> = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
  threads: '1',
  memory_limit: '512MB',
};

/** An in-memory DuckDB database for trusted work (loading our own files); closed by `use`'s end. */
export async function withDuckDb<T>(use: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const { DuckDBInstance } = await duckdb();
  const instance = await DuckDBInstance.create(':memory:', SANDBOX_OPTIONS);
  const connection = await instance.connect();
  try {
    return await use(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Names unique within a result: a repeated name gets _2, _3, … */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique); n++) unique = `${name}_${n}`;
    seen.add(unique);
    return unique;
  });
}

const typeName = (t: DuckDBType) => t.toString();

/**
 * A throwaway database holding only `table`, loaded from `parquetPath`; then file access is off and the
 * configuration locked (neither can be turned back on by any statement).
 */
export async function withSandbox<T>(parquetPath: string, table: string, use: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withDuckDb(async (connection) => {
    await connection.run(`CREATE TABLE ${quoteIdent(table)} AS SELECT * FROM read_parquet(${quoteLiteral(parquetPath)})`);
    await connection.run('SET enable_external_access = false');
    await connection.run('SET lock_configuration = true');
    return use(connection);
  });
}

/**
 * Runs `sql` read-only against the table `table` loaded from `parquetPath`. Throws SqlRefusedError (not run)
 * or SqlRunError (DuckDB's error, or the time limit).
 */
export async function runReadOnlyQuery(
  parquetPath: string,
  table: string,
  sql: string,
  options: { maxRows?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<QueryResult> {
  const maxRows = options.maxRows ?? MAX_RESULT_ROWS;
  const timeoutMs = options.timeoutMs ?? QUERY_TIMEOUT_MS;
  const { signal } = options;
  const checked = checkReadOnlySql(sql);
  if (!checked.ok) throw new SqlRefusedError(checked.reason, checked.write);
  return queries.run(() => withSandbox(parquetPath, table, async (connection) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      connection.interrupt();
    }, timeoutMs);
    // The user stopped the answer: the query stops too.
    const onAbort = () => connection.interrupt();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      signal?.throwIfAborted();
      const statements = await connection.extractStatements(checked.sql);
      if (statements.count !== 1) throw new SqlRefusedError('只允许执行一条查询语句，不能包含多条语句', false);
      const prepared = await statements.prepare(0);
      if (prepared.statementType !== (await duckdb()).StatementType.SELECT) throw new SqlRefusedError('只允许只读查询（SELECT）', false);
      const reader = await prepared.streamAndReadUntil(maxRows + 1);
      const columns = uniqueNames(reader.columnNames());
      const types = reader.columnTypes().map(typeName);
      const rows = reader.getRowsJS().slice(0, maxRows).map((row) =>
        Object.fromEntries(row.map((value, i) => [columns[i], toJsonSafe(value, types[i])])));
      return { columns, types, rows, truncated: reader.currentRowCount > maxRows };
    } catch (err) {
      if (err instanceof SqlRefusedError) throw err;
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new SqlRunError(`查询超时（超过 ${Math.round(timeoutMs / 1000)} 秒），已中止`, true);
      throw new SqlRunError(duckDbMessage(err));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }), signal);
}

/** DuckDB's error without the caret lines that point into the statement. */
export function duckDbMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split(/\n\s*\n|\nLINE \d+:/)[0].trim().slice(0, 500);
}
