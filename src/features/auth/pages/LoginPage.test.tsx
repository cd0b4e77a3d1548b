import { screen, waitFor, within } from '@testing-library/react';
import { render } from '../../../test/render';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AUTH_PATHS } from '../../../../contract/api/runtime';
import { getToken, getUserInfo, getAllFunc } from '../../../lib/storage';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../../test/fake-adapter';
import { ok, strategy, tokenReply, userDetail } from '../../../test/factories';
import { fakeLoginKey, type FakeLoginKey } from '../../../test/login-key';
import { LoginPage } from './LoginPage';

let restore: (() => void) | undefined;
afterEach(() => restore?.());
let loginKey: FakeLoginKey;
beforeAll(async () => {
  loginKey = await fakeLoginKey();
});

function serve(routes: Record<string, FakeHandler | FakeReply>) {
  const server = installFakeServer({ ...loginKey.routes, ...routes });
  restore = server.restore;
  return server;
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/profile', element: <p>个人中心页</p> },
      { path: '/', element: <p>首页</p> },
      { path: '/sysMgr', element: <p>系统管理页</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return { router, user: userEvent.setup() };
}

async function submit(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(screen.getByPlaceholderText('请输入用户名'), username);
  await user.type(screen.getByPlaceholderText('请输入密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

const signInRoutes = (detail = userDetail()) => ({
  [`GET ${AUTH_PATHS.token}`]: tokenReply(),
  [`POST ${AUTH_PATHS.validate}`]: ok(strategy()),
  [`GET ${AUTH_PATHS.userDetail}`]: ok(detail),
});

describe('login page', () => {
  it('signs in, stores the session and goes to the redirect target', async () => {
    const server = serve(signInRoutes());
    const { router, user } = renderLogin('/login?redirect=%2Fprofile');
    await submit(user, 'demo', 'Demo#2026pass');
    await screen.findByText('个人中心页');
    expect(router.state.location.pathname).toBe('/profile');
    expect(getToken()).toBe('tok-1');
    expect(getUserInfo()?.username).toBe('demo');
    expect(getAllFunc()).toEqual(['/knowledgeBase']);
    expect(server.calls[0].url).toBe(AUTH_PATHS.loginKey);
    const tokenCall = server.calls[1];
    expect(tokenCall.params).toEqual({ grant_type: 'password', username: 'demo', password: expect.stringMatching(/^enc1:rsa:/) });
    const detailCall = server.calls.find((c) => c.url === AUTH_PATHS.userDetail)!;
    expect(detailCall.headers.get('Authorization')).toBe('Bearer tok-1');
    expect((detailCall.params as { visitorId: string }).visitorId).toMatch(/^[0-9a-f]{14}$/);
  });

  it('never puts the typed password in the sign-in request: it goes encrypted with a fresh nonce (D91)', async () => {
    const server = serve(signInRoutes());
    const { user } = renderLogin('/login?redirect=%2Fprofile');
    await submit(user, 'demo', 'Demo#2026pass');
    await screen.findByText('个人中心页');
    const token = server.calls.find((c) => c.url.includes(AUTH_PATHS.token))!;
    const sent = JSON.stringify({ url: token.url, params: token.params, data: token.data });
    expect(sent).not.toContain('Demo#2026pass');
    expect(sent).not.toContain(encodeURIComponent('Demo#2026pass'));
    const password = (token.params as Record<string, string>).password;
    expect(password).toMatch(/^enc1:rsa:/);
    expect(await loginKey.open(password)).toMatchObject({ p: 'Demo#2026pass', u: 'demo', f: 'password', n: expect.stringMatching(/^nonce-\d+$/) });
  });

  it('sends a system account without a redirect to /sysMgr', async () => {
    serve(signInRoutes(userDetail({ user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] } })));
    const { router, user } = renderLogin();
    await submit(user, 'sysadmin', 'Admin#2026pass');
    await screen.findByText('系统管理页');
    expect(router.state.location.pathname).toBe('/sysMgr');
  });

  it('never follows a redirect outside the app', async () => {
    serve(signInRoutes());
    const { router, user } = renderLogin('/login?redirect=https%3A%2F%2Fevil.example');
    await submit(user, 'demo', 'Demo#2026pass');
    await screen.findByText('首页');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows 用户名或密码错误，请重新输入 for a wrong password and keeps no token', async () => {
    serve({
      [`GET ${AUTH_PATHS.token}`]: { status: 400, data: { error: 'invalid_grant', error_description: 'Access token denied' } },
    });
    const { router, user } = renderLogin();
    await submit(user, 'demo', 'wrong-password');
    expect(await screen.findByText('用户名或密码错误，请重新输入')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('shows the unlock time of a locked account', async () => {
    const lockedUntil = new Date(2026, 2, 2, 9, 45).toISOString();
    serve({
      [`GET ${AUTH_PATHS.token}`]: {
        status: 400,
        data: { error: 'invalid_grant', error_description: 'Account locked', lockedUntil },
      },
    });
    const { user } = renderLogin();
    await submit(user, 'demo', 'whatever1');
    expect(await screen.findByText('登录失败：账号已锁定，请于 09:45 后重试或联系安全保密管理员')).toBeVisible();
  });

  it('shows 登录失败 for any other failure', async () => {
    serve({ [`GET ${AUTH_PATHS.token}`]: { status: 500, data: { code: 500, message: '内部错误', results: null } } });
    const { user } = renderLogin();
    await submit(user, 'demo', 'whatever1');
    expect(await screen.findByText('登录失败')).toBeVisible();
  });

  it('asks for 用户名 and 密码 before calling the server', async () => {
    const server = serve({});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeVisible();
    expect(await screen.findByText('请输入密码')).toBeVisible();
    expect(server.calls).toHaveLength(0);
  });

  it('forces a password change before continuing when the account must change it', async () => {
    let tokens = 0;
    const server = serve({
      ...signInRoutes(),
      [`GET ${AUTH_PATHS.token}`]: () => tokenReply(`tok-${++tokens}`),
      [`POST ${AUTH_PATHS.validate}`]: ok(strategy({ mustChangePassword: true })),
      [`PUT ${AUTH_PATHS.password}`]: ok(null),
    });
    const { router, user } = renderLogin('/login?redirect=%2Fprofile');
    await submit(user, 'demo', 'Initial#pass1');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('修改初始密码');
    // The rules are beside the field before any attempt.
    expect(within(dialog).getByText('8–128 位；不能包含用户名，不能是常见密码，不能与原密码相同')).toBeInTheDocument();
    await user.type(screen.getByLabelText('原密码'), 'Initial#pass1');
    await user.type(screen.getByLabelText('新密码'), 'short');
    await user.type(screen.getByLabelText('确认新密码'), 'short');
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('新密码长度不能少于 8 位')).toBeVisible();
    expect(server.calls.some((c) => c.method === 'put')).toBe(false);

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'Brand#new2026');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'Brand#new2026');
    await user.click(screen.getByRole('button', { name: '确认修改' }));

    await screen.findByText('个人中心页');
    expect(router.state.location.pathname).toBe('/profile');
    const put = server.calls.find((c) => c.method === 'put')!;
    // Both passwords go encrypted for this account and field (D91), never in clear.
    expect(put.data as string).not.toMatch(/Initial#pass1|Brand#new2026/);
    const body = JSON.parse(put.data as string) as { oldPassword: string; newPassword: string };
    expect(await loginKey.open(body.oldPassword)).toMatchObject({ p: 'Initial#pass1', u: 'demo', f: 'oldPassword' });
    expect(await loginKey.open(body.newPassword)).toMatchObject({ p: 'Brand#new2026', u: 'demo', f: 'newPassword' });
    expect(getToken()).toBe('tok-2');
  });

  it('cancelling the forced change leaves the user signed out', async () => {
    serve({ ...signInRoutes(), [`POST ${AUTH_PATHS.validate}`]: ok(strategy({ mustChangePassword: true })) });
    const { router, user } = renderLogin();
    await submit(user, 'demo', 'Initial#pass1');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
  });
});
