import { describe, expect, it } from 'vitest';
import type { GrantFunction } from '../../../../contract/api';
import { checkedOf, countChecked, filterGrantTree, grantsBody, indexTrees, sectionTree, toggle } from './grant-tree';

const fn = (id: number, name: string, path: string, type: number, extra: Partial<GrantFunction> = {}): GrantFunction => ({
  id, name, path, type, hidden: false, buttons: [], children: [], ...extra,
});

const FUNCTIONS: GrantFunction[] = [
  fn(1, '知识库', '/knowledgeBase', 1, {
    buttons: [{ id: 11, code: 'add', name: '新增' }, { id: 12, code: 'edit', name: '编辑' }],
    children: [fn(2, '文档列表', '/knowledgeList', 1, { hidden: true, buttons: [{ id: 21, code: 'upload', name: '上传文档' }] })],
  }),
  fn(3, '智能问答', '/chatWindow', 1),
  fn(6, '系统管理', '/sysMgr', 2, { children: [fn(7, '角色管理', '/sysMgr/roleMgr', 2, { buttons: [{ id: 71, code: 'grant', name: '授权' }] })] }),
];

const business = sectionTree(FUNCTIONS, 1);
const index = indexTrees([...business, ...sectionTree(FUNCTIONS, 2)]);

describe('grant tree', () => {
  it('splits the functions by type, with buttons as leaves before child functions', () => {
    expect(business.map((n) => n.key)).toEqual(['f1', 'f3']);
    expect(business[0].children.map((n) => `${n.kind}:${n.title}`)).toEqual(['button:新增', 'button:编辑', 'function:文档列表']);
    expect(sectionTree(FUNCTIONS, 2).map((n) => n.title)).toEqual(['系统管理']);
  });

  it('ticking a button ticks its function and that function’s parents', () => {
    const next = toggle(new Set(), 'b21', true, index);
    expect([...next].sort()).toEqual(['b21', 'f1', 'f2']);
    expect(grantsBody(next)).toEqual({ functionIds: [1, 2], buttonIds: [21] });
  });

  it('ticking a function grants everything below it; unticking clears it all, the parent stays', () => {
    const all = toggle(new Set(), 'f1', true, index);
    expect(grantsBody(all)).toEqual({ functionIds: [1, 2], buttonIds: [11, 12, 21] });
    const withoutList = toggle(all, 'f2', false, index);
    expect(grantsBody(withoutList)).toEqual({ functionIds: [1], buttonIds: [11, 12] });
  });

  it('keeps a function granted without buttons', () => {
    const onlyFunction = toggle(toggle(toggle(new Set(), 'f3', true, index), 'f1', true, index), 'b11', false, index);
    expect(grantsBody(onlyFunction)).toEqual({ functionIds: [1, 2, 3], buttonIds: [12, 21] });
    expect(countChecked(business, onlyFunction)).toEqual({ functions: 3, buttons: 2 });
  });

  it('starts from what the role holds', () => {
    expect([...checkedOf({ functionIds: [3], buttonIds: [11] })]).toEqual(['f3', 'b11']);
  });

  it('filters by name or path, keeping ancestors and everything below a matched function', () => {
    expect(filterGrantTree(business, '上传').map((n) => n.children.map((c) => c.children.map((b) => b.title)))).toEqual([[['上传文档']]]);
    expect(filterGrantTree(business, '/chat').map((n) => n.title)).toEqual(['智能问答']);
    expect(filterGrantTree(business, '知识库')[0].children).toHaveLength(3);
    expect(filterGrantTree(business, '')).toBe(business);
  });
});
