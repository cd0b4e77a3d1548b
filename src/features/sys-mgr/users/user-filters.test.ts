import { describe, expect, it } from 'vitest';
import { matchesFilters } from '../../../../contract/validation';
import { searchFilters } from './user-filters';

const rows = [
  { username: 'zhangwei', fullName: '张伟', mobile: '13800000001', email: 'zw@example.com', clearance: 'secret', disabled: false },
  { username: 'lina', fullName: '李娜', mobile: '13900000002', email: 'lina@example.com', clearance: 'public', disabled: true },
  { username: 'wangfang', fullName: '王芳', mobile: '', email: '', clearance: 'secret', disabled: true },
];
const names = (search: Parameters<typeof searchFilters>[0]) =>
  rows.filter((r) => matchesFilters(r, searchFilters(search))).map((r) => r.username);

describe('searchFilters', () => {
  it('is empty for an empty search', () => {
    expect(searchFilters({})).toEqual([]);
    expect(searchFilters({ keyword: '   ' })).toEqual([]);
  });

  it('finds the keyword in username, name, mobile or e-mail', () => {
    expect(names({ keyword: '李' })).toEqual(['lina']);
    expect(names({ keyword: 'ZHANG' })).toEqual(['zhangwei']);
    expect(names({ keyword: '1390' })).toEqual(['lina']);
    expect(names({ keyword: 'example' })).toEqual(['zhangwei', 'lina']);
  });

  it('narrows the keyword group by clearance and status (And binds after the group)', () => {
    expect(names({ keyword: 'a', clearance: 'secret' })).toEqual(['zhangwei', 'wangfang']);
    expect(names({ keyword: 'a', clearance: 'secret', status: 'disabled' })).toEqual(['wangfang']);
    expect(names({ status: 'enabled' })).toEqual(['zhangwei']);
    // A lock is sent apart (locked=true), not as a filter.
    expect(searchFilters({ status: 'locked' })).toEqual([]);
  });
});
