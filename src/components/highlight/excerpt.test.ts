import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

const joined = (e: ReturnType<typeof excerpt>) => e.parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

describe('excerpt', () => {
  it('marks every match of the words, longest first, case aside', () => {
    expect(joined(excerpt('住宿标准按城市等级执行，Hotel 标准', ['标准', '住宿标准', 'hotel']))).toBe('[住宿标准]按城市等级执行，[Hotel] [标准]');
  });

  it('shows a long passage from shortly before its first match, not from its start', () => {
    const text = `${'前言'.repeat(200)}年休假应在当年度内休完${'后记'.repeat(200)}`;
    const e = excerpt(text, ['年休假'], 120, 10);
    expect(e.cutStart).toBe(true);
    expect(e.cutEnd).toBe(true);
    expect(joined(e)).toMatch(/^(前言){5}\[年休假\]应在当年度内休完/);
    expect(e.parts.map((p) => p.text).join('')).toHaveLength(120);
  });

  it('keeps a short passage whole, and a long one without a match from its start', () => {
    expect(excerpt('短文本', ['无'], 120)).toEqual({ parts: [{ text: '短文本', match: false }], cutStart: false, cutEnd: false });
    const e = excerpt('甲'.repeat(300), ['乙'], 100);
    expect(e).toMatchObject({ cutStart: false, cutEnd: true });
  });

  it('treats the words as text, not patterns', () => {
    expect(joined(excerpt('a+b (c)', ['a+b', '(c)']))).toBe('[a+b] [(c)]');
  });
});
