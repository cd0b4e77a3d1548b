// Headings found by their typed numbers (formats read without styles): the kinds Chinese documents use, their levels
// from the kinds the document holds, and what is never taken for a heading (sentences, list steps, long lines, rows).
import { describe, expect, it } from 'vitest';
import { headingsByNumbering } from './numbered-headings';
import type { TextBlock } from './types';

const paragraphs = (...texts: string[]): TextBlock[] => texts.map((text) => ({ kind: 'paragraph', text, at: {} }));
const outline = (blocks: TextBlock[]) => blocks.map((b) => (b.kind === 'heading' ? `H${b.level} ${b.text}` : b.text));

describe('headings by their numbers', () => {
  it('takes chapters, sections, decimal numbers and 一、（一） at the levels the document uses', () => {
    expect(outline(headingsByNumbering(paragraphs(
      '第一章 总则', '第一节 适用范围', '本规程适用于供水管网。', '一、基本要求', '（一）材料', '材料应有合格证。',
      '第三章 设备安装', '3.2 阀门', '3.2.1安装要求', '阀门应水平安装。',
    )))).toEqual([
      'H1 第一章 总则', 'H2 第一节 适用范围', '本规程适用于供水管网。', 'H3 一、基本要求', 'H4 （一）材料', '材料应有合格证。',
      'H1 第三章 设备安装', 'H2 3.2 阀门', 'H3 3.2.1安装要求', '阀门应水平安装。',
    ]);
  });

  it('puts 一、 on top in a document without chapters, and decimals by their parts', () => {
    expect(outline(headingsByNumbering(paragraphs('一、工作目标', '（二）重点任务', '正文。')))).toEqual(['H1 一、工作目标', 'H2 （二）重点任务', '正文。']);
    expect(outline(headingsByNumbering(paragraphs('1.1 概述', '1.1.2 术语', '正文。')))).toEqual(['H1 1.1 概述', 'H2 1.1.2 术语', '正文。']);
  });

  it('leaves sentences, list steps, long lines, numbers with units and table rows as they are', () => {
    const kept = paragraphs(
      '一、各单位应于月底前报送材料。', '1. 检查法兰', '（1）紧固螺栓', '2.5 MPa', '1.5米以上', '2.5 兆帕', `第二章 ${'很长的标题'.repeat(10)}`, '第十一章 附则。附则说明',
    );
    const row: TextBlock = { kind: 'row', text: '3.2 阀门', at: {} };
    expect(headingsByNumbering([...kept, row])).toEqual([...kept, row]);
  });
});
