import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAIT, fill, open, table, userServer, installUserServerHooks } from './user-test-server';

installUserServerHooks();

describe('人员管理：新增与编辑', { timeout: 120_000 }, () => {
  it('creates a user in the root department when none is picked', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await fill(u, within(dialog).getByPlaceholderText('字母开头，如 zhang.wei'), 'li.ming');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '李明');
    await fill(u, within(dialog).getByPlaceholderText('11 位手机号'), '13912345678');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('Xy7PqR2mN8kLwZ3a');
    expect(writes.at(-1)?.body).toMatchObject({ username: 'li.ming', fullName: '李明', deptId: -2, mobile: '13912345678' });
  });

  it('checks fields on the client and shows the server’s refusal beside the field', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('研发中心'));
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const name = within(dialog).getByPlaceholderText('字母开头，如 zhang.wei');
    await fill(u, within(dialog).getByPlaceholderText('11 位手机号'), '123');
    expect(await within(dialog).findByText('请输入正确的手机号码', {}, WAIT)).toBeInTheDocument();
    await u.clear(within(dialog).getByPlaceholderText('11 位手机号'));
    await fill(u, name, 'zhangwei');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '拒绝');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('用户名 zhangwei 已存在', {}, WAIT)).toBeInTheDocument();
    await u.clear(name);
    await fill(u, name, '9bad');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/用户名须以字母开头/, {}, WAIT)).toBeInTheDocument();
    await u.clear(name);
    await fill(u, name, 'li.ming');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'POST', body: { username: 'li.ming', fullName: '拒绝', deptId: 1 } }), WAIT);
    expect(await within(dialog).findByText('手机：请输入正确的手机号码', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('saves a new user in the picked department and shows its password with a copy button', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('研发中心'));
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await fill(u, within(dialog).getByPlaceholderText('字母开头，如 zhang.wei'), 'li.ming');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '李明');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('Xy7PqR2mN8kLwZ3a');
    expect(writes.at(-1)?.body).toEqual({ username: 'li.ming', fullName: '李明', deptId: 1, mobile: '', phone: '', email: '', position: '', remark: '' });
    expect(screen.getByRole('button', { name: /复\s*制/ })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '我已记下密码' }));
    expect(await within(table()).findByText('李明', {}, WAIT)).toBeInTheDocument();
  });
});
