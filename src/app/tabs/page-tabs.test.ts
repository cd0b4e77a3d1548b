import { describe, expect, it } from 'vitest';
import { closeTabs, MAX_TABS, openTab, restoreTabs, retitle, type PageTab } from './page-tabs';

const home: PageTab = { key: '/chatWindow', title: '智能问答' };
const a: PageTab = { key: '/knowledgeBase', title: '知识库' };
const b: PageTab = { key: '/knowledgeList?id=3', title: '文档列表' };
const c: PageTab = { key: '/profile', title: '个人中心' };
const all = [home, a, b, c];

describe('page tabs', () => {
  it('opens a page once: a duplicate navigation only activates (and may rename) its tab', () => {
    const tabs = openTab(openTab([home], a, home.key), b, home.key);
    expect(tabs.map((t) => t.key)).toEqual([home.key, a.key, b.key]);
    expect(openTab(tabs, a, home.key)).toBe(tabs);
    expect(openTab(tabs, { ...b, title: '制度汇编' }, home.key)[2].title).toBe('制度汇编');
    expect(retitle(tabs, a.key, '空间')[1].title).toBe('空间');
  });

  it('keeps at most MAX_TABS, dropping the oldest but never home', () => {
    let tabs = [home];
    for (let i = 0; i < MAX_TABS + 5; i += 1) tabs = openTab(tabs, { key: `/p${i}`, title: `p${i}` }, home.key);
    expect(tabs).toHaveLength(MAX_TABS);
    expect(tabs[0]).toBe(home);
    expect(tabs.at(-1)?.key).toBe(`/p${MAX_TABS + 4}`);
  });

  it('closing the active tab shows its right neighbour, or the left one at the end', () => {
    expect(closeTabs(all, 'self', a.key, a.key, home.key)).toEqual({ tabs: [home, b, c], active: b.key });
    expect(closeTabs(all, 'self', c.key, c.key, home.key)).toEqual({ tabs: [home, a, b], active: b.key });
    // Closing another tab leaves the active one.
    expect(closeTabs(all, 'self', a.key, c.key, home.key)).toEqual({ tabs: [home, b, c], active: c.key });
  });

  it('never closes the home tab', () => {
    expect(closeTabs(all, 'self', home.key, home.key, home.key).tabs).toEqual(all);
    expect(closeTabs(all, 'all', b.key, b.key, home.key)).toEqual({ tabs: [home], active: home.key });
    expect(closeTabs(all, 'others', b.key, a.key, home.key)).toEqual({ tabs: [home, b], active: b.key });
    expect(closeTabs(all, 'others', home.key, a.key, home.key)).toEqual({ tabs: [home], active: home.key });
  });

  it('关闭右侧 keeps the target and what is left of it', () => {
    expect(closeTabs(all, 'right', a.key, c.key, home.key)).toEqual({ tabs: [home, a], active: a.key });
    expect(closeTabs(all, 'right', a.key, home.key, home.key)).toEqual({ tabs: [home, a], active: home.key });
  });

  it('restores only pages the layout still resolves, each once, home first', () => {
    const resolve = (key: string) => ({ '/knowledgeBase': '知识库', '/profile': '个人中心' })[key.split('?')[0]];
    const stored = [a, { key: '/sqlBase', title: '数据库' }, a, { key: 3 }, null, c, home];
    expect(restoreTabs(stored, home, resolve)).toEqual([home, a, c]);
    expect(restoreTabs('junk', home, resolve)).toEqual([home]);
  });
});
