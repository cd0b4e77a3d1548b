// DuckDB files for database chat (D45). The file is opened READ_ONLY with external access off (no file, directory
// or network access besides the database itself: read_csv, read_text, COPY, ATTACH, INSTALL all fail), no extension
// loading or installing, and the configuration locked, so no statement can turn any of it back on. One statement
// per execution by DuckDB's own statement extraction, and only a SELECT is prepared; the time limit interrupts the
// connection (DuckDB stops the query itself); rows are read chunk by chunk, converted one by one and cut at the caps.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { Config } from '../config';
import { toJsonSafe } from '../chat/excel/values';
import { uniqueNames } from '../chat/excel/engine';
import { DbError, type ConnSpec, type DbSession, type Limits, type OnRows, type RunResult, type TableInfo } from './driver-types';
import { resolveDbFile } from './files';
import { Collector } from './rows';

/** Settings of every DuckDB file connection; `lock_configuration` last, so none can change afterwards. */
export const DUCKDB_FILE_OPTIONS: Record<string, string> = {
  access_mode: 'READ_ONLY',
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
  allow_unsigned_extensions: 'false',
  threads: '2',
  memory_limit: '1GB',
  lock_configuration: 'true',
};

function describeDuckDb(err: unknown, phase: 'connect' | 'run', timedOut = false): DbError {
  const message = String((err as Error)?.message ?? err);
  let out: DbError;
  if (phase === 'connect') out = new DbError(/not a valid DuckDB|Failed to open|IO Error/i.test(message) ? '连接失败：无法打开 DuckDB 数据库文件' : '连接失败：无法打开数据库文件', 'connect');
  else if (timedOut || /INTERRUPT/i.test(message)) out = new DbError('查询超时，已被数据库终止', 'timeout');
  else if (/read-only mode|Permission Error|disabled (through|by) configuration|configuration has been locked/i.test(message)) {
    out = new DbError('查询被拒绝：只读连接中不能写入、访问文件或更改设置', 'refused');
  } else if (/Table with name .* does not exist|Catalog Error: Table/i.test(message)) out = new DbError('查询失败：表不存在', 'run');
  else if (/Referenced column|column .* not found/i.test(message)) out = new DbError('查询失败：列不存在', 'run');
  else if (/Parser Error|Binder Error/i.test(message)) out = new DbError('查询失败：SQL 语法或语义错误', 'run');
  else if (/Conversion Error|Out of Range|Invalid Input/i.test(message)) out = new DbError('查询失败：数据类型或取值错误（如除以零、类型转换失败）', 'run');
  else out = new DbError('查询失败：数据库执行出错', 'run');
  out.cause = new Error(message.split('\n')[0].slice(0, 300));
  return out;
}

const duckdb = () => import('@duckdb/node-api');

export async function openDuckDb(config: Config, spec: ConnSpec): Promise<DbSession> {
  const file = resolveDbFile(config, spec.dbPath);
  const { DuckDBInstance: Instance, JSDuckDBValueConverter, StatementType } = await duckdb();
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  try {
    instance = await Instance.create(file, DUCKDB_FILE_OPTIONS);
    connection = await instance.connect();
  } catch (err) {
    throw describeDuckDb(err, 'connect');
  }
  let broken = false;
  const own = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJS();
  return {
    dialect: 'duckdb',
    defaultSchema: 'main',
    fileDb: true,
    async tables() {
      const db = `(select current_database())`;
      const tables = await own(`select schema_name s, table_name t, comment c from duckdb_tables() where database_name = ${db} and not internal
        union all select schema_name, view_name, comment from duckdb_views() where database_name = ${db} and not internal`);
      const columns = await own(`select schema_name s, table_name t, column_name c, data_type ty, comment cc from duckdb_columns()
        where database_name = ${db} and not internal order by schema_name, table_name, column_index`);
      const refs = await own(`select schema_name s, table_name t, constraint_column_names c, referenced_table ft, referenced_column_names fc
        from duckdb_constraints() where database_name = ${db} and constraint_type = 'FOREIGN KEY'`);
      const keyOf = (s: unknown, t: unknown) => `${String(s)}.${String(t)}`;
      const byKey = new Map<string, TableInfo>();
      for (const r of tables) {
        const key = keyOf(r.s, r.t);
        byKey.set(key, { key, name: r.s === 'main' ? String(r.t) : key, comment: String(r.c ?? ''), columns: [], refs: [] });
      }
      for (const r of columns) byKey.get(keyOf(r.s, r.t))?.columns.push({ name: String(r.c), type: String(r.ty), comment: String(r.cc ?? '') });
      for (const r of refs) {
        const from = (r.c as string[] | null) ?? [];
        const to = (r.fc as string[] | null) ?? [];
        from.forEach((c, i) => byKey.get(keyOf(r.s, r.t))?.refs.push({ column: c, table: keyOf(r.s, r.ft), refColumn: to[i] ?? '' }));
      }
      return [...byKey.values()];
    },
    async canWrite() {
      return false;
    },
    async run(sql: string, limits: Limits, onRows?: OnRows): Promise<RunResult> {
      const collector = new Collector(limits, onRows);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        connection.interrupt();
      }, limits.timeoutMs);
      try {
        // DuckDB's own statement extraction: exactly one statement, and it must be a SELECT.
        const statements = await connection.extractStatements(sql);
        if (statements.count !== 1) throw new DbError('查询失败：只允许执行一条查询语句', 'run');
        const prepared = await statements.prepare(0);
        if (prepared.statementType !== StatementType.SELECT) throw new DbError('查询被拒绝：只允许只读查询（SELECT）', 'refused');
        const result = await prepared.stream();
        const columns = uniqueNames(result.columnNames());
        const types = result.columnTypes().map((t) => t.toString());
        collector.columns = columns;
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          // Row by row: a chunk holds up to 2,048 rows, and only those under the caps become JavaScript values.
          for (let i = 0; i < chunk.rowCount && !collector.truncated; i++) {
            const row = chunk.convertRowValues(i, JSDuckDBValueConverter);
            collector.take(Object.fromEntries(row.map((v, c) => [columns[c], toJsonSafe(v, types[c])])));
          }
          collector.flush();
          if (collector.truncated) break;
        }
        return { columns, types, rows: collector.rows, truncated: collector.truncated };
      } catch (err) {
        if (err instanceof DbError) throw err;
        throw describeDuckDb(err, 'run', timedOut);
      } finally {
        clearTimeout(timer);
        if (timedOut) broken = true;
      }
    },
    reusable: () => !broken,
    async close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
