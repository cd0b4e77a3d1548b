import { describe, expect, it } from 'vitest';
import { hasInvisible, INVISIBLE_CHARS_CLASS, stripInvisible } from './invisible-chars';

const LISTED = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, // bidi controls
  0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x180e, 0x00ad, // zero-width and other format
  0xfe0f, 0x3164, 0xe0041, // a variation selector, the Hangul filler, a tag character
];

describe('invisible characters', () => {
  it.each(LISTED.map((c) => [c.toString(16).padStart(4, '0'), c]))('U+%s is invisible and stripped', (_hex, code) => {
    const s = `a${String.fromCodePoint(code)}b`;
    expect(hasInvisible(s)).toBe(true);
    expect(stripInvisible(s)).toBe('ab');
  });

  it('makes an RTL-override file name read as it is stored', () => {
    expect(stripInvisible('invoice\u202Egnp.txt')).toBe('invoicegnp.txt');
    expect(stripInvisible('\u2066报告\u2069\u200B.pdf')).toBe('报告.pdf');
  });

  it('keeps visible text, Chinese, spaces, tabs and new lines, and is safe to call repeatedly', () => {
    const visible = '季度报告 Q3\t（终稿）\n第 2 版·2030-01-01 café 😀';
    expect(hasInvisible(visible)).toBe(false);
    expect(stripInvisible(visible)).toBe(visible);
    // The global pattern's state does not leak between calls.
    for (let i = 0; i < 3; i++) expect(hasInvisible('x\u200By')).toBe(true);
  });

  it('builds a JSON-schema-style pattern that refuses the same characters', () => {
    const pattern = new RegExp(`^[^${INVISIBLE_CHARS_CLASS}]*$`, 'u');
    expect(pattern.test('正常名称')).toBe(true);
    expect(pattern.test('名称\u202E')).toBe(false);
  });
});
