import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api/runtime';
import { installFakeServer } from '../../test/fake-adapter';
import { ok, userDetail } from '../../test/factories';
import { fakeLoginKey } from '../../test/login-key';
import { renderSignedIn } from '../../test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('修改密码 on 个人中心', () => {
  it('sends both passwords encrypted for the account, never in clear (D91)', async () => {
    const key = await fakeLoginKey();
    const detail = userDetail();
    const server = installFakeServer({
      ...key.routes,
      [`GET ${AUTH_PATHS.userDetail}`]: ok(detail),
      [`PUT ${AUTH_PATHS.password}`]: ok(null),
    });
    restore = server.restore;
    const { user } = renderSignedIn('/profile', detail);
    await user.type(await screen.findByLabelText('原密码'), 'Old#secret2026');
    await user.type(screen.getByLabelText('新密码'), 'New#secret2030');
    await user.type(screen.getByLabelText('确认新密码'), 'New#secret2030');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('密码已修改，下次登录请使用新密码')).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'put')!;
    expect(put.data as string).not.toMatch(/Old#secret2026|New#secret2030/);
    const body = JSON.parse(put.data as string) as { oldPassword: string; newPassword: string };
    const username = detail.user.username;
    expect(await key.open(body.oldPassword)).toMatchObject({ p: 'Old#secret2026', u: username, f: 'oldPassword' });
    expect(await key.open(body.newPassword)).toMatchObject({ p: 'New#secret2030', u: username, f: 'newPassword' });
  });
});
