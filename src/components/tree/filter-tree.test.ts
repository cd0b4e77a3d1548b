import { filterTree, splitHighlight } from './filter-tree';
import type { KitTreeNode } from './types';

const n = (key: string, title: string, children?: KitTreeNode[]): KitTreeNode => ({ key, title, children });
const tree = [n('1', '总公司', [n('11', '研发部', [n('111', '前端组'), n('112', '后端组')]), n('12', '财务部')]), n('2', '子公司')];
const titles = (nodes: KitTreeNode[]): string[] => nodes.flatMap((x) => [x.title, ...titles(x.children ?? [])]);

describe('filterTree', () => {
  it('returns the tree untouched for empty text', () => expect(filterTree(tree, '  ')).toEqual({ nodes: tree, expandedKeys: [], matchCount: 0 }));
  it('keeps matches with their ancestors and expands the ancestors', () => {
    const r = filterTree(tree, '后端');
    expect(titles(r.nodes)).toEqual(['总公司', '研发部', '后端组']);
    expect(r.expandedKeys.sort()).toEqual(['1', '11']);
    expect(r.matchCount).toBe(1);
  });
  it('keeps the whole subtree of a matched node', () => {
    expect(titles(filterTree(tree, '研发').nodes)).toEqual(['总公司', '研发部', '前端组', '后端组']);
  });
  it('matches case-insensitively', () => expect(filterTree([n('a', 'Alpha')], 'ALP').matchCount).toBe(1));
  it('returns nothing when nothing matches', () => expect(filterTree(tree, '人事').nodes).toEqual([]));
});

describe('splitHighlight', () => {
  it('splits around the match', () => expect(splitHighlight('研发部', '发')).toEqual(['研', '发', '部']));
  it('keeps the original case', () => expect(splitHighlight('DevOps', 'ops')).toEqual(['Dev', 'Ops', '']));
  it('is null without a match', () => expect(splitHighlight('研发部', '财')).toBeNull());
});
