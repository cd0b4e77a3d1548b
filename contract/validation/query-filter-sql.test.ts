import { describe, expect, it } from 'vitest';
import { compileFilters, escapeLike, QueryFilterError } from './query-filter';
import type { QueryFilter } from './query-filter';

const columns = { name: 'u.full_name', age: 'u.age', roles: 'u.review_role' };
const q = (filterName: string, operation: QueryFilter['operation'], filterValue?: QueryFilter['filterValue'], more: Partial<QueryFilter> = {}) =>
  ({ filterName, operation, filterValue, ...more }) as QueryFilter;

describe('compileFilters', () => {
  it('compiles an empty list to TRUE', () => expect(compileFilters([], columns)).toEqual({ sql: 'TRUE', params: [] }));
  it.each([
    [q('name', 'Like', 'a'), `(CAST(u.full_name AS TEXT) ILIKE $1 ESCAPE '\\')`, ['%a%']],
    [q('age', 'Equal', 3), '(u.age = $1)', [3]],
    [q('age', 'UnEqual', 3), '(u.age IS DISTINCT FROM $1)', [3]],
    [q('age', 'In', [1, 2]), '(u.age IN ($1, $2))', [1, 2]],
    [q('age', 'NotIn', '1,2'), '((u.age IS NULL OR u.age NOT IN ($1, $2)))', ['1', '2']],
    [q('age', 'BetweenAnd', [1, 9]), '(u.age BETWEEN $1 AND $2)', [1, 9]],
    [q('age', 'IsNull'), '(u.age IS NULL)', []],
    [q('age', 'IsNotNull'), '(u.age IS NOT NULL)', []],
    [q('roles', 'Contains', 2), `($1 = ANY(string_to_array(CAST(u.review_role AS TEXT), ',')))`, ['2']],
    [q('age', 'LessEqual', '5', { expressType: 'number' }), '(u.age <= $1)', [5]],
  ])('compiles %j', (filter, sql, params) => expect(compileFilters([filter], columns)).toEqual({ sql, params }));

  it('numbers placeholders after the offset', () => {
    expect(compileFilters([q('age', 'In', [1, 2]), q('name', 'Equal', 'x')], columns, 3)).toEqual({
      sql: '(u.age IN ($4, $5) AND u.full_name = $6)',
      params: [1, 2, 'x'],
    });
  });
  it('escapes % and _ in Like values', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(compileFilters([q('name', 'Like', '1%_')], columns).params).toEqual(['%1\\%\\_%']);
  });
  it('groups Or alternatives of And terms, children in parentheses', () => {
    const filters = [q('age', 'Equal', 1), q('name', 'Equal', 'a', { connection: 'Or', childFilter: [q('age', 'IsNull', undefined, { connection: 'Or' })] }), q('roles', 'IsNull')];
    expect(compileFilters(filters, columns).sql).toBe('((u.age = $1) OR (((u.full_name = $2) OR (u.age IS NULL)) AND u.review_role IS NULL))');
  });
  it('never puts values in the SQL text', () => {
    const evil = "x'); DROP TABLE users; --";
    const { sql, params } = compileFilters([q('name', 'Equal', evil), q('name', 'Like', evil), q('name', 'In', [evil])], columns);
    expect(sql).not.toContain('DROP');
    expect(params).toHaveLength(3);
  });
  it('refuses a field name outside the whitelist, including inherited names', () => {
    expect(() => compileFilters([q('password', 'Equal', 'x')], columns)).toThrow(QueryFilterError);
    expect(() => compileFilters([q('constructor', 'Equal', 'x')], columns)).toThrow(/不支持按字段 constructor/);
    expect(() => compileFilters([q('age', 'Equal', 1, { childFilter: [q('1=1; --', 'IsNull')] })], columns)).toThrow(QueryFilterError);
  });
  it('refuses invalid input with the Chinese messages', () => {
    try {
      compileFilters([q('age', 'BetweenAnd', [1])], columns);
      expect.unreachable();
    } catch (e) {
      expect((e as QueryFilterError).errors).toEqual(['第 1 条条件：BetweenAnd 需要两个值（起、止）']);
    }
  });
  it('refuses a whitelist entry that is not a plain column', () => {
    expect(() => compileFilters([], { name: 'name; DROP TABLE x' })).toThrow(/Unsafe column/);
    expect(compileFilters([], { name: '"userName"', b: 't.col_1' }).sql).toBe('TRUE');
  });
});
