// PostgreSQL (also Kingbase, openGauss, GaussDB) for database chat: gate 1 is a read-only transaction with the
// statement timeout set in it, gate 2 the extended protocol (Parse/Bind/Execute refuses a second statement). Rows come
// through a portal, each measured as its DataRow arrives: past the first row over a cap nothing is parsed or kept, and
// each fetch asks for no more rows than the bytes left can hold (D87).
import type pg from 'pg';
import type { Config } from '../config';
import { toJsonSafe } from '../chat/excel/values';
import { CONNECT_TIMEOUT_MS, describe, numeric, type ConnSpec, type DbSession, type TableInfo } from './driver-types';
import { resolveOutbound } from './outbound';
import { Collector } from './rows';

/** Most rows one fetch of the portal asks for. */
const MAX_BATCH = 500;

const PG_TYPES: Record<number, string> = {
  16: 'BOOLEAN', 20: 'BIGINT', 21: 'SMALLINT', 23: 'INTEGER', 26: 'INTEGER', 700: 'FLOAT', 701: 'DOUBLE', 1700: 'DECIMAL',
  1082: 'DATE', 1114: 'TIMESTAMP', 1184: 'TIMESTAMP WITH TIME ZONE', 790: 'DECIMAL',
};

export async function openPostgres(config: Config, spec: ConnSpec): Promise<DbSession> {
  const address = await resolveOutbound(config.outboundAllow, spec.dbHost);
  // The drivers are loaded when a connection of their type is first opened, not at the server's start.
  const [{ default: pgDriver }, { default: Cursor }] = await Promise.all([import('pg'), import('pg-cursor')]);
  const client = new pgDriver.Client({
    host: address, port: spec.dbPort || 5432, user: spec.dbUser, password: spec.dbPwd, database: spec.dbName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'kb-chat', statement_timeout: config.dbChatTimeoutMs,
    idle_in_transaction_session_timeout: config.dbChatTimeoutMs + 10_000, query_timeout: config.dbChatTimeoutMs + 5_000,
  });
  let broken = false;
  client.on('error', () => {
    broken = true;
  });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw describe(err, 'connect');
  }
  /** Our own fixed statements, in a read-only transaction. */
  const own = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    await client.query('BEGIN TRANSACTION READ ONLY');
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
  };
  return {
    dialect: 'postgresql',
    defaultSchema: 'public',
    async tables() {
      const columns = await own<{ s: string; t: string; c: string; type: string; cc: string | null; tc: string | null }>(`
        select n.nspname s, c.relname t, a.attname c, format_type(a.atttypid, a.atttypmod) type,
               col_description(c.oid, a.attnum) cc, obj_description(c.oid, 'pg_class') tc
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%' and has_table_privilege(c.oid, 'SELECT')
        order by 1, 2, a.attnum`);
      const refs = await own<{ s: string; t: string; c: string; fs: string; ft: string; fc: string }>(`
        select cn.nspname s, cl.relname t, a.attname c, fn.nspname fs, fl.relname ft, fa.attname fc
        from pg_constraint k
        join pg_class cl on cl.oid = k.conrelid join pg_namespace cn on cn.oid = cl.relnamespace
        join pg_class fl on fl.oid = k.confrelid join pg_namespace fn on fn.oid = fl.relnamespace
        cross join lateral unnest(k.conkey, k.confkey) u(a1, a2)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.a1
        join pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = u.a2
        where k.contype = 'f'`);
      const byKey = new Map<string, TableInfo>();
      for (const r of columns) {
        const key = `${r.s}.${r.t}`;
        let table = byKey.get(key);
        if (!table) {
          table = { key, name: r.s === 'public' ? r.t : key, comment: r.tc ?? '', columns: [], refs: [] };
          byKey.set(key, table);
        }
        table.columns.push({ name: r.c, type: r.type, comment: r.cc ?? '' });
      }
      for (const r of refs) byKey.get(`${r.s}.${r.t}`)?.refs.push({ column: r.c, table: `${r.fs}.${r.ft}`, refColumn: r.fc });
      return [...byKey.values()];
    },
    async canWrite() {
      const [row] = await own<{ w: boolean }>(`
        select coalesce((select rolsuper or rolcreaterole or rolcreatedb from pg_roles where rolname = current_user), false)
          or exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
              and (has_table_privilege(c.oid, 'INSERT') or has_table_privilege(c.oid, 'UPDATE')
                or has_table_privilege(c.oid, 'DELETE') or has_table_privilege(c.oid, 'TRUNCATE')))
          or exists (select 1 from pg_namespace n where n.nspname not in ('pg_catalog', 'information_schema')
              and n.nspname not like 'pg\\_%' and has_schema_privilege(n.oid, 'CREATE')) w`);
      return !!row?.w;
    },
    async run(sql, limits, onRows) {
      const collector = new Collector(limits, onRows);
      let fields: { name: string; dataTypeID: number }[] = [];
      let received = 0;
      const convert = (row: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const f of fields) {
          const type = PG_TYPES[f.dataTypeID] ?? 'VARCHAR';
          const v = row[f.name];
          out[f.name] = toJsonSafe(/^(BIGINT|DECIMAL)$/.test(type) ? numeric(v) : v, type);
        }
        return out;
      };
      /** Measures and keeps each row as pg hands its DataRow over; after the cap, rows are counted, not parsed. */
      class CappedCursor extends Cursor {
        override handleDataRow(msg: { fields: unknown[] }) {
          received += 1;
          if (collector.truncated || !this._result) return;
          fields = this._result.fields;
          collector.columns = fields.map((f) => f.name);
          collector.take(convert(this._result.parseRow(msg.fields)));
        }
      }
      try {
        await client.query('BEGIN TRANSACTION READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(limits.timeoutMs)}`);
        await client.query('SET LOCAL search_path TO public');
        // Extended protocol (Parse/Bind/Execute): the server refuses more than one statement in it.
        const cursor = client.query(new CappedCursor(sql));
        try {
          for (;;) {
            const batch = collector.nextBatch(MAX_BATCH);
            received = 0;
            await new Promise<void>((resolve, reject) => {
              cursor.read(batch, (err, _rows, result) => {
                if (err) reject(err);
                else {
                  fields = result?.fields ?? cursor._result?.fields ?? fields;
                  resolve();
                }
              });
            });
            collector.columns = fields.map((f) => f.name);
            collector.flush();
            if (collector.truncated || received < batch) break;
          }
        } finally {
          await new Promise<void>((resolve) => cursor.close(() => resolve()));
        }
      } catch (err) {
        throw describe(err, 'run');
      } finally {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
      }
      const columns = fields.map((f) => f.name);
      return { columns, types: fields.map((f) => PG_TYPES[f.dataTypeID] ?? 'VARCHAR'), rows: collector.rows, truncated: collector.truncated };
    },
    reusable: () => !broken,
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

