// The machine's real PostgreSQL (127.0.0.1:5432, trust) and MariaDB (127.0.0.1:3306, root without password)
// for database-chat tests: each test file creates its own database and a read-write account (on purpose: the
// gates must hold without a read-only account), fills a few tables, and drops everything at the end. Where a
// service is absent the tests are skipped with a message, except under CI=true where they must run.
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

export const PG_HOST = process.env.PGHOST_TEST ?? '127.0.0.1';
export const PG_PORT = Number(process.env.PGPORT_TEST ?? 5432);
export const MY_HOST = process.env.MYSQL_HOST_TEST ?? '127.0.0.1';
export const MY_PORT = Number(process.env.MYSQL_PORT_TEST ?? 3306);

export type ExternalDb = {
  kind: 'postgresql' | 'mysql';
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  /** A checksum of every table's content (the tests' proof that nothing was written). */
  checksum(): Promise<string>;
  /** Runs an administrative statement (as the superuser) in the test database. */
  admin(sql: string): Promise<unknown[]>;
  drop(): Promise<void>;
};

/** Rows of the test tables: orders and customers (visible), salaries (hidden by allowed_tables). */
export const ORDER_ROWS = 3000;
export const SECRET_MARK = 'TOPSECRET-7731';

async function pgAdminClient(database = 'postgres'): Promise<pg.Client> {
  const errors: string[] = [];
  for (const user of ['postgres', 'root']) {
    const client = new pg.Client({ host: PG_HOST, port: PG_PORT, user, database, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (err) {
      errors.push(`${user}: ${(err as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(errors.join('; '));
}

export async function createPgDatabase(): Promise<ExternalDb> {
  const suffix = randomBytes(4).toString('hex');
  const database = `kbchat_${suffix}`;
  const user = `kbchat_rw_${suffix}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const root = await pgAdminClient();
  await root.query(`create database ${database}`);
  await root.query(`create role ${user} login password '${password}'`);
  const admin = await pgAdminClient(database);
  await admin.query(`
    create table customers (id int primary key, name text not null, phone text);
    comment on table customers is '客户'; comment on column customers.name is '客户名称';
    create table orders (id int primary key, customer_id int references customers(id), region text, amount numeric(12,2), created date);
    comment on table orders is '订单'; comment on column orders.region is '销售地区'; comment on column orders.amount is '订单金额';
    create index orders_region_idx on orders(region);
    create table salaries (id int primary key, person text, salary int, note text);
    insert into customers select g, '客户' || g, '1380000' || g from generate_series(1, 100) g;
    insert into orders select g, 1 + g % 100, (array['华东','华北','华南','西部'])[1 + g % 4], g * 1.5, date '2024-01-01' + g % 365 from generate_series(1, ${ORDER_ROWS}) g;
    insert into salaries values (1, '张三', 50000, '${SECRET_MARK}');
    grant all on all tables in schema public to ${user};
    grant create on schema public to ${user};
  `);
  return {
    kind: 'postgresql', host: PG_HOST, port: PG_PORT, database, user, password,
    async checksum() {
      const { rows } = await admin.query(`select
        (select md5(string_agg(t::text, ',' order by id)) from customers t) c,
        (select md5(string_agg(t::text, ',' order by id)) from orders t) o,
        (select md5(string_agg(t::text, ',' order by id)) from salaries t) s,
        (select string_agg(relname, ',' order by relname) from pg_class where relnamespace = 'public'::regnamespace) r`);
      return JSON.stringify(rows[0]);
    },
    async admin(sql) {
      return (await admin.query(sql)).rows;
    },
    async drop() {
      await admin.end().catch(() => undefined);
      await root.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await root.query(`drop role if exists ${user}`).catch(() => undefined);
      await root.end();
    },
  };
}

export async function createMyDatabase(): Promise<ExternalDb> {
  const suffix = randomBytes(4).toString('hex');
  const database = `kbchat_${suffix}`;
  const user = `kbchat_rw_${suffix}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const admin = await mysql.createConnection({ host: MY_HOST, port: MY_PORT, user: 'root', connectTimeout: 3000, multipleStatements: true });
  await admin.query(`create database ${database}; use ${database};
    create table customers (id int primary key, name varchar(50) not null comment '客户名称', phone varchar(20)) comment '客户';
    create table orders (id int primary key, customer_id int, region varchar(20) comment '销售地区', amount decimal(12,2) comment '订单金额',
      created date, index (region), foreign key (customer_id) references customers(id)) comment '订单';
    create table salaries (id int primary key, person varchar(20), salary int, note varchar(50));
    insert into customers select seq, concat('客户', seq), concat('1380000', seq) from seq_1_to_100;
    insert into orders select seq, 1 + seq % 100, elt(1 + seq % 4, '华东', '华北', '华南', '西部'), seq * 1.5, date '2024-01-01' + interval (seq % 365) day from seq_1_to_${ORDER_ROWS};
    insert into salaries values (1, '张三', 50000, '${SECRET_MARK}');
    create user '${user}'@'%' identified by '${password}';
    grant all on ${database}.* to '${user}'@'%';`);
  return {
    kind: 'mysql', host: MY_HOST, port: MY_PORT, database, user, password,
    async checksum() {
      const [rows] = await admin.query(`checksum table ${database}.customers, ${database}.orders, ${database}.salaries`);
      const [tables] = await admin.query(`select group_concat(table_name order by table_name) t from information_schema.tables where table_schema = '${database}'`);
      return JSON.stringify([rows, tables]);
    },
    async admin(sql) {
      const [rows] = await admin.query(sql);
      return rows as unknown[];
    },
    async drop() {
      await admin.query(`drop database if exists ${database}`).catch(() => undefined);
      await admin.query(`drop user if exists '${user}'@'%'`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** Creates the database, or answers null (with a warning) when the service is absent outside CI. */
export async function externalOrSkip(create: () => Promise<ExternalDb>, name: string): Promise<ExternalDb | null> {
  try {
    return await create();
  } catch (err) {
    if (process.env.CI === 'true') throw new Error(`${name} 不可用（CI 下必须运行）：${(err as Error).message}`, { cause: err });
    console.warn(`跳过 ${name} 测试 / SKIPPING ${name} tests: ${(err as Error).message}`);
    return null;
  }
}
