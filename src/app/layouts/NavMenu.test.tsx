import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAntd } from '../../components/_shared/test-utils';
import { NavMenu } from './NavMenu';

const items = [
  { key: '/chatWindow', icon: <span>i</span>, label: '智能问答' },
  { key: '/knowledgeBase', icon: <span>i</span>, label: '知识库' },
  { key: '/sqlBase', icon: <span>i</span>, label: '数据库' },
];

describe('NavMenu', () => {
  it('marks the selected entry, opens an entry on click, and moves along the entries with the keyboard', async () => {
    const onSelect = vi.fn();
    const { user } = renderAntd(<NavMenu items={items} selectedKey="/knowledgeBase" collapsed={false} onSelect={onSelect} />);
    const entries = screen.getAllByRole('menuitem');
    expect(entries.map((e) => e.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(entries.map((e) => e.tabIndex)).toEqual([-1, 0, -1]);
    await user.click(screen.getByText('数据库'));
    expect(onSelect).toHaveBeenLastCalledWith('/sqlBase');
    act(() => entries[1].focus());
    await user.keyboard('{ArrowUp}');
    expect(entries[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(entries[2]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('/sqlBase');
    await user.keyboard('{Home}{ }');
    expect(onSelect).toHaveBeenLastCalledWith('/chatWindow');
  });

  it('collapsed, shows the icons and an entry\'s label in a tooltip on hover', async () => {
    const { user } = renderAntd(<NavMenu items={items} selectedKey="/knowledgeBase" collapsed onSelect={() => {}} />);
    await user.hover(screen.getAllByRole('menuitem')[2]);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('数据库');
  });
});
