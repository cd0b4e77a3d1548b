import { describe, expect, it } from 'vitest';
import { matchesFilters, orGroups } from './query-filter';
import type { QueryFilter } from './query-filter';

const row = { name: '张三', dept: 'R&D', age: 30, score: '85', roles: '1,2,3', tags: ['a', 'b'], phone: null, joined: '2026-03-01' };
const q = (filterName: string, operation: QueryFilter['operation'], filterValue?: QueryFilter['filterValue'], more: Partial<QueryFilter> = {}) =>
  ({ filterName, operation, filterValue, ...more }) as QueryFilter;
const T = q('age', 'Equal', 30);
const F = q('age', 'Equal', 31);
const m = (...filters: QueryFilter[]) => matchesFilters(row, filters);

describe('matchesFilters: operations', () => {
  it('an empty list matches every row', () => expect(m()).toBe(true));
  it('Like is a case-insensitive substring match', () => {
    expect(m(q('dept', 'Like', 'r&d'))).toBe(true);
    expect(m(q('name', 'Like', '三'))).toBe(true);
    expect(m(q('name', 'Like', '四'))).toBe(false);
  });
  it('Like takes % and _ literally', () => {
    expect(m(q('name', 'Like', '%'))).toBe(false);
    expect(matchesFilters({ n: '50%_off' }, [q('n', 'Like', '%_')])).toBe(true);
  });
  it('Equal compares numbers numerically and text exactly', () => {
    expect(m(q('age', 'Equal', '30'))).toBe(true);
    expect(m(q('name', 'Equal', '张'))).toBe(false);
  });
  it('UnEqual matches different and missing values', () => {
    expect(m(q('age', 'UnEqual', 31))).toBe(true);
    expect(m(q('age', 'UnEqual', 30))).toBe(false);
    expect(m(q('phone', 'UnEqual', '1'))).toBe(true);
  });
  it('In and NotIn take a list or a comma-joined text', () => {
    expect(m(q('age', 'In', [29, 30]))).toBe(true);
    expect(m(q('name', 'In', '李四,张三'))).toBe(true);
    expect(m(q('age', 'NotIn', [29, 30]))).toBe(false);
    expect(m(q('age', 'NotIn', [1]))).toBe(true);
    expect(m(q('phone', 'NotIn', ['1']))).toBe(true);
  });
  it('BetweenAnd is inclusive on both ends', () => {
    expect(m(q('age', 'BetweenAnd', [30, 40]))).toBe(true);
    expect(m(q('age', 'BetweenAnd', [20, 30]))).toBe(true);
    expect(m(q('age', 'BetweenAnd', [31, 40]))).toBe(false);
    expect(m(q('joined', 'BetweenAnd', ['2026-01-01', '2026-12-31'], { expressType: 'date' }))).toBe(true);
  });
  it('IsNull and IsNotNull look at null and absent fields', () => {
    expect(m(q('phone', 'IsNull'))).toBe(true);
    expect(m(q('nowhere', 'IsNull'))).toBe(true);
    expect(m(q('name', 'IsNotNull'))).toBe(true);
    expect(matchesFilters({ s: '' }, [q('s', 'IsNull')])).toBe(false);
  });
  it('Contains looks for the value in a comma-separated list or an array', () => {
    expect(m(q('roles', 'Contains', '2'))).toBe(true);
    expect(m(q('roles', 'Contains', 2))).toBe(true);
    expect(m(q('roles', 'Contains', '12'))).toBe(false);
    expect(m(q('tags', 'Contains', 'b'))).toBe(true);
  });
  it('LessEqual compares numerically, with expressType forcing numbers', () => {
    expect(m(q('age', 'LessEqual', 30))).toBe(true);
    expect(m(q('age', 'LessEqual', 29))).toBe(false);
    expect(m(q('score', 'LessEqual', '9', { expressType: 'number' }))).toBe(false);
    expect(m(q('score', 'LessEqual', '9'))).toBe(true); // both texts: compared as text
    expect(m(q('phone', 'LessEqual', 1))).toBe(false);
  });
  it('does not read inherited properties', () => expect(m(q('constructor', 'IsNotNull'))).toBe(false));
});

describe('matchesFilters: And / Or and child filters', () => {
  const or = (f: QueryFilter) => ({ ...f, connection: 'Or' as const });
  it('joins with And by default', () => {
    expect(m(T, T)).toBe(true);
    expect(m(T, F)).toBe(false);
  });
  it('ignores the connection of the first condition', () => expect(m(or(F), T)).toBe(false));
  it('Or joins alternatives', () => expect(m(F, or(T))).toBe(true));
  it('And binds tighter than Or: F And T Or T is (F And T) Or T', () => expect(m(F, T, or(T))).toBe(true));
  it('And binds tighter than Or: T Or T And F is T Or (T And F)', () => expect(m(T, or(T), F)).toBe(true));
  it('F Or T And F is false', () => expect(m(F, or(T), F)).toBe(false));
  it('a child filter groups with its parent: (F Or T) And T', () => {
    expect(m({ ...F, childFilter: [or(T)] }, T)).toBe(true);
  });
  it('a group changes precedence: T And (F Or F) is false although T And F Or F reads otherwise', () => {
    expect(m(T, { ...F, childFilter: [or(F)] })).toBe(false);
  });
  it('a group joins its siblings with its own connection: F Or (T And T)', () => {
    expect(m(F, { ...or(T), childFilter: [T] })).toBe(true);
  });
  it('children nest: (F Or (F Or (T)))', () => {
    expect(m({ ...F, childFilter: [{ ...or(F), childFilter: [or(T)] }] })).toBe(true);
    expect(m({ ...F, childFilter: [{ ...or(F), childFilter: [or(F)] }] })).toBe(false);
  });
  it('orGroups splits a list at each Or', () => {
    expect(orGroups([T, F, or(T), F]).map((g) => g.length)).toEqual([2, 2]);
  });
});
