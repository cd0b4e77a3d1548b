import { describe, expect, it } from 'vitest';
import { placeText, sourceText } from './chunk-place';

describe('where a passage sits, as users read it', () => {
  it('names pages, slides, sheets and rows, spans with a dash', () => {
    expect(placeText({ page: 3 })).toBe('第 3 页');
    expect(placeText({ page: 3, page_to: 4 })).toBe('第 3–4 页');
    expect(placeText({ slide: 2 })).toBe('第 2 张幻灯片');
    expect(placeText({ sheet: '参数表', rows: [5, 9] })).toBe('「参数表」第 5–9 行');
    expect(placeText({ rows: [7, 7] })).toBe('第 7 行');
    expect(placeText({ sheet: '汇总' })).toBe('工作表「汇总」');
    expect(placeText({})).toBe('');
    expect(placeText(undefined)).toBe('');
  });

  it('joins the place and the heading path, leaving out what is unknown', () => {
    expect(sourceText({ page: 3 }, '第三章 › 3.2 安装要求')).toBe('第 3 页 · 第三章 › 3.2 安装要求');
    expect(sourceText({}, '第三章')).toBe('第三章');
    expect(sourceText(undefined, '')).toBe('');
  });
});
