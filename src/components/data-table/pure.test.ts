import { isSystemRow } from './system-row';
import { SORT_DIRECTIONS, toSortItem } from './sort';

describe('toSortItem', () => {
  it('reports descending as DESC', () => expect(toSortItem({ columnKey: 'name', order: 'descend' })).toEqual({ property: 'name', direction: 'DESC' }));
  it('reports ascending as ASC', () => expect(toSortItem({ columnKey: 'age', order: 'ascend' })).toEqual({ property: 'age', direction: 'ASC' }));
  it('reports no order as null', () => expect(toSortItem({ columnKey: 'age', order: null })).toBeNull());
  it('cycles descending first, then ascending', () => expect(SORT_DIRECTIONS).toEqual(['descend', 'ascend']));
});

describe('isSystemRow', () => {
  it('is true only for the string true', () => {
    expect(isSystemRow({ isSystem: 'true' })).toBe(true);
    expect(isSystemRow({ isSystem: true })).toBe(false);
    expect(isSystemRow({ isSystem: 'false' })).toBe(false);
    expect(isSystemRow({})).toBe(false);
  });
  it('reads a configurable field', () => expect(isSystemRow({ sys: 'true' }, 'sys')).toBe(true));
});
