import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-names';

describe('sanitizeFileName', () => {
  it.each([
    ['用户列表.xlsx', '用户列表.xlsx'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['a\\b:c*?.csv', 'a_b_c__.csv'],
    ['CON.txt', '_CON.txt'],
    ['evil\u202Etxt.exe', 'eviltxt.exe'],
    ['报表\u200B\u2066.xlsx', '报表.xlsx'],
    ['  ...  ', '导出文件'],
  ])('%j becomes %j', (input, expected) => expect(sanitizeFileName(input)).toBe(expected));

  it('keeps the extension when shortening long names', () => {
    const name = sanitizeFileName(`${'长'.repeat(300)}.xlsx`);
    expect(name.length).toBe(200);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});
