import { screen } from '@testing-library/react';
import { render } from '../../../test/render';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AUTH_PATHS } from '../../../../contract/api/runtime';
import { getToken, getUserInfo, setToken, setUserInfo } from '../../../lib/storage';
import { installFakeServer } from '../../../test/fake-adapter';
import { fakeNotifier } from '../../../test/fake-notifier';
import { ok, userDetail } from '../../../test/factories';
import { SubLoginPage } from './SubLoginPage';

let cleanup: Array<() => void> = [];
afterEach(() => {
  cleanup.forEach((f) => f());
  cleanup = [];
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/subLogin', element: <SubLoginPage /> },
      { path: '/login', element: <p>登录页</p> },
      { path: '/', element: <p>首页</p> },
      { path: '/profile', element: <p>个人中心页</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

describe('portal sign-in (/subLogin)', () => {
  it('validates the handed-over token with user-detail, stores it and goes on', async () => {
    const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: ok(userDetail()) });
    cleanup.push(server.restore);
    const router = renderAt('/subLogin?token=portal-1&redirect=%2Fprofile');
    await screen.findByText('个人中心页');
    expect(router.state.location.pathname).toBe('/profile');
    expect(getToken()).toBe('portal-1');
    expect(getUserInfo()?.username).toBe('demo');
    expect(server.calls[0].headers.get('Authorization')).toBe('Bearer portal-1');
    expect(server.calls[0].params).not.toHaveProperty('token');
  });

  it('sends a refused token back to /login with 登录信息无效，请重新登录', async () => {
    const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: { status: 401 } });
    const toasts = fakeNotifier();
    cleanup.push(server.restore, toasts.restore);
    const router = renderAt('/subLogin?token=stale');
    await screen.findByText('登录页');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith('登录信息无效，请重新登录', 5, 'sub-login');
  });

  it('without a token leaves a signed-in session alone and goes home', async () => {
    const server = installFakeServer({});
    const toasts = fakeNotifier();
    cleanup.push(server.restore, toasts.restore);
    setToken('open-session');
    setUserInfo(userDetail().user);
    const router = renderAt('/subLogin');
    await screen.findByText('首页');
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBe('open-session');
    expect(getUserInfo()?.username).toBe('demo');
    expect(toasts.error).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(0);
  });

  it('with another user’s session open, asks 是否切换为 … and keeps the open session when cancelled', async () => {
    const other = userDetail({ user: { ...userDetail().user, id: 77, username: 'zhangwei', fullName: '张伟' } });
    const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: ok(other) });
    cleanup.push(server.restore);
    setToken('open-session');
    setUserInfo(userDetail().user);
    const router = renderAt('/subLogin?token=portal-2');
    expect(await screen.findByText('是否切换为 张伟（zhangwei）？')).toBeInTheDocument();
    expect(getToken()).toBe('open-session');
    screen.getByRole('button', { name: /取\s*消/ }).click();
    await screen.findByText('首页');
    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBe('open-session');
    expect(getUserInfo()?.username).toBe('demo');
  });

  it('switches to the handed-over user only when asked to', async () => {
    const other = userDetail({ user: { ...userDetail().user, id: 77, username: 'zhangwei', fullName: '张伟' } });
    const server = installFakeServer({ [`GET ${AUTH_PATHS.userDetail}`]: ok(other) });
    cleanup.push(server.restore);
    setToken('open-session');
    setUserInfo(userDetail().user);
    renderAt('/subLogin?token=portal-2');
    (await screen.findByRole('button', { name: '切换用户' })).click();
    await screen.findByText('首页');
    expect(getToken()).toBe('portal-2');
    expect(getUserInfo()?.username).toBe('zhangwei');
  });

  it('without a token goes to /login', async () => {
    const toasts = fakeNotifier();
    cleanup.push(toasts.restore);
    renderAt('/subLogin');
    await screen.findByText('登录页');
  });
});
