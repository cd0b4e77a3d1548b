import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { FILTER_OPERATIONS, QueryFilterListSchema, validateQueryFilters, MAX_FILTER_DEPTH } from './query-filter';

// Untrusted input on purpose: any shape may arrive from a request.
const f = (over: Record<string, unknown>): Record<string, unknown> => ({ filterName: 'name', operation: 'Equal', filterValue: 'x', ...over });
const errorsOf = (input: unknown, allowedNames?: string[]) => {
  const r = validateQueryFilters(input, { allowedNames });
  return r.ok ? [] : r.errors;
};

describe('validateQueryFilters', () => {
  it('accepts every one of the ten operations with a fitting value', () => {
    const values: Record<string, unknown> = { In: ['a'], NotIn: ['a'], BetweenAnd: [1, 2], IsNull: undefined, IsNotNull: undefined };
    const list = FILTER_OPERATIONS.map((op) => f({ operation: op, filterValue: op in values ? values[op] : 'a' }));
    expect(errorsOf(list)).toEqual([]);
  });
  it('defaults the connection to And', () => {
    const r = validateQueryFilters([f({})]);
    expect(r.ok && r.value[0].connection).toBe('And');
  });
  it('refuses a non-list', () => expect(errorsOf({})).toEqual(['筛选条件必须是列表']));
  it('refuses an unknown operation in Chinese, naming the condition', () => {
    expect(errorsOf([f({}), f({ operation: 'Greater' })])[0]).toMatch(/^第 2 条条件：不支持的操作 "Greater"/);
  });
  it('refuses a missing field name', () => expect(errorsOf([f({ filterName: '' })])).toEqual(['第 1 条条件：缺少字段名 filterName']));
  it('refuses a field name outside the allowed ones', () => {
    expect(errorsOf([f({ filterName: 'password' })], ['name'])).toEqual(['第 1 条条件：不支持按字段 password 筛选']);
  });
  it('refuses a connection other than And or Or', () => expect(errorsOf([f({ connection: 'and' })])[0]).toMatch(/And 或 Or/));
  it('refuses an unknown expressType', () => expect(errorsOf([f({ expressType: 'money' })])[0]).toMatch(/值类型/));
  it.each([[['a']], [[1, 2, 3]], ['1,2'], [null], [[1, null]]])('BetweenAnd refuses %j: it needs two values', (v) => {
    expect(errorsOf([f({ operation: 'BetweenAnd', filterValue: v })])).toEqual(['第 1 条条件：BetweenAnd 需要两个值（起、止）']);
  });
  it.each([[[]], [null], [5], [[{}]]])('In refuses %j: it needs a list', (v) => {
    expect(errorsOf([f({ operation: 'In', filterValue: v })])).toEqual(['第 1 条条件：In 需要值列表']);
  });
  it('NotIn needs a list too', () => expect(errorsOf([f({ operation: 'NotIn', filterValue: undefined })])[0]).toMatch(/NotIn 需要值列表/));
  it('splits a comma-joined In value into a list', () => {
    const r = validateQueryFilters([f({ operation: 'In', filterValue: '1,2' })]);
    expect(r.ok && r.value[0].filterValue).toEqual(['1', '2']);
  });
  it.each(['Like', 'Equal', 'UnEqual', 'Contains', 'LessEqual'])('%s refuses a missing or list value', (op) => {
    expect(errorsOf([f({ operation: op, filterValue: null })])).toEqual([`第 1 条条件：${op} 需要一个值`]);
    expect(errorsOf([f({ operation: op, filterValue: ['a'] })])).toHaveLength(1);
  });
  it('refuses non-numeric values when expressType is number', () => {
    expect(errorsOf([f({ expressType: 'number', filterValue: 'abc' })])).toEqual(['第 1 条条件：值必须是数字']);
    expect(errorsOf([f({ expressType: 'number', filterValue: '12' })])).toEqual([]);
  });
  it('names nested child conditions by their path', () => {
    const input = [f({ childFilter: [f({}), f({ operation: 'Nope' })] })];
    expect(errorsOf(input)[0]).toMatch(/^第 1\.2 条条件：不支持的操作/);
  });
  it('refuses a childFilter that is not a list', () => expect(errorsOf([f({ childFilter: 'x' })])[0]).toMatch(/childFilter 必须是列表/));
  it(`refuses nesting deeper than ${MAX_FILTER_DEPTH} levels`, () => {
    let node: Record<string, unknown> = f({});
    for (let i = 0; i < MAX_FILTER_DEPTH; i += 1) node = f({ childFilter: [node] });
    expect(errorsOf([node]).join()).toMatch(/嵌套超过/);
  });
  it('refuses more than 200 conditions', () => {
    expect(errorsOf(Array.from({ length: 201 }, () => f({})))).toEqual(['筛选条件过多（最多 200 条）']);
  });
  it('reports every problem, not just the first', () => {
    expect(errorsOf([f({ operation: 'X' }), f({ filterName: '' })])).toHaveLength(2);
  });
});

describe('QueryFilterListSchema (for the server)', () => {
  const check = Compile(QueryFilterListSchema);
  it('accepts nested filters', () => {
    expect(check.Check([{ filterName: 'a', operation: 'Like', filterValue: 'x', childFilter: [{ filterName: 'b', operation: 'IsNull', connection: 'Or' }] }])).toBe(true);
  });
  it('refuses an unknown operation, including inside a child', () => {
    expect(check.Check([{ filterName: 'a', operation: 'Greater' }])).toBe(false);
    expect(check.Check([{ filterName: 'a', operation: 'In', childFilter: [{ filterName: 'b', operation: 'Bad' }] }])).toBe(false);
  });
  it('refuses an object as value', () => expect(check.Check([{ filterName: 'a', operation: 'Equal', filterValue: { $gt: 1 } }])).toBe(false));
});
