import { describe, expect, it } from 'vitest';
import { fileNameOf } from './export-logs';
import { toLogQuery } from './log-filters';

describe('export file name', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    const header = `attachment; filename="audit-log-20300101.xlsx"; filename*=UTF-8''${encodeURIComponent('审计日志-20300101.xlsx')}`;
    expect(fileNameOf(header, 'x.xlsx')).toBe('审计日志-20300101.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('log filters', () => {
  it('sends the local range as ISO instants and leaves blanks out', () => {
    const q = toLogQuery({ range: ['2030-01-01 00:00:00', '2030-01-01 23:59:59'], username: '  ', keyword: ' 张 ', result: 'failure' });
    expect(q).toEqual({
      from: new Date(2030, 0, 1, 0, 0, 0).toISOString(), to: new Date(2030, 0, 1, 23, 59, 59).toISOString(), keyword: '张', result: 'failure',
    });
  });
});
