import { describe, expect, it } from 'vitest';
import { cleanPagedBlocks, isPageNumber, isTocLine } from './clean';
import type { TextBlock } from './types';

/** A paragraph on a page, at a height (points from the top). */
const para = (page: number, y: number, text: string): TextBlock => ({ kind: 'paragraph', text, at: { page, box: [72, y, 400, 14] } });

/** A page as a book prints it: a running header, body paragraphs, a footer with the page number. */
const page = (n: number, body: string[]): TextBlock[] => [
  para(n, 40, 'Debian 参考手册  第 1 章 教程'),
  ...body.map((text, i) => para(n, 100 + i * 40, text)),
  para(n, 800, `- ${n} -`),
];

describe('cleaning paged text', () => {
  it('removes a running header and footer repeated on half of the pages or more, digits aside', () => {
    const blocks = [
      ...page(1, ['控制台是一个文本终端。']),
      ...page(2, ['登录后会看到 shell 提示符。']),
      ...page(3, ['使用 apt 安装软件包。']),
      ...page(4, ['系统管理员账户是 root。']),
    ].map((b) => (b.text.startsWith('- ') ? { ...b, text: `Debian 参考手册 ${b.text.slice(2, -2)}` } : b));
    expect(cleanPagedBlocks(blocks).map((b) => b.text)).toEqual([
      '控制台是一个文本终端。', '登录后会看到 shell 提示符。', '使用 apt 安装软件包。', '系统管理员账户是 root。',
    ]);
  });

  it('takes a header numbered in roman numerals in the front matter and in arabic after for the same header', () => {
    const header = (n: number) => (n <= 2 ? ['', 'i', 'ii'][n] : `${n - 2} / 4`);
    const blocks = [1, 2, 3, 4, 5, 6].flatMap((n) => [para(n, 36, `Debian 参考手册  ${header(n)}`), para(n, 100, `正文${'甲乙丙丁戊己'[n - 1]}`)]);
    expect(cleanPagedBlocks(blocks).map((b) => b.text)).toEqual(['正文甲', '正文乙', '正文丙', '正文丁', '正文戊', '正文己']);
  });

  it('keeps a line that repeats on fewer than half of the pages, and everything of a document under three pages', () => {
    const blocks = [
      para(1, 40, '安装说明'), para(1, 100, '正文一'),
      para(2, 100, '正文二'), para(3, 100, '正文三'), para(4, 100, '正文四'), para(5, 40, '安装说明'), para(5, 100, '正文五'),
    ];
    expect(cleanPagedBlocks(blocks)).toHaveLength(7);
    const two = [para(1, 40, '产品手册'), para(1, 100, '甲'), para(2, 40, '产品手册'), para(2, 100, '乙')];
    expect(cleanPagedBlocks(two)).toHaveLength(4);
  });

  it('finds the header by its place on the page even when the page draws it last', () => {
    const body = [['阀门', '管道'], ['法兰', '垫片'], ['螺栓', '螺母']];
    const blocks = body.flatMap(([a, b], i) => [para(i + 1, 100, a), para(i + 1, 200, b), para(i + 1, 30, '机密 · 内部资料')]);
    expect(cleanPagedBlocks(blocks).map((b) => b.text)).toEqual(body.flat());
  });

  it('removes bare page numbers at a page edge in every common form, not numbers inside the text', () => {
    for (const n of ['12', '- 12 -', '— 12 —', '第 12 页', '第12页 共80页', '12 / 80', 'Page 12 of 80', 'p. 3', 'xii']) {
      expect(isPageNumber(n), n).toBe(true);
      expect(cleanPagedBlocks([para(1, 100, '正文'), para(1, 800, n)]).map((b) => b.text), n).toEqual(['正文']);
    }
    for (const text of ['DN50', '2024 年', '12 个', 'civil', 'Page 12 is blank']) expect(isPageNumber(text), text).toBe(false);
    // A number that is a line of a longer block in the middle of the page stays.
    const middle = [para(1, 40, '甲'), para(1, 80, '乙'), para(1, 120, '表中数值：\n12\n请核对'), para(1, 160, '丙'), para(1, 200, '丁')];
    expect(cleanPagedBlocks(middle).map((b) => b.text)).toContain('表中数值：\n12\n请核对');
  });

  it('removes table-of-contents lines: a title, dot leaders or a wide gap, a page number', () => {
    for (const line of ['3.2 安装要求 …… 12', '3.2 安装要求 ........ 12', '1.1 控制台基础 . . . . . . . 3', '第三章 安装    27', '附录 A 术语表······101', 'Introduction ..... iii']) {
      expect(isTocLine(line), line).toBe(true);
    }
    for (const line of ['3.2 安装要求 12', '阀门的公称压力为 16', '共 3 个步骤', 'Wait... 3 seconds', 'DN50 闸阀 2 台']) expect(isTocLine(line), line).toBe(false);
    const toc = [para(1, 40, '目录'), para(1, 80, '1 概述 .......... 1\n1.1 范围 .......... 1\n2 安装 .......... 5'), para(1, 200, '本手册说明安装步骤。')];
    expect(cleanPagedBlocks(toc).map((b) => b.text)).toEqual(['目录', '本手册说明安装步骤。']);
  });

  it('leaves table rows alone and keeps what is left of a block whose lines partly go', () => {
    const row: TextBlock = { kind: 'row', text: '型号: DN50；页码: 12', at: { page: 1 } };
    const mixed = para(1, 100, '安装步骤如下。\n2 安装 ........ 5\n先关闭阀门。');
    expect(cleanPagedBlocks([row, mixed, para(1, 300, '尾')])).toEqual([row, { ...mixed, text: '安装步骤如下。\n先关闭阀门。' }, para(1, 300, '尾')]);
  });
});
