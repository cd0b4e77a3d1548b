// One statement on a connection, through the four gates: (1) a read-only transaction, (2) one statement by
// protocol, (3) the dialect's parser and an allow-list walk of every node, (4) only tables and columns the user
// may see (allowed_tables of the connection, and what the database account can read). The statement timeout is
// the database's own; rows are capped and handed on as they come. Every statement, refused or run, is audited.
import type { Actor, Deps } from '../deps';
import { writeAudit } from '../identity/audit';
import { DbError, type DbSession, type Limits, type OnRows, type RunResult, type TableInfo } from './driver-types';
import { openSession } from './drivers';
import type { GateResult, VisibleSchema } from './gate-common';
import { gateDuckDb } from './gate-duckdb';
import { specOf, type ConnectionRow } from './connections';
import { acquireSession, sessionLimitsOf } from './limiter';

/** A statement the gates refused: never executed. */
export class SqlRefused extends Error {
  constructor(readonly reason: string, readonly detail?: string) {
    super(`查询被拒绝：${reason}。该查询未执行`);
    this.name = 'SqlRefused';
  }
}

/** The tables of a connection that the user may see: those the account reads, limited by `allowed_tables`. */
export function allowedTablesOf(row: Pick<ConnectionRow, 'allowedTables'>, tables: TableInfo[]): TableInfo[] {
  if (!row.allowedTables.length) return tables;
  const wanted = new Set(row.allowedTables.map((t) => t.toLowerCase()));
  return tables.filter((t) => wanted.has(t.name.toLowerCase()) || wanted.has(t.key.toLowerCase()));
}

export function visibleSchemaOf(session: Pick<DbSession, 'defaultSchema' | 'dialect'>, tables: TableInfo[]): VisibleSchema {
  return {
    defaultSchema: session.defaultSchema, tables: new Map(tables.map((t) => [t.key, new Set(t.columns.map((c) => c.name))])),
    foldCase: session.dialect === 'sqlite' || session.dialect === 'duckdb',
  };
}

/** Gates 3 and 4 for the session's dialect (each SQL parser is loaded when its dialect is first asked for). */
export async function gate(session: Pick<DbSession, 'dialect'>, sql: string, schema: VisibleSchema): Promise<GateResult> {
  switch (session.dialect) {
    case 'postgresql': return (await import('./gate-pg')).gatePostgres(sql, schema);
    case 'duckdb': return gateDuckDb(sql, schema);
    default: return (await import('./gate-mysql')).gateMySql(sql, schema, session.dialect);
  }
}

export const limitsOf = (config: Deps['config']): Limits => ({
  timeoutMs: config.dbChatTimeoutMs, maxRows: config.dbChatMaxRows, maxBytes: config.dbChatMaxBytes,
});

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** An open connection with the tables the user may see, and the place it holds under the session limits. */
export type OpenConnection = { row: ConnectionRow; session: DbSession; tables: TableInfo[]; schema: VisibleSchema; release: () => void };

/** How long a connection's table list is reused (per process; a change of the connection starts afresh). */
export const SCHEMA_CACHE_MS = 60_000;
const schemaCache = new Map<string, { at: number; tables: TableInfo[] }>();

async function tablesOf(session: DbSession, row: ConnectionRow): Promise<TableInfo[]> {
  const key = `${row.id}:${row.dbName}:${row.updatedAt.getTime()}`;
  const hit = schemaCache.get(key);
  if (hit && Date.now() - hit.at < SCHEMA_CACHE_MS) return hit.tables;
  const tables = await session.tables();
  if (schemaCache.size > 500) schemaCache.clear();
  schemaCache.set(key, { at: Date.now(), tables });
  return tables;
}

/**
 * Idle sessions per connection (and version of it), reused for the next statement within IDLE_MS: a statement
 * leaves its session clean (rolled back; MySQL's session stays read-only), and a session cut at a cap or broken is
 * closed instead. Every user of a connection uses the same database account; what each may see is the gates' work.
 */
const IDLE_MS = 30_000;
const MAX_IDLE_PER_CONNECTION = 4;
const idle = new Map<string, { session: DbSession; at: number }[]>();
let sweeper: NodeJS.Timeout | null = null;

const poolKey = (row: ConnectionRow) => `${row.id}:${row.dbName}:${row.updatedAt.getTime()}`;

function sweep(all = false): Promise<unknown> {
  const closing: Promise<void>[] = [];
  for (const [key, list] of idle) {
    const keep = all ? [] : list.filter((e) => Date.now() - e.at < IDLE_MS);
    for (const e of list) if (!keep.includes(e)) closing.push(e.session.close());
    if (keep.length) idle.set(key, keep);
    else idle.delete(key);
  }
  if (!idle.size && sweeper) {
    clearInterval(sweeper);
    sweeper = null;
  }
  return Promise.allSettled(closing);
}

/** Closes every idle session (server shutdown). */
export const closeIdleSessions = () => sweep(true);

/** Closes the idle sessions of a connection (edited or deleted). */
export async function dropIdleSessions(id: number): Promise<void> {
  for (const [key, list] of idle) {
    if (!key.startsWith(`${id}:`)) continue;
    idle.delete(key);
    await Promise.allSettled(list.map((e) => e.session.close()));
  }
}

/** Gives a session back after use: kept idle for the next statement when it is clean, closed otherwise. */
export async function releaseConnection(open: OpenConnection): Promise<void> {
  const list = idle.get(poolKey(open.row)) ?? [];
  if (!open.session.reusable() || list.length >= MAX_IDLE_PER_CONNECTION) {
    open.release();
    await open.session.close();
    return;
  }
  list.push({ session: open.session, at: Date.now() });
  idle.set(poolKey(open.row), list);
  sweeper ??= setInterval(() => void sweep(), 5_000).unref();
  // After the session is idle: the next in line takes it rather than opening another.
  open.release();
}

/**
 * A session of the connection for one user's statements: waits in line while the connection's or the user's
 * sessions are all busy (limiter.ts), then reuses an idle one or opens one. Throws a 429 HttpError when the wait
 * is over, DbError when the database cannot be reached.
 */
export async function openConnection(deps: Deps, row: ConnectionRow, userId: number): Promise<OpenConnection> {
  const release = await acquireSession({ connection: row.id, user: userId }, sessionLimitsOf(deps.config), row.dbName);
  try {
    return { ...(await sessionFor(deps, row)), release };
  } catch (err) {
    release();
    throw err;
  }
}

async function sessionFor(deps: Deps, row: ConnectionRow): Promise<Omit<OpenConnection, 'release'>> {
  const pooled = idle.get(poolKey(row));
  let session: DbSession | undefined;
  while (pooled?.length && !session) {
    const e = pooled.pop()!;
    if (Date.now() - e.at < IDLE_MS && e.session.reusable()) session = e.session;
    else void e.session.close();
  }
  session ??= await openSession(deps.config, specOf(deps, row));
  try {
    const tables = allowedTablesOf(row, await tablesOf(session, row));
    return { row, session, tables, schema: visibleSchemaOf(session, tables) };
  } catch (err) {
    await session.close();
    throw err instanceof DbError ? err : new DbError('读取数据库结构失败', 'run');
  }
}

export type GatedRun = { result: RunResult; durationMs: number };

/**
 * Runs `sql` through the gates and audits it (user, connection, SQL, rows, duration; a refusal with its reason).
 * Throws SqlRefused or DbError (Chinese messages without driver internals).
 */
export async function runGated(
  deps: Deps, actor: Actor, open: OpenConnection, sql: string, options: { onRows?: OnRows; source?: string } = {},
): Promise<GatedRun> {
  const started = performance.now();
  const text = sql.trim().replace(/;\s*$/, '');
  const audit = (result: 'success' | 'failure', note: string) => writeAudit(deps, {
    actor, action: 'db-query', target: open.row.dbName, result,
    detail: clip(`${options.source ? `${options.source}；` : ''}${note}；SQL：${text}`, 4000),
  });
  const verdict = await gate(open.session, text, open.schema);
  if (!verdict.ok) {
    await audit('failure', `已拒绝：${verdict.reason}`);
    throw new SqlRefused(verdict.reason, verdict.detail);
  }
  try {
    const result = await open.session.run(text, limitsOf(deps.config), options.onRows);
    const durationMs = Math.round(performance.now() - started);
    await audit('success', `返回 ${result.rows.length} 行${result.truncated ? '（已截断）' : ''}；用时 ${durationMs} ms`);
    return { result, durationMs };
  } catch (err) {
    const e = err instanceof DbError ? err : new DbError('查询失败：数据库执行出错', 'run');
    if (e !== err) e.cause = err;
    await audit('failure', `${e.message}；用时 ${Math.round(performance.now() - started)} ms`);
    throw e;
  }
}
