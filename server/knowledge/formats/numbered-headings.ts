// Headings found by their numbers, for a format that carries no styles as read (a Word 97-2003 or WPS 文字 file
// through word-extractor). Chinese documents number their headings in words people type: 第三章 and 第二节, 3.2 and
// 3.2.1, 一、 and （一）(GB/T 9704's order for official documents). A short paragraph that starts so and does not end
// as a sentence is taken as a heading of the level its kind gives; anything else stays a paragraph. Plain list items
// (1. and （1）) are not taken: they number steps far more often than sections.
import type { TextBlock } from './types';

const HAN_NUMBER = '[一二三四五六七八九十百千零〇两]+';
/** Longest paragraph taken as a heading. */
const MAX_HEADING_CHARS = 40;
/** How a sentence (not a heading) ends, or what a heading never holds inside. */
const SENTENCE = /[。；;，,：:！!？?]$|。/;

/** What follows a number that is a quantity, not a heading's: a unit of measure or of money, or a multiple. */
const UNIT = /^(米|厘米|毫米|千米|千克|千瓦|兆帕|兆瓦|公斤|公里|公顷|吨|克|元|万元|亿元|倍|秒|小时|平方|立方|帕)/;

type Kind = 'chapter' | 'section' | 'decimal' | 'ordinal' | 'subordinal';

/** The kind of numbered heading a paragraph's text starts as, and for decimals how many parts its number has. */
function numbering(text: string): { kind: Kind; depth: number } | null {
  if (text.length > MAX_HEADING_CHARS || SENTENCE.test(text)) return null;
  if (new RegExp(`^第(${HAN_NUMBER}|\\d{1,3})[章篇编]|^第(${HAN_NUMBER}|\\d{1,3})部分`).test(text)) return { kind: 'chapter', depth: 1 };
  if (new RegExp(`^第(${HAN_NUMBER}|\\d{1,3})节`).test(text)) return { kind: 'section', depth: 1 };
  // 3.2 安装要求, 3.2.1阀门: a number of two to four parts, then the title's first Chinese character; not a
  // quantity (1.5米以上, 2.5 兆帕).
  const decimal = /^\d{1,2}((?:\.\d{1,2}){1,3})\.?[\s\u3000]*[\u4e00-\u9fff]/.exec(text);
  if (decimal && UNIT.test(text.slice(decimal[0].length - 1))) return null;
  if (decimal) return { kind: 'decimal', depth: decimal[1].split('.').length - 1 };
  if (/^[一二三四五六七八九十]{1,3}[、．]\s*\S/.test(text)) return { kind: 'ordinal', depth: 1 };
  if (/^[（(][一二三四五六七八九十]{1,3}[）)]\s*\S/.test(text)) return { kind: 'subordinal', depth: 1 };
  return null;
}

/**
 * The blocks with numbered headings made headings. Levels follow the kinds the document uses: 章 1 and 节 2; a
 * decimal number one level per part below the chapters (3.2 under 第三章 is 2); 一、 below the chapters and
 * sections, （一） below 一、.
 */
export function headingsByNumbering(blocks: TextBlock[]): TextBlock[] {
  const found = blocks.map((b) => (b.kind === 'paragraph' ? numbering(b.text.trim()) : null));
  const uses = (kind: Kind) => found.some((f) => f?.kind === kind);
  const chapters = uses('chapter') ? 1 : 0;
  const sections = chapters + (uses('section') ? 1 : 0);
  const ordinal = Math.max(sections, uses('decimal') ? chapters : 0) + 1;
  const level = ({ kind, depth }: { kind: Kind; depth: number }) => {
    if (kind === 'chapter') return 1;
    if (kind === 'section') return chapters + 1;
    if (kind === 'decimal') return chapters + depth;
    return kind === 'ordinal' ? ordinal : ordinal + 1;
  };
  return blocks.map((b, i) => {
    const f = found[i];
    return f ? { ...b, kind: 'heading', level: Math.min(6, level(f)), text: b.text.trim() } : b;
  });
}
