// SQLite and DuckDB files for database-chat tests: the same three tables as the server databases (orders and
// customers visible, salaries hidden by allowed_tables), written into a directory the test opens as DB_FILE_DIR.
// The proof that nothing was written is a checksum of every file in the directory (names and bytes).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ORDER_ROWS, SECRET_MARK } from './external-dbs';

export type FileDb = { kind: 'sqlite' | 'duckdb'; dir: string; file: string };

/** Names and bytes of every file under `dir` (a new file, a changed byte or a removed file changes it). */
export function dirChecksum(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, entry.name);
      hash.update(`${path.relative(dir, p)}\n`);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) hash.update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const REGIONS = ['华东', '华北', '华南', '西部'];

export function createSqliteFile(dir: string, name = 'shop.sqlite'): FileDb {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec(`
    create table customers (id integer primary key, name text not null, phone text);
    create table orders (id integer primary key, customer_id integer references customers(id), region text, amount real, created text);
    create index orders_region_idx on orders(region);
    create table salaries (id integer primary key, person text, salary integer, note text);`);
  const c = db.prepare('insert into customers values (?, ?, ?)');
  const o = db.prepare('insert into orders values (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= 100; i++) c.run(i, `客户${i}`, `1380000${i}`);
    for (let i = 1; i <= ORDER_ROWS; i++) o.run(i, 1 + (i % 100), REGIONS[i % 4], i * 1.5, `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`);
    db.prepare('insert into salaries values (1, ?, 50000, ?)').run('张三', SECRET_MARK);
  })();
  db.close();
  return { kind: 'sqlite', dir, file };
}

export async function createDuckDbFile(dir: string, name = 'shop.duckdb'): Promise<FileDb> {
  const file = path.join(dir, name);
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(file);
  const c = await instance.connect();
  await c.run(`
    create table customers (id integer primary key, name varchar not null, phone varchar);
    comment on table customers is '客户'; comment on column customers.name is '客户名称';
    create table orders (id integer primary key, customer_id integer references customers(id), region varchar, amount decimal(12,2), created date);
    comment on table orders is '订单'; comment on column orders.region is '销售地区'; comment on column orders.amount is '订单金额';
    create table salaries (id integer primary key, person varchar, salary integer, note varchar);
    insert into customers select i, '客户' || i, '1380000' || i from range(1, 101) t(i);
    insert into orders select i, 1 + i % 100, (['华东','华北','华南','西部'])[1 + i % 4], i * 1.5, date '2024-01-01' + (i % 365)::int from range(1, ${ORDER_ROWS + 1}) t(i);
    insert into salaries values (1, '张三', 50000, '${SECRET_MARK}');
    checkpoint;`);
  c.closeSync();
  instance.closeSync();
  return { kind: 'duckdb', dir, file };
}
