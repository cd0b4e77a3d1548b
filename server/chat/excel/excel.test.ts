import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../jobs/worker';
import { chooseDisplay, toChartView } from './chart';
import { runReadOnlyQuery, SqlRefusedError, SqlRunError, withSandbox, type QueryResult } from './engine';
import { checkReadOnlySql, extractSql } from './guard';
import { prepareSpreadsheet, tableNameFor } from './table';
import { toJsonSafe } from './values';

let dir: string;
let salesParquet: string;

/** A workbook with Chinese headers (one with spaces around it), dates, numbers and a formula. */
async function salesWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('销售');
  sheet.addRow([' 日期 ', '产品', '销量', '单价', '金额']);
  const rows: [string, string, number, number][] = [
    ['2024-01-01', '苹果', 10, 1.5], ['2024-01-02', '香蕉', 20, 2.25], ['2024-01-03', '苹果', 30, 1.5],
    ['2024-01-04', '橙子', 5, 3], ['2024-01-05', '香蕉', 15, 2.25], ['2024-01-06', '葡萄', 8, 6.5],
  ];
  for (const [d, p, q, u] of rows) {
    const row = sheet.addRow([new Date(`${d}T00:00:00Z`), p, q, u]);
    row.getCell(5).value = { formula: `C${row.number}*D${row.number}`, result: q * u };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-excel-'));
  salesParquet = path.join(dir, 'sales.parquet');
  await prepareSpreadsheet(await salesWorkbook(), 'xlsx', '销售数据.xlsx', salesParquet);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQL guard', () => {
  const refused = [
    'DELETE FROM excel_data',
    'DROP TABLE excel_data',
    "INSERT INTO excel_data VALUES ('x')",
    "UPDATE excel_data SET 产品 = 'x'",
    'CREATE TABLE t AS SELECT 1',
    'ALTER TABLE excel_data RENAME TO t',
    'TRUNCATE excel_data',
    "COPY excel_data TO '/tmp/out.csv'",
    "COPY (SELECT * FROM excel_data) TO '/tmp/out.parquet' (FORMAT parquet)",
    "ATTACH '/tmp/other.db' AS other",
    'DETACH other',
    'INSTALL httpfs',
    'LOAD httpfs',
    'FORCE INSTALL httpfs',
    "PRAGMA table_info('excel_data')",
    'SET enable_external_access = true',
    'RESET lock_configuration',
    "CALL pragma_table_info('excel_data')",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_csv_auto('/etc/passwd')",
    "SELECT * FROM READ_TEXT ('/etc/hostname')",
    "SELECT * FROM read_parquet('/tmp/x.parquet')",
    "SELECT * FROM read_json('/tmp/x.json')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM '/etc/passwd'",
    'SELECT * FROM "/etc/passwd"',
    'SELECT * FROM "data.csv"',
    "SELECT * FROM query('SELECT 1')",
    "SELECT * FROM sqlite_scan('/tmp/x.db', 't')",
    "SELECT getenv('HOME')",
    "SELECT current_setting('enable_external_access')",
    'SELECT 1; DELETE FROM excel_data',
    'SELECT 1; SELECT 2',
    'SELECT 1 /* ; */ ; DROP TABLE excel_data',
    'SELECT 1 -- harmless\n; DROP TABLE excel_data',
    'SELECT 1 /* unclosed',
    "SELECT 'unclosed",
    'WITH d AS (DELETE FROM excel_data RETURNING *) SELECT * FROM d',
    'EXPLAIN SELECT 1',
    'SHOW TABLES',
    'DESCRIBE excel_data',
    'SUMMARIZE excel_data',
    'FROM excel_data',
    'VALUES (1)',
    'EXPORT DATABASE \'/tmp/x\'',
    'BEGIN TRANSACTION',
    'CHECKPOINT',
    '',
    '  ;  ',
  ];
  it.each(refused)('refuses %j', (sql) => {
    expect(checkReadOnlySql(sql).ok).toBe(false);
  });

  it('marks statements that write as writes', () => {
    for (const sql of ['DELETE FROM excel_data', 'drop table excel_data', 'SELECT 1; INSERT INTO t VALUES (1)']) {
      const r = checkReadOnlySql(sql);
      expect(r.ok === false && r.write, sql).toBe(true);
    }
    const attach = checkReadOnlySql("ATTACH 'x.db'");
    expect(attach.ok === false && attach.write).toBe(false);
  });

  const allowed = [
    'SELECT * FROM excel_data',
    'select "产品", sum("销量") as total from excel_data group by 1 order by 2 desc;',
    'WITH t AS (SELECT "产品", "销量" FROM excel_data) SELECT * FROM t',
    "SELECT 'DELETE FROM excel_data; DROP TABLE x' AS note FROM excel_data",
    'SELECT "update", "delete" FROM excel_data',
    '(SELECT 1) UNION ALL (SELECT 2)',
    'SELECT replace("产品", \'果\', \'\') FROM excel_data -- a comment with DROP in it',
    'SELECT "收入/支出" FROM excel_data',
    "SELECT strftime(\"日期\", '%Y-%m') AS 月份, count(*) FROM excel_data GROUP BY 1",
  ];
  it.each(allowed)('allows %j', (sql) => {
    expect(checkReadOnlySql(sql)).toMatchObject({ ok: true });
  });

  it('finds the SQL of a model answer', () => {
    expect(extractSql('分析如下。\n```sql\nSELECT 1\n```\n完毕')).toBe('SELECT 1');
    expect(extractSql('```\nselect * from t\n```')).toBe('select * from t');
    expect(extractSql('```python\nprint(1)\n```')).toBeNull();
    expect(extractSql('没有查询')).toBeNull();
  });
});

describe('spreadsheets as tables', () => {
  it('names tables by the file name, or excel_data', () => {
    expect(tableNameFor('sales-2024.csv')).toBe('sales_2024');
    expect(tableNameFor('销售数据.xlsx')).toBe('excel_data');
    expect(tableNameFor('2024.csv')).toBe('excel_data');
    expect(tableNameFor('2024 report.csv')).toBe('t_2024_report');
  });

  it('loads the first sheet of an xlsx: trimmed Chinese names, inferred types, formula results, samples', async () => {
    const out = path.join(dir, 'meta.parquet');
    const meta = await prepareSpreadsheet(await salesWorkbook(), 'xlsx', '销售数据.xlsx', out);
    expect(meta).toMatchObject({ table: 'excel_data', sheet: '销售', rowCount: 6 });
    expect(meta.columns).toEqual([
      { name: '日期', type: 'DATE' }, { name: '产品', type: 'VARCHAR' }, { name: '销量', type: 'BIGINT' },
      { name: '单价', type: 'DOUBLE' }, { name: '金额', type: 'DOUBLE' },
    ]);
    expect(meta.sample).toHaveLength(5);
    expect(meta.sample[0]).toEqual(['2024-01-01', '苹果', 10, 1.5, 15]);
    expect(fs.existsSync(out)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.part') || f.includes('.source'))).toEqual([]);
  });

  it('loads a GB18030 csv with semicolons, blank and duplicate headers, and skips empty lines', async () => {
    const text = '城市;人口;人口;\n北京;2189;1;x\n上海;2487;2;y\n;;;\n';
    const meta = await prepareSpreadsheet(Buffer.from(`\uFEFF${text}`), 'csv', 'cities.csv', path.join(dir, 'c.parquet'));
    expect(meta.table).toBe('cities');
    expect(meta.columns.map((c) => c.name)).toEqual(['城市', '人口', '人口_1', '列4']);
    expect(meta.rowCount).toBe(2);
    // 北京 in GBK.
    const gbkBytes = Buffer.concat([Buffer.from('name,n\n'), Buffer.from([0xb1, 0xb1, 0xbe, 0xa9]), Buffer.from(',1\n')]);
    const gbkMeta = await prepareSpreadsheet(gbkBytes, 'csv', 'g.csv', path.join(dir, 'g.parquet'));
    expect(gbkMeta.sample[0]).toEqual(['北京', 1]);
  });

  it('reads only the first sheet, skips empty rows, and names headerless or extra columns', async () => {
    const book = new ExcelJS.Workbook();
    const first = book.addWorksheet('明细');
    first.addRow(['姓名', '', '姓名']);
    first.addRow([]);
    first.addRow(['张三', 1, '甲', '备注']);
    first.addRow(['李四', 2]);
    book.addWorksheet('汇总').addRow(['不应读取']);
    const meta = await prepareSpreadsheet(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx', 'people.xlsx', path.join(dir, 'p.parquet'));
    expect(meta).toMatchObject({ table: 'people', sheet: '明细', rowCount: 2 });
    expect(meta.columns).toEqual([
      { name: '姓名', type: 'VARCHAR' }, { name: '列2', type: 'BIGINT' }, { name: '姓名_2', type: 'VARCHAR' }, { name: '列4', type: 'VARCHAR' },
    ]);
    expect(meta.sample).toEqual([['张三', 1, '甲', '备注'], ['李四', 2, null, null]]);
  });

  it('fails for good, in Chinese, on a header-only, empty or corrupt file', async () => {
    const out = path.join(dir, 'bad.parquet');
    await expect(prepareSpreadsheet(Buffer.from('a,b\n'), 'csv', 'h.csv', out)).rejects.toThrow('表格中只有表头，没有数据行');
    await expect(prepareSpreadsheet(Buffer.from(' \n'), 'csv', 'e.csv', out)).rejects.toThrow('表格是空的');
    const corrupt = prepareSpreadsheet(Buffer.from('PK\x03\x04 broken xl/workbook.xml'), 'xlsx', 'x.xlsx', out);
    await expect(corrupt).rejects.toBeInstanceOf(PermanentJobError);
    await expect(corrupt).rejects.toThrow(/电子表格无法读取/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('read-only queries', () => {
  const run = (sql: string, options?: { maxRows?: number; timeoutMs?: number; signal?: AbortSignal }) =>
    runReadOnlyQuery(salesParquet, 'excel_data', sql, options);

  it('answers rows as JSON-safe records', async () => {
    const r = await run('SELECT "产品", sum("销量") AS 总销量, min("日期") AS 首日, 12345678901234567890::HUGEINT AS big FROM excel_data GROUP BY 1 ORDER BY 2 DESC');
    expect(r.columns).toEqual(['产品', '总销量', '首日', 'big']);
    expect(r.types).toEqual(['VARCHAR', 'HUGEINT', 'DATE', 'HUGEINT']);
    expect(r.rows[0]).toEqual({ 产品: '苹果', 总销量: 40, 首日: '2024-01-01', big: '12345678901234567890' });
    expect(r.truncated).toBe(false);
    expect(JSON.parse(JSON.stringify(r.rows))).toEqual(r.rows);
  });

  it('converts values: timestamps, NaN, lists, structs, duplicate names', async () => {
    const r = await run("SELECT TIMESTAMP '2024-03-01 08:30:00' AS t, 'NaN'::DOUBLE AS n, [1, 2] AS l, {'a': 1::BIGINT} AS s, 1 AS x, 2 AS x");
    expect(r.rows[0]).toEqual({ t: '2024-03-01T08:30:00', n: null, l: [1, 2], s: { a: 1 }, x: 1, x_2: 2 });
    expect(toJsonSafe(new Uint8Array(3))).toBe('（二进制数据，3 字节）');
  });

  it('caps the rows and says so', async () => {
    const r = await run('SELECT * FROM range(2000) t(i)', { maxRows: 500 });
    expect(r.rows).toHaveLength(500);
    expect(r.truncated).toBe(true);
    expect((await run('SELECT * FROM range(500) t(i)', { maxRows: 500 })).truncated).toBe(false);
  });

  it('interrupts a query that runs too long', async () => {
    const started = Date.now();
    const heavy = run('SELECT count(*) FROM range(100000000) a, range(100000000) b', { timeoutMs: 500 });
    await expect(heavy).rejects.toBeInstanceOf(SqlRunError);
    await expect(heavy).rejects.toThrow('查询超时（超过 1 秒），已中止');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops a running query when the answer is stopped', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const heavy = run('SELECT count(*) FROM range(100000000) a, range(100000000) b', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the user')), 200);
    await expect(heavy).rejects.toThrow('stopped by the user');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses writes and escapes without running them, and reports DuckDB errors', async () => {
    await expect(run('DELETE FROM excel_data')).rejects.toBeInstanceOf(SqlRefusedError);
    await expect(run("SELECT * FROM read_csv('/etc/passwd')")).rejects.toBeInstanceOf(SqlRefusedError);
    const missing = run('SELECT "不存在的列" FROM excel_data');
    await expect(missing).rejects.toBeInstanceOf(SqlRunError);
    await expect(missing).rejects.toThrow(/不存在的列/);
    // The data is untouched by anything above.
    expect((await run('SELECT count(*) AS n FROM excel_data')).rows[0].n).toBe(6);
  });

  it('runs in a sandbox that refuses files, other databases, extensions and settings even without the guard', async () => {
    const copy = path.join(dir, 'leak.csv');
    await withSandbox(salesParquet, 'excel_data', async (db) => {
      for (const sql of [
        "SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM '/etc/passwd'", `COPY excel_data TO '${copy}'`,
        `ATTACH '${path.join(dir, 'x.db')}' AS x`, 'INSTALL httpfs', 'LOAD httpfs', 'SET enable_external_access = true',
        'SET lock_configuration = false', `SELECT * FROM read_parquet('${salesParquet}')`,
      ]) {
        await expect(db.run(sql), sql).rejects.toThrow(/disabled|locked|Permission|does not exist/i);
      }
    });
    expect(fs.existsSync(copy)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'x.db'))).toBe(false);
  });
});

describe('display of results', () => {
  const result = (columns: string[], types: string[], rows: Record<string, unknown>[]): QueryResult => ({ columns, types, rows, truncated: false });

  it('bars for one text column with numbers, lines for dates, pies for shares, a table otherwise', () => {
    const byProduct = result(['产品', '销量'], ['VARCHAR', 'BIGINT'], [{ 产品: '苹果', 销量: 40 }, { 产品: '香蕉', 销量: 35 }]);
    expect(chooseDisplay(byProduct)).toEqual({ type: 'response_bar_chart', x: '产品', y: ['销量'] });
    expect(chooseDisplay(byProduct, '各产品销量占比')).toEqual({ type: 'response_pie_chart', x: '产品', y: ['销量'] });
    const byDay = result(['日期', '销量', '金额'], ['DATE', 'BIGINT', 'DOUBLE'], [{ 日期: '2024-01-01', 销量: 1, 金额: 2 }, { 日期: '2024-01-02', 销量: 3, 金额: 4 }]);
    expect(chooseDisplay(byDay)).toEqual({ type: 'response_line_chart', x: '日期', y: ['销量', '金额'] });
    expect(chooseDisplay(result(['n'], ['BIGINT'], [{ n: 6 }])).type).toBe('response_table');
    expect(chooseDisplay(result(['a', 'b'], ['VARCHAR', 'VARCHAR'], [{ a: 1, b: 2 }, { a: 3, b: 4 }])).type).toBe('response_table');
    const many = result(['k', 'v'], ['VARCHAR', 'DOUBLE'], Array.from({ length: 31 }, (_, i) => ({ k: `k${i}`, v: i })));
    expect(chooseDisplay(many).type).toBe('response_table');
    const negative = result(['k', 占比], ['VARCHAR', 'DOUBLE'], [{ k: 'a', 占比: -1 }, { k: 'b', 占比: 2 }]);
    expect(chooseDisplay(negative).type).toBe('response_bar_chart');
  });

  it('describes the view in Chinese', () => {
    const view = toChartView(result(['产品', '销量'], ['VARCHAR', 'BIGINT'], [{ 产品: '苹果', 销量: 40 }, { 产品: '香蕉', 销量: 35 }]), 'SELECT 1');
    expect(view).toMatchObject({ type: 'response_bar_chart', sql: 'SELECT 1', columns: ['产品', '销量'], truncated: false });
    expect(view.description).toBe('查询结果共 2 行；以柱状图展示：横轴「产品」，数值「销量」。');
  });
});

const 占比 = '占比';
