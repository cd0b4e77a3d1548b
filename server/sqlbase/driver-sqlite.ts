// SQLite files for database chat (D45). better-sqlite3 is synchronous and SQLite has no statement timeout of its
// own; a worker thread cannot be stopped inside SQLite's native loop (terminate() waits for it to return), so each
// session is a child process that is killed when the time is up. In the child the file is opened read-only
// (SQLITE_OPEN_READONLY, also for anything attached), `PRAGMA query_only` is on, `trusted_schema` off, the SQL
// function load_extension stays disabled (better-sqlite3 enables only the C API), and a statement runs only if
// SQLite itself says it returns rows and does not write (`reader` and `readonly`, which refuses ATTACH, PRAGMA
// settings and every write). better-sqlite3 prepares one statement and refuses more (gate 2).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { uniqueNames } from '../chat/excel/engine';
import type { Config } from '../config';
import { CONNECT_TIMEOUT_MS, DbError, type ConnSpec, type DbSession, type Limits, type OnRows, type RunResult, type TableInfo } from './driver-types';
import { resolveDbFile } from './files';
import { Collector } from './rows';

/** The child's program (CommonJS, run with `node -e`): it answers messages {id, op} with {id, kind, …}. */
const CHILD = String.raw`
const Database = require(process.env.KB_SQLITE_MODULE);
const send = (m) => process.send(m);
let db;
try {
  db = new Database(process.env.KB_SQLITE_FILE, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  db.pragma('trusted_schema = OFF');
  db.defaultSafeIntegers(true);
  send({ kind: 'ready' });
} catch (e) {
  send({ kind: 'error', code: String(e.code || ''), message: String(e.message) });
  setTimeout(() => process.exit(1), 10);
}
const value = (v) => typeof v === 'bigint' ? (v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : String(v))
  : (v instanceof Uint8Array ? '（二进制数据，' + v.length + ' 字节）' : v);
const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';
process.on('message', (m) => {
  try {
    if (m.op === 'tables') {
      const tables = db.prepare("select name, type from sqlite_schema where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\' order by name").all();
      const out = tables.map((t) => ({
        name: t.name,
        columns: db.prepare('select name, type from pragma_table_info(?)').all(t.name).map((c) => ({ name: c.name, type: c.type || '' })),
        refs: db.prepare('select "from" c, "table" t, "to" r from pragma_foreign_key_list(?)').all(t.name).map((r) => ({ column: r.c, table: r.t, refColumn: r.r || '' })),
      }));
      send({ id: m.id, kind: 'tables', tables: out });
      return;
    }
    const stmt = db.prepare(m.sql);
    if (!stmt.reader || !stmt.readonly) {
      send({ id: m.id, kind: 'error', code: 'KB_NOT_READ', message: 'statement does not only read' });
      return;
    }
    const columns = stmt.columns();
    send({ id: m.id, kind: 'fields', names: columns.map((c) => c.name), types: columns.map((c) => c.type || '') });
    let batch = [];
    let count = 0;
    let bytes = 0;
    let truncated = false;
    for (const raw of stmt.raw(true).iterate()) {
      if (count >= m.maxRows) { truncated = true; break; }
      const row = raw.map(value);
      const size = Buffer.byteLength(JSON.stringify(row));
      if (bytes + size > m.maxBytes) { truncated = true; break; }
      bytes += size;
      count++;
      batch.push(row);
      if (batch.length >= (count <= 50 ? 50 : 500)) { send({ id: m.id, kind: 'rows', rows: batch }); batch = []; }
    }
    if (batch.length) send({ id: m.id, kind: 'rows', rows: batch });
    send({ id: m.id, kind: 'end', truncated });
  } catch (e) {
    send({ id: m.id, kind: 'error', code: String(e.code || ''), message: String(e.message) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

type ChildMessage =
  | { kind: 'ready' }
  | { id?: number; kind: 'error'; code: string; message: string }
  | { id: number; kind: 'tables'; tables: { name: string; columns: { name: string; type: string }[]; refs: TableInfo['refs'] }[] }
  | { id: number; kind: 'fields'; names: string[]; types: string[] }
  | { id: number; kind: 'rows'; rows: unknown[][] }
  | { id: number; kind: 'end'; truncated: boolean };

/** SQLite's errors as Chinese messages (the child's own words go to `cause`, for the model's correction only). */
function describeSqlite(code: string, message: string, phase: 'connect' | 'run'): DbError {
  let err: DbError;
  if (phase === 'connect') err = new DbError(code === 'SQLITE_NOTADB' ? '连接失败：该文件不是 SQLite 数据库' : '连接失败：无法打开数据库文件', 'connect');
  else if (code === 'KB_NOT_READ' || code.startsWith('SQLITE_READONLY')) err = new DbError('查询被拒绝：只读连接中不能写入或更改设置', 'refused');
  else if (code === 'SQLITE_AUTH' || /not authorized/i.test(message)) err = new DbError('查询被拒绝：数据库不允许该操作', 'refused');
  else if (/no such table/i.test(message)) err = new DbError('查询失败：表不存在', 'run');
  else if (/no such column/i.test(message)) err = new DbError('查询失败：列不存在', 'run');
  else if (/syntax error|incomplete input|more than one statement/i.test(message)) err = new DbError('查询失败：SQL 语法或语义错误', 'run');
  else err = new DbError('查询失败：数据库执行出错', 'run');
  err.cause = new Error(message);
  return err;
}

/** SQLite's declared column type as the chart code's type name. */
function typeOf(declared: string): string {
  const t = declared.toUpperCase();
  if (/INT/.test(t)) return 'BIGINT';
  if (/REAL|FLOA|DOUB/.test(t)) return 'DOUBLE';
  if (/DEC|NUM/.test(t)) return 'DECIMAL';
  if (/^DATE$/.test(t)) return 'DATE';
  if (/DATETIME|TIMESTAMP/.test(t)) return 'TIMESTAMP';
  if (/BOOL/.test(t)) return 'BOOLEAN';
  return 'VARCHAR';
}

const require = createRequire(import.meta.url);

export async function openSqlite(config: Config, spec: ConnSpec): Promise<DbSession> {
  const file = resolveDbFile(config, spec.dbPath);
  // Nothing of the server's environment goes to the child: only the module and the file.
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: { KB_SQLITE_MODULE: require.resolve('better-sqlite3'), KB_SQLITE_FILE: file },
  });
  let dead = false;
  let nextId = 1;
  const waiting = new Map<number, (m: ChildMessage) => void>();
  const kill = () => {
    if (!dead) {
      dead = true;
      child.kill('SIGKILL');
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    dead = true;
    for (const handle of waiting.values()) handle({ kind: 'error', code: 'KB_EXIT', message: 'child exited' });
    waiting.clear();
    resolve();
  }));
  child.on('error', () => kill());
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new DbError('连接失败：打开数据库文件超时', 'connect'));
    }, CONNECT_TIMEOUT_MS);
    child.once('message', (m: ChildMessage) => {
      clearTimeout(timer);
      if (m.kind === 'ready') resolve();
      else {
        kill();
        reject(m.kind === 'error' ? describeSqlite(m.code, m.message, 'connect') : new DbError('连接失败：无法打开数据库文件', 'connect'));
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new DbError('连接失败：无法打开数据库文件', 'connect'));
    });
  });
  child.on('message', (m: ChildMessage) => {
    if ('id' in m && m.id !== undefined) waiting.get(m.id)?.(m);
  });

  /** Sends a request; `handle` sees every answer to it until it answers true (done). */
  const request = (message: Record<string, unknown>, handle: (m: ChildMessage) => boolean) => {
    const id = nextId++;
    return new Promise<void>((resolve) => {
      waiting.set(id, (m) => {
        if (handle(m)) {
          waiting.delete(id);
          resolve();
        }
      });
      if (dead || !child.connected) {
        waiting.delete(id);
        handle({ kind: 'error', code: 'KB_EXIT', message: 'child not running' });
        resolve();
        return;
      }
      child.send({ ...message, id });
    });
  };

  return {
    dialect: 'sqlite',
    defaultSchema: 'main',
    fileDb: true,
    async tables() {
      let tables: TableInfo[] = [];
      let failure: DbError | null = null;
      await request({ op: 'tables' }, (m) => {
        if (m.kind === 'tables') {
          tables = m.tables.map((t) => ({ key: t.name, name: t.name, comment: '', columns: t.columns.map((c) => ({ ...c, comment: '' })), refs: t.refs }));
        } else if (m.kind === 'error') failure = describeSqlite(m.code, m.message, 'run');
        return true;
      });
      if (failure) throw failure;
      return tables;
    },
    async canWrite() {
      return false;
    },
    async run(sql: string, limits: Limits, onRows?: OnRows): Promise<RunResult> {
      const collector = new Collector(limits, onRows);
      let names: string[] = [];
      let types: string[] = [];
      let failure: DbError | null = null;
      let timedOut = false;
      // SQLite cannot stop itself: the child is killed when the time is up (nothing keeps running).
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, limits.timeoutMs);
      try {
        await request({ op: 'run', sql, maxRows: limits.maxRows, maxBytes: limits.maxBytes }, (m) => {
          switch (m.kind) {
            case 'fields':
              names = uniqueNames(m.names);
              collector.columns = names;
              types = m.types.map(typeOf);
              return false;
            case 'rows':
              collector.add(m.rows.map((row) => Object.fromEntries(row.map((v, i) => [names[i], v]))));
              return false;
            case 'end':
              if (m.truncated) collector.truncated = true;
              return true;
            case 'error':
              failure = timedOut ? new DbError('查询超时，已被终止', 'timeout') : describeSqlite(m.code, m.message, 'run');
              return true;
            default:
              return true;
          }
        });
      } finally {
        clearTimeout(timer);
      }
      if (failure) throw failure;
      return { columns: names, types, rows: collector.rows, truncated: collector.truncated };
    },
    reusable: () => !dead,
    async close() {
      if (!dead) {
        child.disconnect();
        const timer = setTimeout(kill, 1000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
