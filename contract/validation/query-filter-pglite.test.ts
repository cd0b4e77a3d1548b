import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, matchesFilters } from './query-filter';
import type { QueryFilter } from './query-filter';

// The compiled SQL must select exactly the rows the in-memory evaluator keeps.
const rows = [
  { id: 1, name: '张三', age: 30, roles: '1,2', joined: '2026-01-05' },
  { id: 2, name: '李四_50%', age: 41, roles: '2', joined: '2026-03-01' },
  { id: 3, name: 'Wang', age: null, roles: null, joined: '2025-12-31' },
  { id: 4, name: 'wangwu', age: 25, roles: '3,12', joined: '2026-02-10' },
];
const columns = { name: 'name', age: 'age', roles: 'roles', joined: 'joined' };
const q = (filterName: string, operation: QueryFilter['operation'], filterValue?: QueryFilter['filterValue'], more: Partial<QueryFilter> = {}) =>
  ({ filterName, operation, filterValue, ...more }) as QueryFilter;

const cases: [string, QueryFilter[]][] = [
  ['Like', [q('name', 'Like', 'WANG')]],
  ['Like with wildcards', [q('name', 'Like', '_50%')]],
  ['Equal', [q('age', 'Equal', 30, { expressType: 'number' })]],
  ['UnEqual', [q('age', 'UnEqual', 30, { expressType: 'number' })]],
  ['In', [q('name', 'In', ['张三', 'Wang'])]],
  ['NotIn', [q('age', 'NotIn', [30, 25], { expressType: 'number' })]],
  ['BetweenAnd', [q('joined', 'BetweenAnd', ['2026-01-01', '2026-02-28'], { expressType: 'date' })]],
  ['IsNull', [q('age', 'IsNull')]],
  ['IsNotNull', [q('roles', 'IsNotNull')]],
  ['Contains', [q('roles', 'Contains', '2')]],
  ['LessEqual', [q('age', 'LessEqual', 30, { expressType: 'number' })]],
  ['And before Or', [q('age', 'IsNull'), q('name', 'Like', 'wu', { connection: 'Or' }), q('roles', 'Contains', '3')]],
  ['nested groups', [q('roles', 'Contains', '2', { childFilter: [q('age', 'IsNull', undefined, { connection: 'Or' })] }), q('name', 'Like', 'a')]],
];

describe('compileFilters agrees with matchesFilters on PostgreSQL (PGlite)', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec('CREATE TABLE t (id int, name text, age int, roles text, joined date)');
    for (const r of rows) await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5)', [r.id, r.name, r.age, r.roles, r.joined]);
  }, 60_000); // starting PGlite takes seconds on a loaded machine
  afterAll(() => db.close());

  it.each(cases)('%s', async (_label, filters) => {
    const { sql, params } = compileFilters(filters, columns, 1);
    const result = await db.query<{ id: number }>(`SELECT id FROM t WHERE id > $1 AND ${sql} ORDER BY id`, [0, ...params]);
    const expected = rows.filter((r) => matchesFilters(r, filters)).map((r) => r.id);
    expect(result.rows.map((r) => r.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});
