import { describe, expect, it } from 'vitest';
import { chunkBlocks, positionOf } from './chunk-blocks';
import type { TextBlock } from './formats/types';

const p = (text: string, page?: number): TextBlock => ({ kind: 'paragraph', text, at: page === undefined ? {} : { page } });
const h = (text: string, level: number): TextBlock => ({ kind: 'heading', text, level, at: {} });

describe('chunks of blocks', () => {
  it('gives each chunk the headings above it, outermost first, a lower heading replacing its peers', () => {
    const chunks = chunkBlocks([
      h('第三章 安装', 1), h('3.1 准备', 2), p('检查管道。'), h('3.2 安装要求', 2), p('阀门应垂直安装。'), h('第四章 维护', 1), p('每年检修一次。'),
    ], { chunkSize: 200, chunkOverlap: 0 });
    expect(chunks.map((c) => [c.path, c.content])).toEqual([
      [['第三章 安装', '3.1 准备'], '检查管道。'],
      [['第三章 安装', '3.2 安装要求'], '阀门应垂直安装。'],
      [['第四章 维护'], '每年检修一次。'],
    ]);
  });

  it('keeps table rows whole, never in a chunk with another section, and says which rows of which sheet', () => {
    const row = (n: number): TextBlock => ({ kind: 'row', text: `型号: DN${n}；公称压力: ${n / 10} MPa`, at: { sheet: '参数', rows: [n, n] } });
    const chunks = chunkBlocks([{ kind: 'title', text: '【参数】', at: { sheet: '参数' } }, ...[2, 3, 4, 5, 6, 7].map(row)], { chunkSize: 70, chunkOverlap: 20 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.content.startsWith('【参数】\n')).toBe(true);
      for (const line of c.content.split('\n').slice(1)) expect(line).toMatch(/^型号: DN\d+；公称压力: [\d.]+ MPa$/);
      expect(c.position.sheet).toBe('参数');
    }
    expect(chunks[0].position.rows?.[0]).toBe(2);
    expect(chunks[chunks.length - 1].position.rows?.[1]).toBe(7);
  });

  it('places prose by the pages its text came from, a chunk running on saying its last page', () => {
    const long = '甲'.repeat(40) + '。';
    const chunks = chunkBlocks([p(long, 1), p(long, 2), p(long, 3)], { chunkSize: 90, chunkOverlap: 0 });
    expect(chunks.map((c) => c.position)).toEqual([{ page: 1, page_to: 2 }, { page: 3 }]);
  });

  it('keeps a slide together under its title, notes included, and a new slide starts a new chunk', () => {
    const chunks = chunkBlocks([
      { kind: 'title', text: '第 1 张幻灯片：选型', at: { slide: 1 } }, { kind: 'paragraph', text: '按通径选择', at: { slide: 1 } },
      { kind: 'notes', text: '备注：强调压力', at: { slide: 1 } }, { kind: 'title', text: '第 2 张幻灯片：总结', at: { slide: 2 } },
    ], { chunkSize: 500, chunkOverlap: 0 });
    expect(chunks).toEqual([
      { content: '第 1 张幻灯片：选型\n按通径选择\n\n备注：强调压力', path: [], position: { slide: 1 } },
      { content: '第 2 张幻灯片：总结', path: [], position: {} },
    ]);
  });

  it('keeps at most 32 boxes, each with its page', () => {
    const ats = Array.from({ length: 40 }, (_v, i) => ({ page: 1 + (i % 2), box: [i, 1, 2, 3] as [number, number, number, number] }));
    const position = positionOf(ats);
    expect(position.boxes).toHaveLength(32);
    expect(position.boxes?.[1]).toEqual([2, 1, 1, 2, 3]);
  });
});
