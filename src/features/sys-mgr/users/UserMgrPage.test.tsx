import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAIT, fill, open, rowOf, table, userServer, installUserServerHooks } from './user-test-server';

installUserServerHooks();

describe('人员管理', { timeout: 120_000 }, () => {
  it('lists users with the system account locked against edit and delete, and the licence for the system administrator', async () => {
    userServer();
    await open();
    const sys = rowOf('系统管理员');
    expect(within(sys).getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
    expect(within(sys).getByRole('button', { name: /删\s*除/ })).toBeDisabled();
    expect(within(rowOf('张伟')).getByRole('button', { name: /编\s*辑/ })).toBeEnabled();
    expect(within(table()).getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
    expect(within(table()).getByText('2 / 100')).toBeInTheDocument();
    expect(within(table()).getByText('到期：2031-06-30')).toBeInTheDocument();
    // Clearance is the security administrator's, and so is unlocking, but for the security administrator's own lock.
    expect(within(table()).queryByRole('button', { name: '设置密级' })).not.toBeInTheDocument();
    expect(within(rowOf('李娜')).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument();
    expect(within(rowOf('李娜')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('系统管理员')).getByText('系统账号')).toBeInTheDocument();
  });

  it('starts with the department tree collapsed on narrow screens', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    userServer();
    const { user: u } = await open();
    expect(screen.queryByRole('region', { name: '部门筛选' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByRole('region', { name: '部门筛选' }, WAIT)).toBeInTheDocument();
  });

  it('filters by the department picked in the tree and by the search bar (spec §3 filter)', async () => {
    const { listCalls } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('市场部'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ deptId: 4, page: 1 }), WAIT);
    await waitFor(() => expect(within(table()).queryByText('张伟')).not.toBeInTheDocument(), WAIT);
    await fill(u, screen.getByRole('textbox', { name: '关键字' }), '李');
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls().at(-1)?.filters).toBeDefined(), WAIT);
    const filters = JSON.parse(String(listCalls().at(-1)?.filters));
    expect(filters[0]).toMatchObject({ filterName: 'username', operation: 'Like', filterValue: '李' });
    expect(filters[0].childFilter.map((f: { filterName: string }) => f.filterName)).toEqual(['fullName', 'mobile', 'email']);
  });

  it('shows a user’s details read-only', async () => {
    userServer();
    const { user: u } = await open();
    await u.click(within(rowOf('李娜')).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('用户详情：李娜')).toBeInTheDocument();
    expect(within(dialog).getByText('市场部')).toBeInTheDocument();
    expect(within(dialog).getByText(/^已锁定/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
  });

  it('edits a user with the username fixed', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(rowOf('张伟')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const username = await within(dialog).findByDisplayValue('zhangwei', {}, WAIT);
    expect(username).toBeDisabled();
    await fill(u, within(dialog).getByPlaceholderText('如 010-12345678'), '010-87654321');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'PUT', body: { id: 3, username: 'zhangwei', phone: '010-87654321', mobile: '13812345678' } }), WAIT);
  });
});
