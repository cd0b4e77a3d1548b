import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, USER_PATHS } from '../../../../contract/api/runtime';
import { WAIT, open, rowOf, secadmin, table, userServer, installUserServerHooks } from './user-test-server';

installUserServerHooks();

describe('人员管理：账号操作与导入', { timeout: 120_000 }, () => {
  it('resets a password after confirmation and disables a user', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(rowOf('张伟')).getByRole('button', { name: '重置密码' }));
    await u.click(await screen.findByRole('button', { name: '确认重置' }, WAIT));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('NewPass-8kLwZ3aQ');
    expect(writes.at(-1)).toMatchObject({ method: 'POST', url: '/api/sysMgr/users/3/reset-password' });
    await u.click(screen.getByRole('button', { name: '我已记下密码' }));
    await u.click(within(rowOf('张伟')).getByRole('button', { name: /停\s*用/ }));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }, WAIT));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/sysMgr/users/3/disable-status' }), WAIT);
    expect(await within(rowOf('张伟')).findByRole('button', { name: /启\s*用/ }, WAIT)).toBeInTheDocument();
  });

  it('imports: checks every row first, then imports and lists the one-time passwords', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await u.upload(input, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'people.xlsx'));
    expect(await within(dialog).findByText(/已选择：people\.xlsx/, {}, WAIT)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '检查文件' }));
    expect(await within(dialog).findByText('共 2 行，全部可以导入', {}, WAIT)).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({ method: 'POST', url: USER_PATHS.import, body: { dryRun: 'true', file: 'people.xlsx' } });
    expect(within(dialog).getByText('（根部门）')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '确认导入 2 人' }));
    expect(await within(dialog).findByText('PassB-123456789b', {}, WAIT)).toBeInTheDocument();
    expect(writes.at(-1)?.body).toEqual({ dryRun: 'false', file: 'people.xlsx' });
  });

  it('lists every row’s problems and offers no import while any row has one', async () => {
    userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await u.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'bad.xlsx'));
    await u.click(await within(dialog).findByRole('button', { name: '检查文件' }, WAIT));
    expect(await within(dialog).findByText('共 2 行，1 行有问题，请修改文件后重新选择并检查', {}, WAIT)).toBeInTheDocument();
    expect(within(dialog).getByText('部门「火星部」不存在')).toBeInTheDocument();
    expect(within(dialog).getByText('可导入')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^确认导入/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '检查文件' })).toBeInTheDocument();
  });

  it('refuses a file over the size limit before sending it', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await u.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'people.xlsx'));
    expect(await screen.findByText('文件过大，不能超过 5 MB', {}, WAIT)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '检查文件' }));
    expect(await within(dialog).findByText('请先选择要导入的文件', {}, WAIT)).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('the system administrator lifts only the security administrator\'s lock, so that no system account waits one out (D24)', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    expect(within(rowOf('李娜')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('李娜')).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument();
    expect(within(rowOf('安全保密管理员')).getByText('系统账号')).toBeInTheDocument();
    await u.click(within(rowOf('安全保密管理员')).getByRole('button', { name: '解锁' }));
    await u.click(await screen.findByRole('button', { name: '确认解锁' }, WAIT));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', url: ACCOUNT_PATHS.unlockUser, body: { userId: -2 } }), WAIT);
    await waitFor(() => expect(within(rowOf('安全保密管理员')).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument(), WAIT);
  });

  it('the security administrator sets clearances and unlocks, and cannot add, edit, delete or import', async () => {
    const { writes } = userServer(secadmin);
    const { user: u } = await open(secadmin);
    expect(within(table()).queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
    expect(within(table()).queryByText('2 / 100')).not.toBeInTheDocument();
    expect(within(rowOf('系统管理员')).queryByRole('button', { name: '设置密级' })).not.toBeInTheDocument();
    expect(within(rowOf('系统管理员')).getByText('系统账号')).toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument();

    await u.click(within(rowOf('张伟')).getByRole('button', { name: '设置密级' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await u.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await u.click(await screen.findByTitle('秘密', {}, WAIT));
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', url: '/api/sysMgr/users/3/clearance', body: { clearance: 'secret' } }), WAIT);
    expect(await screen.findByText('已将「张伟」的密级设为秘密', {}, WAIT)).toBeInTheDocument();

    expect(within(rowOf('安全保密管理员')).getByRole('button', { name: '解锁' })).toBeInTheDocument();
    await u.click(within(rowOf('李娜')).getByRole('button', { name: '解锁' }));
    await u.click(await screen.findByRole('button', { name: '确认解锁' }, WAIT));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', url: ACCOUNT_PATHS.unlockUser, body: { userId: 4 } }), WAIT);
    await waitFor(() => expect(within(rowOf('李娜')).queryByText('已锁定')).not.toBeInTheDocument(), WAIT);
  });
});
