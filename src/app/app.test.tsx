import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, KNOWLEDGE_PATHS, USER_PATHS } from '../../contract/api/runtime';
import { getToken } from '../lib/storage';
import { installFakeServer } from '../test/fake-adapter';
import { aiOk, ok, strategy, tokenReply, userDetail } from '../test/factories';
import { fakeLoginKey } from '../test/login-key';
import { renderApp, renderSignedIn } from '../test/render-app';
import { fakeNotifier } from '../test/fake-notifier';
import { notify, setNotifier } from '../lib/notify';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const sysadmin = userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr/index', '/sysMgr/userMgr', '/sysMgr/deptMgr'],
  allBtn: {},
});

function serveDetail(detail = userDetail()) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(detail),
    [`POST ${AUTH_PATHS.logout}`]: ok(null),
  });
  restore = server.restore;
  return server;
}

describe('app shell', () => {
  // First: a refusal toast of an earlier test (shown before the app's holder mounts) would still be on screen.
  it('opens the sign-in page quietly on a first visit to the bare address, without React Router warnings', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { router } = renderApp('/');
    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('登录信息无效，请重新登录')).not.toBeInTheDocument();
    const routerWarnings = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('does not have an element'));
    expect(routerWarnings).toEqual([]);
    warn.mockRestore();
  });

  it('refuses a deep link without a token with 登录信息无效，请重新登录 and keeps it as the redirect', async () => {
    const { router } = renderApp('/profile');
    expect(await screen.findByText('登录信息无效，请重新登录')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
  });

  it('after a deep link and signing in, the 登录信息无效 toast is closed on the page the user lands on', async () => {
    const server = installFakeServer({
      ...(await fakeLoginKey()).routes,
      [`GET ${AUTH_PATHS.token}`]: tokenReply(),
      [`POST ${AUTH_PATHS.validate}`]: ok(strategy()),
      [`GET ${AUTH_PATHS.userDetail}`]: ok(userDetail()),
    });
    const dismiss = vi.fn();
    const { router, user } = renderApp('/profile');
    // The app's own toast holder is in place by now; record from here on.
    const toasts = fakeNotifier();
    const restoreDismiss = setNotifier({ ...toasts, dismiss });
    restore = () => {
      restoreDismiss();
      toasts.restore();
      server.restore();
    };
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'demo');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Demo#2026pass');
    expect(dismiss).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(dismiss).toHaveBeenCalledWith('guard');
  });

  it('closes a real toast asked for before the app\'s holder was drawn', async () => {
    renderApp('/profile');
    expect(await screen.findByText('登录信息无效，请重新登录')).toBeInTheDocument();
    act(() => notify().dismiss?.('guard'));
    await waitFor(() => expect(screen.queryByText('登录信息无效，请重新登录')).not.toBeInTheDocument(), { timeout: 2500 });
  });

  it('sends / to /Transit, which greets the user and lists the areas', async () => {
    serveDetail();
    const { router } = renderSignedIn('/', userDetail());
    await waitFor(() => expect(router.state.location.pathname).toBe('/Transit'));
    const welcome = await screen.findByTestId('welcome-card');
    expect(welcome).toHaveTextContent('演示用户');
    expect(await within(welcome).findByText('秘密')).toBeInTheDocument();
    expect(within(welcome).getByText('研发人员')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '个人中心' })).toBeInTheDocument();
  });

  it('opens 个人中心 in the home layout with the side menu', async () => {
    serveDetail();
    renderSignedIn('/profile', userDetail());
    expect(await screen.findByTestId('profile-clearance')).toHaveTextContent('秘密');
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).getByText('个人中心')).toBeInTheDocument();
    expect(screen.getByText('部门')).toBeInTheDocument();
    expect(screen.getByText('研发中心')).toBeInTheDocument();
    expect(screen.queryByText('部门编号')).not.toBeInTheDocument();
  });

  it('remembers the collapsed side menu across reloads', async () => {
    serveDetail();
    const first = renderSignedIn('/profile', userDetail());
    await first.user.click(await screen.findByRole('button', { name: '收起菜单' }));
    expect(await screen.findByRole('button', { name: '展开菜单' })).toBeInTheDocument();
    cleanup();
    renderApp('/profile');
    expect(await screen.findByRole('button', { name: '展开菜单' })).toBeInTheDocument();
  });

  it('logs out from the user menu: server told, storage cleared, /login', async () => {
    const server = serveDetail();
    const { router, user } = renderSignedIn('/Transit', userDetail());
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    await waitFor(() => expect(server.calls.some((c) => c.url === AUTH_PATHS.logout)).toBe(true));
    const call = server.calls.find((c) => c.url === AUTH_PATHS.logout)!;
    expect(JSON.parse(call.data as string)).toEqual({ username: 'demo', reason: 'user' });
  });

  it('lands a system account on /sysMgr/index with its role, duties and the 机密 label', async () => {
    const { router } = renderSignedIn('/Transit', sysadmin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sysMgr/index'));
    expect(await screen.findByTestId('sysmgr-role')).toHaveTextContent('系统管理员');
    expect(screen.getByTestId('secrecy-label')).toHaveTextContent('机密');
    expect(screen.getAllByText('人员管理').length).toBeGreaterThan(0);
    expect(screen.getByText('管理部门与组织机构')).toBeInTheDocument();
  });

  it('keeps a system account inside /sysMgr when navigations overtake each other', async () => {
    const { router } = renderSignedIn('/sysMgr/index', sysadmin);
    await screen.findByTestId('sysmgr-role');
    // Each navigation starts before the previous one's lazy routes have loaded.
    await act(async () => {
      await Promise.all(['/Transit', '/profile', '/chatWindow', '/'].map((to) => router.navigate(to)));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sysMgr/index'));
  });

  it('shows the not-found page for an unknown path, with a way back', async () => {
    renderSignedIn('/no-such-page', userDetail());
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
  });
});

describe('pages decided from the granted functions before rendering (D27)', () => {
  const auditadmin = userDetail({
    user: { id: -3, fullName: '安全审计员', username: 'auditadmin', deptId: -2, roles: [] },
    roles: [],
    allFunc: ['/sysMgr/index', '/sysMgr/logMgr'],
    allBtn: {},
  });

  it.each([
    ['安全审计员', '/sysMgr/userMgr', auditadmin],
    ['系统管理员', '/sysMgr/logMgr', sysadmin],
    ['系统管理员', '/sysMgr/roleMgr', sysadmin],
  ])('%s opening %s by address lands on /sysMgr/index with 无权访问该页面, still signed in, no call made', async (_name, path, detail) => {
    const server = serveDetail(detail);
    const { router } = renderSignedIn(path, detail);
    // The notice shows for 3 s from the refusal, and the landing page may take longer to load cold: looked for first.
    expect(await screen.findByText('无权访问该页面')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sysMgr/index'));
    expect(await screen.findByTestId('sysmgr-role')).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
    expect(server.calls.some((c) => (c.url ?? '').startsWith(USER_PATHS.list) || (c.url ?? '').startsWith('/api/sysMgr/log'))).toBe(false);
  });

  it('a user without a role opens 知识库 and 智能问答 from the otherFunc defaults and stays signed in', async () => {
    const newcomer = userDetail({ roles: [], allFunc: [], allBtn: {} });
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(newcomer),
      [`POST ${KNOWLEDGE_PATHS.spaceList}`]: aiOk([]),
    });
    restore = server.restore;
    const { router, user } = renderSignedIn('/Transit', newcomer);
    await user.click(await screen.findByRole('link', { name: /知识库/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledgeBase'));
    await waitFor(() => expect(server.calls.some((c) => c.url === KNOWLEDGE_PATHS.spaceList)).toBe(true));
    expect(screen.queryByText('无权访问该页面')).not.toBeInTheDocument();
    expect(getToken()).not.toBeNull();
    await act(async () => router.navigate('/chatWindow'));
    expect(router.state.location.pathname).toBe('/chatWindow');
    expect(getToken()).not.toBeNull();
  });
});

describe('sessions across tabs', () => {
  it('sends the page to /login when another tab signs out', async () => {
    serveDetail();
    const { router } = renderSignedIn('/profile', userDetail());
    await screen.findByTestId('profile-clearance');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
  });
});
