import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAntd } from '../_shared/test-utils';
import { LazyDropdown } from './LazyDropdown';

const items = [
  { key: 'profile', label: '个人中心' },
  { key: 'logout', label: '退出登录' },
];

describe('LazyDropdown', () => {
  it('draws its trigger at once; Enter on the focused button before the code arrived opens the menu, the focus stays', async () => {
    const onClick = vi.fn();
    const { user } = renderAntd(
      <LazyDropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onClick(key) }}>
        <button type="button" data-testid="user-menu">用户</button>
      </LazyDropdown>,
    );
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    await user.tab();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: '退出登录' });
    // The button drawn anew inside antd's Dropdown has the focus back.
    expect(screen.getByTestId('user-menu')).toHaveFocus();
    await user.click(item);
    expect(onClick).toHaveBeenCalledWith('logout');
  });

  it('opens from a click, and keeps the trigger\'s own handlers', async () => {
    const own = vi.fn();
    const { user } = renderAntd(
      <LazyDropdown trigger={['click']} menu={{ items }}>
        <button type="button" onClick={own}>用户</button>
      </LazyDropdown>,
    );
    await user.click(screen.getByRole('button', { name: '用户' }));
    expect(await screen.findByRole('menuitem', { name: '个人中心' })).toBeInTheDocument();
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('opens a context menu instead of the browser\'s, and not on a click', async () => {
    const own = vi.fn();
    const { user } = renderAntd(
      <LazyDropdown trigger={['contextMenu']} menu={{ items }}>
        <div onClick={own}>标签</div>
      </LazyDropdown>,
    );
    await user.click(screen.getByText('标签'));
    expect(own).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
    const shown = fireEvent.contextMenu(screen.getByText('标签'));
    expect(shown).toBe(false);
    expect(await screen.findByRole('menuitem', { name: '退出登录' })).toBeInTheDocument();
  });
});
