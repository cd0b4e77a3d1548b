import { describe, expect, it } from 'vitest';
import { resultWorkbook, safeText, storedZip } from './safe-xlsx';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('xlsx export of a result', () => {
  it('writes every text cell as an inline string and defuses formula-like text', () => {
    const book = text(resultWorkbook(['name', 'amount'], [
      { name: '=HYPERLINK("http://x","点我")', amount: 12.5 },
      { name: '+1+1', amount: null },
      { name: '@SUM(A1)', amount: -3 },
      { name: '-2+3', amount: 0 },
      { name: '<b>&"\u0001', amount: true },
    ]));
    expect(text(storedZip([])).length).toBe(22);
    expect(book).toContain('PK');
    expect(book).not.toMatch(/<f>|<f /);
    expect(book).toContain(`'=HYPERLINK(&quot;http://x&quot;,&quot;点我&quot;)`);
    expect(book).toContain(`'+1+1`);
    expect(book).toContain(`'@SUM(A1)`);
    expect(book).toContain(`'-2+3`);
    expect(book).toContain('&lt;b&gt;&amp;&quot;</t>');
    expect(book).toContain('<c r="B2"><v>12.5</v></c>');
    expect(book).toContain('<c r="B4"><v>-3</v></c>');
    expect(safeText('正常文本')).toBe('正常文本');
    expect(safeText('\tx')).toBe("'\tx");
  });
});
