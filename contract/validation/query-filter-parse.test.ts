import { describe, expect, it } from 'vitest';
import { parseQueryFilters } from './query-filter';

describe('parseQueryFilters', () => {
  it('reads missing or blank text as no filters', () => {
    expect(parseQueryFilters(undefined)).toEqual({ ok: true, value: [] });
    expect(parseQueryFilters(' ')).toEqual({ ok: true, value: [] });
  });
  it('refuses text that is not JSON', () => expect(parseQueryFilters('{bad')).toEqual({ ok: false, errors: ['筛选条件不是有效的 JSON'] }));
  it('validates what it parsed, with the allowed names', () => {
    const text = JSON.stringify([{ filterName: 'secret', operation: 'Equal', filterValue: 1 }]);
    expect(parseQueryFilters(text, { allowedNames: ['name'] })).toEqual({ ok: false, errors: ['第 1 条条件：不支持按字段 secret 筛选'] });
  });
});
