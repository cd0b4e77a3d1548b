import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['季度报告.pdf', '季度报告.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\docs\\制度<1>.pdf', '制度1.pdf'],
    ['..\u0000.', '未命名文件'],
    ['invoice\u202Egnp.txt', 'invoicegnp.txt'], // shown as "invoicetxt.png" before
    ['\u2066合同\u2069\u200B\u200D.docx', '合同.docx'],
    ['re\u00ADport\uFEFF.xlsx', 'report.xlsx'],
    ['a\u0085b\u009F\u2028c.txt', 'abc.txt'], // C1 controls and the line separator
    ['  说明.md . . ', '说明.md'],
    ['.hidden.txt', 'hidden.txt'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1', '_lpt1'],
    ['\u200B\u202E', '未命名文件'],
    ['cafe\u0301.txt', 'café.txt'], // NFC: e + combining acute becomes é
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('cuts long names to 200 characters keeping the extension, never splitting a character', () => {
    const cut = sanitizeFileName(`${'😀'.repeat(300)}.docx`);
    expect([...cut].length).toBe(MAX_FILE_NAME_LENGTH);
    expect(cut.endsWith('😀.docx')).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/); // no lone surrogate
    expect([...sanitizeFileName('长'.repeat(300))].length).toBe(MAX_FILE_NAME_LENGTH);
  });

  it('is idempotent on what it produces', () => {
    for (const name of ['invoice\u202Egnp.txt', '  ..a..  ', `${'长'.repeat(250)}.pdf`, 'CON']) {
      const once = sanitizeFileName(name);
      expect(sanitizeFileName(once)).toBe(once);
    }
  });
});
