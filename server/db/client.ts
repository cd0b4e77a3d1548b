import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { parse as pgliteParse, PGlite, protocol as pgliteProtocol, QueryOptions, Transaction } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { migrationsFolder } from './migrations-folder';
import { localNotifier, postgresNotifier, type Notifier } from './notify';
import { removePartialTemplates, restoreTemplate } from './pglite-template';
import * as schema from './schema';

/** The database as the services see it: the same drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its lifecycle. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws unless the database answers `select 1`. */
  ping(): Promise<void>;
  /** Applies pending migrations (serialised across processes on PostgreSQL). */
  migrate(migrationsFolder: string): Promise<void>;
  /** Runs fn while holding the cross-process setup lock (migrations, first-start seed). */
  withSetupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Signals to every process on this database (D61). */
  notifier: Notifier;
  close(): Promise<void>;
};

const notifiers = new WeakMap<Db, Notifier>();

/** The signals of the database `db` belongs to (see server/db/notify.ts); undefined for one not opened here. */
export function notifierOf(db: Db): Notifier | undefined {
  return notifiers.get(db);
}

/** Listens to a channel of the embedded database's own notifications (PGlite: one process owns it). */
export type InProcessListen = (channel: string, callback: (payload: string) => void) => Promise<void>;
const inProcessListens = new WeakMap<Db, InProcessListen>();

/**
 * The embedded database's NOTIFY, delivered in this process with the answer of the statement or transaction that
 * committed it (so a request that starts after a write has returned has seen its notifications); undefined on
 * PostgreSQL, where other processes write too (D61 covers that case).
 */
export function inProcessListen(db: Db): InProcessListen | undefined {
  return inProcessListens.get(db);
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

// An arbitrary constant that identifies this application's setup lock.
const SETUP_LOCK_KEY = 725_031_001;

// The types drizzle's PGlite session keeps as text (dates, intervals and their arrays; drizzle makes the values).
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** Whether `parsers` are drizzle's: each keeps one of its text types as the text it was given. */
function onlyTextParsers(parsers: NonNullable<QueryOptions['parsers']>): boolean {
  return Object.entries(parsers).every(([type, parse]) => DRIZZLE_TEXT_TYPES.includes(Number(type)) && parse('0') === '0');
}

/** `query` without drizzle's parsers, which the client applies by itself now. */
function queryOf(target: Pick<PGlite, 'query'>): PGlite['query'] {
  return (text, params, options) => {
    if (!options?.parsers || !onlyTextParsers(options.parsers)) return target.query(text, params, options);
    const { parsers: _drizzles, ...rest } = options;
    return target.query(text, params, rest);
  };
}

/** A statement is named once it has run this often; at most NAMED_MAX per client (any others run as before). */
const NAME_AFTER = 3;
const NAMED_MAX = 256;

/** PGlite's protocol functions, from the module loaded with it. */
type PgliteProtocol = { parse: typeof pgliteParse; protocol: typeof pgliteProtocol };

type Exclusive = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>; _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `query` with PostgreSQL's named statements for the statements run again and again (D83). PGlite's own `query`
 * parses and plans every statement anew, in six calls into WebAssembly (parse, describe, bind, describe, execute,
 * sync): 1.3–1.8 ms for a two-table read on this machine, of which the read itself is 0.1. A statement run
 * NAME_AFTER times is parsed once under a name (PostgreSQL keeps its plan and replans it when a table changes);
 * later runs bind, describe, execute and sync in one call. The values are serialised and the rows parsed by PGlite's
 * own functions, under both of its locks, as its `query` does. Only outside transactions and for plain options.
 */
function namedStatements(client: PGlite, { parse, protocol }: PgliteProtocol): PGlite['query'] {
  const { serialize } = protocol;
  let counter = 0;
  const seen = new Map<string, number>();
  const named = new Map<string, { name: string; types: number[] }>();
  const locks = client as unknown as Exclusive;
  const run = (text: string, params: unknown[], options: QueryOptions | undefined) =>
    locks._runExclusiveTransaction(() => locks._runExclusiveQuery(async () => {
      let statement = named.get(text);
      if (!statement) {
        const name = `kb_${++counter}`;
        const described = await client.execProtocolStream(
          joined([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false },
        );
        statement = { name, types: parse.parseDescribeStatementResults(described) };
        named.set(text, statement);
      }
      const types = statement.types;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = client.serializers[types[i]];
        return serializer ? serializer(v) : String(v);
      });
      const messages = await client.execProtocolStream(joined([
        serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
      ]), { syncToFs: false });
      await client.syncToFs();
      return parse.parseResults(messages, client.parsers, options)[0];
    }));
  return (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const plain = options === undefined || Object.keys(options).every((key) => key === 'rowMode');
    if (!plain) return client.query(text, params, options);
    if (!named.has(text)) {
      const runs = (seen.get(text) ?? 0) + 1;
      if (runs < NAME_AFTER || named.size >= NAMED_MAX) {
        if (named.size < NAMED_MAX && seen.size < 10 * NAMED_MAX) seen.set(text, runs);
        return client.query(text, params, options);
      }
      seen.delete(text);
    }
    return run(text, params ?? [], options);
  }) as PGlite['query'];
}

/**
 * drizzle passes its parsers with every query, and PGlite merges them into a copy of its whole parser table (300+
 * types) on each one: about 0.1 ms a query, a tenth of a cached list request (D21). The same parsers are set on
 * the client once, and queries and transactions go without them.
 */
function parsersSetOnce(client: PGlite, wire: PgliteProtocol): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const query = queryOf({ query: namedStatements(client, wire) });
  const transaction: PGlite['transaction'] = (fn) => client.transaction((tx) => fn(new Proxy(tx, {
    get: (target: Transaction, key) => (key === 'query' ? queryOf(target) : Reflect.get(target, key, target) as unknown),
  })));
  return new Proxy(client, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The embedded database's buffer pool (PGLITE_SHARED_BUFFERS_MB). PostgreSQL's 128 MB default is zeroed in WebAssembly
 * memory at every start (≈ 100 ms of the 1 s goal, D82); the pages it would hold are in the operating system's cache
 * anyway, and 32 MB measured the same at 100,000 passages (recall, the document list).
 */
export const PGLITE_SHARED_BUFFERS_MB = 32;

async function openPglite(dataDir: string, template: string | null, sharedBuffersMb: number): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  removePartialTemplates(dataDir);
  // A new data directory starts from the build's migrated template when there is one (D19).
  restoreTemplate(template, pgliteDir(dataDir), migrationsFolder());
  const { PGlite, parse, protocol } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = parsersSetOnce(await PGlite.create(pgliteDir(dataDir), {
    extensions: { vector },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  }), { parse, protocol });
  const db = drizzle({ client, schema });
  const notifier = localNotifier();
  notifiers.set(db as unknown as Db, notifier);
  inProcessListens.set(db as unknown as Db, async (channel, callback) => void (await client.listen(channel, callback)));
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    notifier,
    ping: async () => void (await client.query('select 1')),
    migrate: async (migrationsFolder) => {
      if (await upToDate(client, migrationsFolder)) return;
      await migrate(db, { migrationsFolder });
    },
    // One process owns a PGlite directory, so there is nobody to serialise with.
    withSetupLock: (fn) => fn(),
    close: async () => {
      await notifier.close();
      await client.close();
    },
  };
}

/**
 * Whether the newest migration of the folder is applied: drizzle's own rule (a migration is pending when it is newer
 * than the last one recorded), read with one statement. drizzle's migrator creates its schema and table, reads and
 * hashes every file and opens a transaction even when nothing is pending: 70 ms of a start on an existing data
 * directory (D80). Any doubt (no table yet, an unreadable journal) leaves it to the migrator.
 */
export async function upToDate(client: Pick<PGlite, 'query'>, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    const { rows } = await client.query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    return Number.isFinite(newest) && rows[0]?.last != null && Number(rows[0].last) >= newest;
  } catch {
    return false;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema });
  let lockClient: PoolClient | null = null;
  // One connection of its own listens; signals are sent over the pool.
  const notifier = postgresNotifier(async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }, (text, values) => pool.query(text, values));
  notifiers.set(db as unknown as Db, notifier);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    notifier,
    ping: async () => void (await pool.query('select 1')),
    migrate: async (migrationsFolder) => {
      // Inside withSetupLock the locked connection runs the migrations; otherwise any pooled one.
      const target = lockClient ? drizzle({ client: lockClient, schema }) : db;
      await migrate(target, { migrationsFolder });
    },
    withSetupLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        lockClient = client;
        return await fn();
      } finally {
        lockClient = null;
        await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await notifier.close();
      await pool.end();
    },
  };
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in DATA_DIR/pgdata; a new PGlite directory is
 * copied from `pgliteTemplate` (server/db/pglite-template.ts) when one is given and matches.
 */
export function openDatabase(options: {
  dataDir: string; databaseUrl: string | null; pgliteTemplate?: string | null; pgliteSharedBuffersMb?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.pgliteTemplate ?? null, options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
}

