// Word's list and heading numbers (word/numbering.xml): the number Word shows before a numbered paragraph is not in
// its text, it is counted. A heading numbered 「第三章」 or 「3.2」 by its style must read so, or the heading path
// loses what users search by. Bullets are not text and give nothing.
import type { Element } from '@xmldom/xmldom';
import { attribute, childElements } from '../xml-parts';
import type { NumberingRef } from './docx-styles';
import { valueOf } from './docx-styles';

/** A list level: its first number, its format, its text (`第%1章`), and whether it shows every level in digits (w:isLgl). */
type Level = { start: number; format: string; text: string; legal: boolean };

/** Counts a document's numbered paragraphs in order and gives each its label (`3.2`, `第三章`, `(a)`). */
export type Numbering = { label: (ref: NumberingRef) => string };

const DIGITS = '〇一二三四五六七八九';

/** A number in Chinese words (一, 十二, 二十, 一百零五), up to 9999; beyond, its digits. */
export function chineseNumber(n: number): string {
  if (n <= 0 || n > 9999) return String(n);
  const units = ['', '十', '百', '千'];
  const digits = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    const unit = units[digits.length - 1 - i];
    if (d === 0) zero = out !== '';
    else {
      out += (zero ? '零' : '') + DIGITS[d] + unit;
      zero = false;
    }
  });
  return out.replace(/^一十/, '十');
}

const roman = (n: number) => {
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [v, s] of table) for (; n >= v; n -= v) out += s;
  return out;
};
const letter = (n: number) => String.fromCharCode(65 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);

/** A counter in a level's format (w:numFmt); an unknown format as decimal. */
export function formatNumber(n: number, format: string): string {
  switch (format) {
    case 'upperRoman': return roman(n);
    case 'lowerRoman': return roman(n).toLowerCase();
    case 'upperLetter': return letter(n);
    case 'lowerLetter': return letter(n).toLowerCase();
    case 'chineseCounting': case 'chineseCountingThousand': case 'chineseLegalSimplified': case 'taiwaneseCountingThousand': return chineseNumber(n);
    case 'ideographTraditional': return '甲乙丙丁戊己庚辛壬癸'[(n - 1) % 10];
    case 'decimalEnclosedCircle': case 'decimalEnclosedCircleChinese': return n >= 1 && n <= 20 ? String.fromCharCode(0x2460 + n - 1) : String(n);
    case 'decimalZero': return n < 10 ? `0${n}` : String(n);
    case 'decimalFullWidth': return String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    default: return String(n);
  }
}

/** The lists of numbering.xml (`root`: its root element, null when the package has none). */
export function readNumbering(root: Element | null): Numbering {
  const abstracts = new Map<string, Level[]>();
  for (const el of root ? childElements(root, 'abstractNum') : []) {
    const levels: Level[] = [];
    for (const lvl of childElements(el, 'lvl')) {
      const start = Number(valueOf(lvl, 'start'));
      levels[Number(attribute(lvl, 'ilvl')) || 0] = {
        start: Number.isFinite(start) ? start : 0, format: valueOf(lvl, 'numFmt') ?? 'decimal', text: valueOf(lvl, 'lvlText') ?? '', legal: /^(|1|true|on)$/i.test(valueOf(lvl, 'isLgl') ?? 'no'),
      };
    }
    abstracts.set(attribute(el, 'abstractNumId') ?? '', levels);
  }
  const nums = new Map<string, { abstract: string; starts: Map<number, number> }>();
  for (const el of root ? childElements(root, 'num') : []) {
    const starts = new Map<number, number>();
    for (const o of childElements(el, 'lvlOverride')) {
      const start = valueOf(o, 'startOverride');
      if (start !== null) starts.set(Number(attribute(o, 'ilvl')) || 0, Number(start) || 0);
    }
    nums.set(attribute(el, 'numId') ?? '', { abstract: valueOf(el, 'abstractNumId') ?? '', starts });
  }
  // Counters per list definition: the lists (w:num) of one definition count on together, as Word counts them.
  const counters = new Map<string, number[]>();
  const started = new Set<string>();
  return {
    label: ({ numId, ilvl }) => {
      const num = nums.get(numId);
      const levels = num && abstracts.get(num.abstract);
      const level = levels?.[ilvl];
      if (!num || !levels || !level || level.format === 'bullet' || level.format === 'none') return '';
      const count = counters.get(num.abstract) ?? [];
      if (!started.has(numId)) {
        started.add(numId);
        for (const [l, start] of num.starts) count[l] = start - 1;
      }
      count[ilvl] = (count[ilvl] ?? (levels[ilvl]?.start ?? 1) - 1) + 1;
      count.length = ilvl + 1;
      counters.set(num.abstract, count);
      return level.text.replace(/%([1-9])/g, (_, d: string) => {
        const l = Number(d) - 1;
        return formatNumber(count[l] ?? levels[l]?.start ?? 1, level.legal ? 'decimal' : (levels[l]?.format ?? 'decimal'));
      });
    },
  };
}
