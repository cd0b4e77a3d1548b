import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { setToken, setUserInfo } from '../../lib/storage';
import { readPref } from '../../lib/ui-prefs';
import { usePageTabTitle, usePollingInterval } from './page-tab-context';
import { PageTabs } from './PageTabs';

const TITLES: Record<string, string> = { '/home': '首页', '/a': '甲页', '/b': '乙页', '/c': '丙页' };
const resolve = (key: string) => TITLES[key.split('?')[0]];
const home = { key: '/home', title: '首页' };

/** A page with unsent text and the location it sees. */
function Page({ name }: { name: string }) {
  const [text, setText] = useState('');
  const { pathname, search } = useLocation();
  usePageTabTitle(search ? `${name}${search}` : undefined);
  const polling = usePollingInterval(5000);
  return (
    <div>
      <span data-testid={`polling-${name}`}>{polling}</span>
      <input aria-label={`${name}输入`} value={text} onChange={(e) => setText(e.target.value)} />
      <span data-testid={`seen-${name}`}>{pathname + search}</span>
    </div>
  );
}

function renderTabs(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <PageTabs scope="home" home={home} resolve={resolve} />,
        children: ['home', 'a', 'b', 'c'].map((p) => ({ path: `/${p}`, element: <Page name={p} /> })),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view, user: userEvent.setup() };
}

const tabTitles = () => screen.getAllByTestId('page-tab').map((t) => t.textContent);
const go = (router: ReturnType<typeof renderTabs>['router'], to: string) => act(() => router.navigate(to));

describe('PageTabs', () => {
  it('opens each page as a tab, keeps each page mounted with its own location and text, and activates open tabs', async () => {
    setUserInfo({ id: 7, username: 'demo', fullName: '演示', deptId: 1, roles: [] } as never);
    const { router, user } = renderTabs('/a');
    await user.type(await screen.findByLabelText('a输入'), '没发出去的话');
    await go(router, '/b');
    await go(router, '/c?id=5');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '甲页', '乙页', 'c?id=5']));
    // The hidden page still holds its text and sees the address it was opened at.
    expect(screen.getByTestId('seen-a')).toHaveTextContent('/a');
    await user.click(screen.getByText('甲页'));
    expect(router.state.location.pathname).toBe('/a');
    expect(screen.getByLabelText('a输入')).toHaveValue('没发出去的话');
    // A second navigation to an open page activates it, no second tab.
    await go(router, '/b');
    await go(router, '/a');
    expect(tabTitles()).toEqual(['首页', '甲页', '乙页', 'c?id=5']);
    expect(screen.getByLabelText('a输入')).toHaveValue('没发出去的话');
    // A page writing its state into the query (chat's open dialogue) stays one tab and keeps its state.
    await go(router, '/a?conv=9');
    expect(tabTitles()).toHaveLength(4);
    expect(screen.getByLabelText('a输入')).toHaveValue('没发出去的话');
    await go(router, '/b');
    // (The test page names its tab after its query, as chat names it after the dialogue.)
    await user.click(await screen.findByText('a?conv=9'));
    expect(router.state.location.search).toBe('?conv=9');
    expect(readPref('pageTabs.home', [], Array.isArray)).toHaveLength(4);
    // Without a name of its own (no dialogue open) the tab has its route's title again.
    await go(router, '/a');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '甲页', '乙页', 'c?id=5']));
  });

  it('pauses the polling of pages in hidden tabs and of a hidden window, and resumes it when shown', async () => {
    // Signed in: without a session nothing polls at all (D92).
    setToken('t-lina');
    setUserInfo({ id: 9, username: 'lina', fullName: '李娜', deptId: 1, roles: [] } as never);
    const { router, user } = renderTabs('/a');
    await screen.findByLabelText('a输入');
    expect(screen.getByTestId('polling-a')).toHaveTextContent('5000');
    await go(router, '/b');
    // The hidden page stays mounted but its polling interval is 0 (RTK Query stops polling).
    await waitFor(() => expect(screen.getByTestId('polling-a')).toHaveTextContent(/^0$/));
    expect(screen.getByTestId('polling-b')).toHaveTextContent('5000');
    // A hidden window pauses the shown page too.
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByTestId('polling-b')).toHaveTextContent(/^0$/);
    state.mockRestore();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByTestId('polling-b')).toHaveTextContent('5000');
    await user.click(screen.getByText('甲页'));
    await waitFor(() => expect(screen.getByTestId('polling-a')).toHaveTextContent('5000'));
    expect(screen.getByTestId('polling-b')).toHaveTextContent(/^0$/);
  });

  it('closes with × (to the neighbour) and from the context menu; home stays; 刷新 remounts the page', async () => {
    setUserInfo({ id: 8, username: 'staff', fullName: '员工', deptId: 1, roles: [] } as never);
    const { router, user } = renderTabs('/a');
    await screen.findByLabelText('a输入');
    await go(router, '/b');
    await go(router, '/c');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '甲页', '乙页', '丙页']));
    // × on the active 丙页: its left neighbour 乙页 is shown.
    await user.click(screen.getByRole('button', { name: '关闭丙页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b'));
    expect(tabTitles()).toEqual(['首页', '甲页', '乙页']);
    expect(screen.queryByLabelText('c输入')).not.toBeInTheDocument();
    // 刷新 from the function area clears the active page's state.
    await user.type(screen.getByLabelText('b输入'), 'x');
    await user.click(within(screen.getByTestId('tab-functions')).getByRole('button', { name: '重新载入当前页' }));
    expect(screen.getByLabelText('b输入')).toHaveValue('');
    // 关闭其他 on 甲页 keeps 首页 and 甲页 and shows 甲页.
    fireEvent.contextMenu(screen.getByText('甲页'));
    await user.click(await screen.findByText('关闭其他'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(tabTitles()).toEqual(['首页', '甲页']);
    // 关闭全部 leaves home, which has no ×.
    fireEvent.contextMenu(screen.getByText('甲页'));
    const menus = await screen.findAllByText('关闭全部');
    await user.click(menus.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(tabTitles()).toEqual(['首页']);
    expect(screen.queryByRole('button', { name: '关闭首页' })).not.toBeInTheDocument();
  });

  it('is a tab list: the active tab selected and focusable, arrows move along it, Enter shows, Delete closes', async () => {
    setUserInfo({ id: 10, username: 'kb', fullName: '键盘', deptId: 1, roles: [] } as never);
    const { router, user } = renderTabs('/a');
    await screen.findByLabelText('a输入');
    await go(router, '/b');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '甲页', '乙页']));
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    act(() => tabs[2].focus());
    await user.keyboard('{ArrowLeft}');
    expect(tabs[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '乙页' })).toHaveFocus();
    // The tab drawn anew once the context menu's code has arrived keeps the focus.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('tab', { name: '乙页' })).toHaveFocus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '甲页']));
    // Home cannot be closed.
    act(() => screen.getByRole('tab', { name: '首页' }).focus());
    await user.keyboard('{Delete}');
    expect(tabTitles()).toEqual(['首页', '甲页']);
  });

  it('restores the same user\'s tabs after a reload, without pages the user may no longer open', async () => {
    setUserInfo({ id: 9, username: 'lina', fullName: '李娜', deptId: 1, roles: [] } as never);
    localStorage.setItem('uiPrefs:9', JSON.stringify({ 'pageTabs.home': [home, { key: '/b', title: '乙页' }, { key: '/gone', title: '旧页' }] }));
    const { router } = renderTabs('/a');
    await screen.findByLabelText('a输入');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '乙页', '甲页']));
    // A restored tab's page mounts when it is first shown.
    expect(screen.queryByLabelText('b输入')).not.toBeInTheDocument();
    await go(router, '/b');
    expect(await screen.findByLabelText('b输入')).toBeInTheDocument();
  });
});
