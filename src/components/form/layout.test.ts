import { MAX_FORM_ROWS, spanFor } from './layout';

describe('spanFor', () => {
  it.each([
    [1, 24],
    [4, 24],
    [5, 12],
    [20, 12],
    [21, 8],
    [30, 8],
    [31, 6],
    [40, 6],
    [60, 6],
  ])('%i fields → span %i', (count, span) => expect(spanFor(count)).toBe(span));
  it('keeps forms of up to 40 fields within 10 rows', () => {
    for (let n = 1; n <= 40; n += 1) expect(Math.ceil(n / (24 / spanFor(n)))).toBeLessThanOrEqual(MAX_FORM_ROWS);
  });
});
