import { describe, expect, it } from 'vitest';
import { chunkPlace } from './chunk-place';

describe('chunkPlace', () => {
  it.each([
    [{ page: 3 }, '第 3 页'],
    [{ page: 3, page_to: 5 }, '第 3–5 页'],
    [{ page: 3, page_to: 3 }, '第 3 页'],
    [{ slide: 2 }, '第 2 张幻灯片'],
    [{ sheet: '参数表', rows: [5, 9] as [number, number] }, '参数表 第 5–9 行'],
    [{ sheet: '参数表', rows: [5, 5] as [number, number] }, '参数表 第 5 行'],
    [{ sheet: 'Sheet1' }, 'Sheet1'],
    [{ rows: [2, 4] as [number, number] }, '第 2–4 行'],
    [{ page: 1, boxes: [[1, 10, 20, 100, 12]] }, '第 1 页'],
    [{}, ''],
    [undefined, ''],
  ])('reads %j as %s', (position, place) => {
    expect(chunkPlace(position)).toBe(place);
  });
});
