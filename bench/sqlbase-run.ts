// Database chat figures (issue 13), run by bench/sqlbase.mjs under tsx: (1) server time from receiving a model's SQL
// to the first row handed on (connection, schema, gates, read-only transaction, first batch) on a 1,000,000-row
// indexed PostgreSQL table, p95 of 40; (2) resident memory while 1,000,000-row results are capped and streamed;
// (3) table recall on a generated 500-table schema, 50 questions naming a column's comment, top 10, no model;
// (4) the same first-row figure on 1,000,000-row SQLite and DuckDB files (a child process per SQLite session).
// Every measured statement is a different query the database runs (its own lower bound on id): no result cache is
// involved; what is reused is the idle session and the table list (D40), as in the server.
import type { Deps } from '../server/deps';
import { loadConfig } from '../server/config';
import type { ConnectionRow } from '../server/sqlbase/connections';
import type { TableInfo } from '../server/sqlbase/driver-types';
import { closeIdleSessions, openConnection, releaseConnection, runGated } from '../server/sqlbase/execute';
import { encryptSecret, parseKey } from '../server/crypto/secret';
import { indexTables, rankTables } from '../server/sqlbase/recall';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createPgDatabase } from '../server/test-support/external-dbs';

const ROWS = 1_000_000;
const key = parseKey('11'.repeat(32))!;
const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bench-files-'));
const config = { ...loadConfig({ OUTBOUND_ALLOW: '127.0.0.1', DATA_DIR: '/tmp/kb-bench-sqlbase', DB_FILE_DIR: fileDir }), dbSecretKey: key };
// The audit log is a database write after the rows; a no-op here (the figure is the time to the first row).
const db = { insert: () => ({ values: async () => undefined }) } as unknown as Deps['db'];
const deps: Deps = { db, now: () => new Date(), config };
const actor = { id: 1, username: 'bench', ip: '', userAgent: '' };

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const rssMib = () => process.memoryUsage().rss / 1024 / 1024;

async function firstRow() {
  const pg = await createPgDatabase();
  try {
    await pg.admin(`create table big (id int primary key, region text, amount numeric(12,2), note text);
      insert into big select g, (array['华东','华北','华南','西部'])[1 + g % 4], g * 0.5, md5(g::text) from generate_series(1, ${ROWS}) g;
      create index big_region_idx on big(region); analyze big; grant select on big to ${pg.user};`);
    const row = {
      id: 1, dbName: pg.database, dbType: 'postgresql', dbHost: pg.host, dbPort: pg.port, dbUser: pg.user, dbPwdEnc: encryptSecret(key, pg.password),
      dbPath: '', comment: '', secrecy: 'public', reviewRoles: [], allowedTables: ['big'], ownerId: null, openToAll: false, sampleRows: false, createdAt: new Date(), updatedAt: new Date(),
    } as ConnectionRow;
    const { times, cold } = await firstRowTimes(row);
    const baseline = rssMib();
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, rssMib())), 5);
    for (let i = 0; i < 10; i++) {
      const open = await openConnection(deps, row, actor.id);
      try {
        const { result } = await runGated(deps, actor, open, 'SELECT * FROM big');
        if (result.rows.length !== config.dbChatMaxRows || !result.truncated) throw new Error('row cap did not hold');
      } finally {
        await releaseConnection(open);
      }
    }
    clearInterval(timer);
    await closeIdleSessions();
    return { p95: p95(times), cold, memoryGrowth: peak - baseline };
  } finally {
    await pg.drop();
  }
}

/** Server time from the SQL to the first row handed on, 44 times (4 warm-ups, the first kept as the cold figure). */
async function firstRowTimes(row: ConnectionRow): Promise<{ times: number[]; cold: number }> {
  const times: number[] = [];
  let cold = 0;
  for (let i = 0; i < 44; i++) {
    const started = performance.now();
    let first = 0;
    const open = await openConnection(deps, row, actor.id);
    try {
      await runGated(deps, actor, open, `SELECT id, region, amount FROM big WHERE region = '华南' AND id > ${i * 1000} ORDER BY id`, {
        onRows: () => {
          if (!first) first = performance.now() - started;
        },
      });
    } finally {
      await releaseConnection(open);
    }
    if (!first) throw new Error('no row');
    if (i === 0) cold = first;
    if (i >= 4) times.push(first);
  }
  return { times, cold };
}

/** The first-row figure on 1,000,000-row SQLite and DuckDB files with an index on region. */
async function fileFirstRow() {
  const sqlite = new Database(path.join(fileDir, 'big.sqlite'));
  sqlite.exec(`create table big (id integer primary key, region text, amount real, note text);
    with recursive g(n) as (select 1 union all select n + 1 from g where n < ${ROWS})
    insert into big select n, case n % 4 when 0 then '华东' when 1 then '华北' when 2 then '华南' else '西部' end, n * 0.5, hex(randomblob(16)) from g;
    create index big_region_idx on big(region, id);`);
  sqlite.close();
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path.join(fileDir, 'big.duckdb'));
  const c = await instance.connect();
  await c.run(`create table big as select range::int id, (['华东','华北','华南','西部'])[1 + range % 4] region, range * 0.5 amount, md5(range::varchar) note
    from range(1, ${ROWS + 1}); create index big_region_idx on big(region); checkpoint;`);
  c.closeSync();
  instance.closeSync();
  const out: Record<string, { p95: number; cold: number }> = {};
  for (const [dbType, file] of [['sqlite', 'big.sqlite'], ['duckdb', 'big.duckdb']] as const) {
    const row = {
      id: 2, dbName: dbType, dbType, dbHost: '', dbPort: 0, dbUser: '', dbPwdEnc: null, dbPath: file, comment: '', secrecy: 'public', reviewRoles: [],
      allowedTables: ['big'], ownerId: null, openToAll: false, sampleRows: false, createdAt: new Date(), updatedAt: new Date(),
    } as ConnectionRow;
    const { times, cold } = await firstRowTimes(row);
    out[dbType] = { p95: p95(times), cold };
  }
  await closeIdleSessions();
  fs.rmSync(fileDir, { recursive: true, force: true });
  return out;
}

const ENTITIES = ['客户', '订单', '合同', '发票', '库存', '仓库', '员工', '部门', '项目', '供应商', '采购', '付款', '收款', '物流', '车辆', '设备', '工单', '门店', '会员', '积分',
  '优惠券', '商品', '品类', '品牌', '价格', '促销', '渠道', '广告', '线索', '商机', '投诉', '回访', '培训', '考勤', '薪资', '报销', '预算', '资产', '折旧', '税务',
  '审批', '公告', '会议', '文档', '知识', '课程', '考试', '证书', '招聘', '面试'];
const ATTRIBUTES = ['编号', '名称', '状态', '类型', '金额', '数量', '日期', '创建人', '负责人', '备注', '地址', '电话', '邮箱', '等级', '来源', '区域', '城市', '税率', '折扣', '余额',
  '到期日', '开始时间', '结束时间', '审核意见', '优先级', '评分', '标签', '版本', '单位', '规格'];
const PREFIXES = ['', '华东', '华北', '华南', '西部', '海外', '线上', '线下', '总部', '分公司'];

function generatedSchema(): { tables: TableInfo[]; questions: { question: string; table: string }[] } {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const tables: TableInfo[] = [];
  const comments = new Map<string, string[]>();
  for (let i = 0; i < 500; i++) {
    const entity = ENTITIES[i % ENTITIES.length];
    const prefix = PREFIXES[Math.floor(i / ENTITIES.length) % PREFIXES.length];
    const name = `t_${String(i).padStart(3, '0')}_${['base', 'detail', 'log', 'stat', 'map'][i % 5]}`;
    const columns = Array.from({ length: 8 + Math.floor(rand() * 8) }, (_, j) => {
      const attribute = ATTRIBUTES[Math.floor(rand() * ATTRIBUTES.length)];
      const comment = `${prefix}${entity}${attribute}${j % 3 === 0 ? '' : ['（元）', '（个）', ''][j % 3]}`;
      return { name: `c${j}`, type: 'varchar(50)', comment };
    });
    const table = { key: name, name, comment: `${prefix}${entity}${['基础信息', '明细', '日志', '统计', '关系'][i % 5]}表`, columns, refs: [] };
    tables.push(table);
    for (const c of columns) comments.set(c.comment, [...(comments.get(c.comment) ?? []), name]);
  }
  const questions: { question: string; table: string }[] = [];
  for (let i = 0; questions.length < 50 && i < 5000; i++) {
    const table = tables[Math.floor(rand() * tables.length)];
    const column = table.columns[Math.floor(rand() * table.columns.length)];
    if ((comments.get(column.comment) ?? []).length !== 1 || questions.some((q) => q.table === table.name)) continue;
    const forms = [`查询${column.comment}最高的前十条记录`, `按${column.comment}统计数量`, `${column.comment}为空的有多少`, `列出本月${column.comment}的变化`];
    questions.push({ question: forms[questions.length % forms.length], table: table.name });
  }
  return { tables, questions };
}

function recall() {
  const { tables, questions } = generatedSchema();
  const index = indexTables(tables);
  let hits = 0;
  const started = performance.now();
  for (const q of questions) if (rankTables(index, q.question).slice(0, 10).some((r) => r.table.name === q.table)) hits++;
  return { recall: hits / questions.length, questions: questions.length, msPerQuestion: (performance.now() - started) / questions.length };
}

const first = await firstRow();
const files = await fileFirstRow();
const r = recall();
console.log(JSON.stringify({
  firstRowP95Ms: first.p95, firstRowColdMs: first.cold, memoryGrowthMib: first.memoryGrowth, recallAt10: r.recall, questions: r.questions,
  recallMs: r.msPerQuestion, sqliteFirstRowP95Ms: files.sqlite.p95, sqliteColdMs: files.sqlite.cold, duckdbFirstRowP95Ms: files.duckdb.p95,
  duckdbColdMs: files.duckdb.cold,
}));
