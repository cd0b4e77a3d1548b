import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { setUserInfo } from '../../lib/storage';
import { renderAntd } from '../_shared/test-utils';
import { DataTable } from './DataTable';
import { makeRows, userColumns } from './test-factories';
import type { UserRow } from './test-factories';

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('DataTable: selection and index', () => {
  it('shows a checkbox select column 55 wide and an index column 64 wide', () => {
    const { container } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} />);
    const cols = Array.from(container.querySelectorAll('colgroup col')).map((c) => (c as HTMLElement).style.width);
    expect(cols.slice(0, 2)).toEqual(['55px', '64px']);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3); // header + 2 rows
  });
  it('numbers rows across pages', () => {
    renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} pagination={{ currentPage: 3, pageSize: 25, totalSize: 80 }} />);
    expect(within(rowOf('用户1')).getByText('51')).toBeInTheDocument();
    expect(within(rowOf('用户2')).getByText('52')).toBeInTheDocument();
  });
  it('uses radios in single selection mode and reports the picked row', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(3)} selection="single" onSelectionChange={onSelectionChange} />);
    await user.click(within(rowOf('用户2')).getByRole('radio'));
    expect(onSelectionChange).toHaveBeenLastCalledWith([2], [expect.objectContaining({ id: 2 })]);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
  it('selects every selectable row of the page from the header checkbox, showing a partial selection as mixed', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(3)} onSelectionChange={onSelectionChange} />);
    const all = screen.getByRole('checkbox', { name: '全选' });
    await user.click(within(rowOf('用户2')).getByRole('checkbox'));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([2, 3], [expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 3 })]);
    expect(all).toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(false);
    expect(within(rowOf('用户1')).getByRole('checkbox')).not.toBeChecked(); // the system row stays out
    expect(rowOf('用户3')).toHaveClass('ant-table-row-selected');
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([], []);
    expect(within(rowOf('用户3')).getByRole('checkbox')).not.toBeChecked();
  });
  it('does not let system rows be selected for batch delete', () => {
    renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} />);
    expect(within(rowOf('用户1')).getByRole('checkbox')).toBeDisabled();
  });
});

describe('DataTable: add and batch delete', () => {
  it('calls onAdd from the 新增 button', async () => {
    const onAdd = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={[]} onAdd={onAdd} />);
    await user.click(screen.getByRole('button', { name: /新增/ }));
    expect(onAdd).toHaveBeenCalled();
  });
  it('deletes the selected rows only after 确认删除？ is confirmed, then clears the selection', async () => {
    const onBatchDelete = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(3)} onBatchDelete={onBatchDelete} />);
    const batch = screen.getByRole('button', { name: /批量删除/ });
    expect(batch).toBeDisabled();
    await user.click(within(rowOf('用户2')).getByRole('checkbox'));
    await user.click(within(rowOf('用户3')).getByRole('checkbox'));
    await user.click(batch);
    expect(await screen.findByText('确认删除？')).toBeInTheDocument();
    expect(onBatchDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确 定' }));
    expect(onBatchDelete).toHaveBeenCalledWith([expect.objectContaining({ id: 2 }), expect.objectContaining({ id: 3 })]);
    await waitFor(() => expect(batch).toBeDisabled());
  });
  it('keeps the selection when the batch delete fails', async () => {
    const onBatchDelete = vi.fn(() => Promise.reject(new Error('服务端拒绝')));
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} onBatchDelete={onBatchDelete} />);
    await user.click(within(rowOf('用户2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onBatchDelete).toHaveBeenCalled());
    expect(within(rowOf('用户2')).getByRole('checkbox')).toBeChecked();
  });
  it('hides buttons the can() prop refuses', () => {
    renderAntd(
      <DataTable columns={userColumns} rows={makeRows(2)} onAdd={() => {}} onBatchDelete={() => {}} onEdit={() => {}} onView={() => {}} can={(c) => c === 'view'} />,
    );
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: '编辑' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: '查看' })).toHaveLength(2);
  });
});

describe('DataTable: row tools', () => {
  const handlers = () => ({ onView: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() });
  it('puts view, edit and delete in a 200px column', () => {
    const { container } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} {...handlers()} />);
    const cols = Array.from(container.querySelectorAll('colgroup col')).map((c) => (c as HTMLElement).style.width);
    expect(cols.at(-1)).toBe('200px');
  });
  it('views and edits an ordinary row', async () => {
    const h = handlers();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} {...h} />);
    await user.click(within(rowOf('用户2')).getByRole('button', { name: '查看' }));
    await user.click(within(rowOf('用户2')).getByRole('button', { name: '编辑' }));
    expect(h.onView).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(h.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });
  it('deletes a row after confirmation', async () => {
    const h = handlers();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} {...h} />);
    await user.click(within(rowOf('用户2')).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    expect(h.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });
  it("disables edit and delete when the system flag is the string 'true', but not for boolean true", () => {
    const rows: UserRow[] = [
      { id: 1, name: '系统', dept: 'x', isSystem: 'true' },
      { id: 2, name: '布尔', dept: 'x', isSystem: true as unknown as string },
    ];
    renderAntd(<DataTable columns={userColumns} rows={rows} {...handlers()} />);
    expect(within(rowOf('系统')).getByRole('button', { name: '编辑' })).toBeDisabled();
    expect(within(rowOf('系统')).getByRole('button', { name: '删除' })).toBeDisabled();
    expect(within(rowOf('系统')).getByRole('button', { name: '查看' })).toBeEnabled();
    expect(within(rowOf('布尔')).getByRole('button', { name: '编辑' })).toBeEnabled();
  });
  it('reads the system flag from a configurable field', () => {
    const rows = [{ id: 1, name: '内置', dept: 'x', builtIn: 'true' }];
    renderAntd(<DataTable columns={userColumns} rows={rows} systemField="builtIn" {...handlers()} />);
    expect(within(rowOf('内置')).getByRole('button', { name: '编辑' })).toBeDisabled();
  });
});

describe('DataTable: long pages', () => {
  it('renders a page of up to 60 rows in full, and a longer one as a virtual list of the visible rows', () => {
    const short = renderAntd(<DataTable columns={userColumns} rows={makeRows(60)} />);
    expect(short.container.querySelector('[aria-label="数据行"]')).toBeNull();
    expect(short.container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(60);
    short.unmount();
    renderAntd(<DataTable columns={userColumns} rows={makeRows(200)} scrollY={400} />);
    const body = screen.getByRole('table', { name: '数据行' });
    expect(body).toHaveAttribute('aria-rowcount', '200');
    expect(within(body).getAllByRole('row').length).toBeLessThan(30);
    // Under antd's header, with the same columns: select, index, name, department.
    expect(screen.getByRole('columnheader', { name: '姓名' })).toBeInTheDocument();
    expect(within(within(body).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '2', '用户2', '部门2']);
  });

  it('selects, batch-deletes and uses the row tools on a long page as on a short one', async () => {
    const onView = vi.fn();
    const onEdit = vi.fn();
    const onBatchDelete = vi.fn();
    const onSelectionChange = vi.fn();
    const { user } = renderAntd(
      <DataTable columns={userColumns} rows={makeRows(100)} scrollY={400} onView={onView} onEdit={onEdit} onBatchDelete={onBatchDelete} onSelectionChange={onSelectionChange} />,
    );
    const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;
    expect(within(row('用户1')).getByRole('checkbox')).toBeDisabled(); // the system row
    expect(within(row('用户1')).getByRole('button', { name: '编辑' })).toBeDisabled();
    await user.click(within(row('用户3')).getByRole('checkbox'));
    expect(onSelectionChange).toHaveBeenLastCalledWith([3], [expect.objectContaining({ id: 3 })]);
    expect(row('用户3')).toHaveAttribute('aria-selected', 'true');
    expect(within(row('用户3')).getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onSelectionChange.mock.lastCall?.[0]).toHaveLength(99);
    await user.click(within(row('用户2')).getByRole('button', { name: '查看' }));
    await user.click(within(row('用户2')).getByRole('button', { name: '编辑' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    expect(onBatchDelete.mock.lastCall?.[0]).toHaveLength(99);
  });
});

describe('DataTable: virtual at any length (virtualFrom 0)', () => {
  it('shows the empty text in the virtual body, and the first rows arrive in the same table layout', () => {
    const { container, rerender } = renderAntd(<DataTable columns={userColumns} rows={[]} selection="none" virtualFrom={0} scrollY={300} />);
    const body = screen.getByRole('table', { name: '数据行' });
    expect(within(body).getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(body.style.height).toBe(''); // only as tall as the empty text
    const header = container.querySelector('.ant-table-header');
    expect(header).not.toBeNull();
    rerender(<DataTable columns={userColumns} rows={makeRows(3)} selection="none" virtualFrom={0} scrollY={300} />);
    // The same elements: antd's table kept its header-and-body layout, only the body's rows came.
    expect(screen.getByRole('table', { name: '数据行' })).toBe(body);
    expect(container.querySelector('.ant-table-header')).toBe(header);
    expect(body.style.height).toBe('300px');
    expect(within(body).getAllByRole('row')).toHaveLength(3);
    expect(within(body).queryAllByText('暂无数据')).toHaveLength(0);
  });
});

describe('DataTable: kept settings (D38)', () => {
  const columns = [...userColumns, { key: 'mail', title: '邮箱', hidden: true }];
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '').filter((t) => ['姓名', '部门', '邮箱'].includes(t));

  it('keeps shown columns, their order and the sort per user and table across a reload', async () => {
    setUserInfo({ id: 7, fullName: '甲', username: 'a', deptId: 1, roles: [] });
    const first = renderAntd(<DataTable tableId="t1" columns={columns} rows={makeRows(2)} />);
    expect(headers()).toEqual(['姓名', '部门']);
    await first.user.click(screen.getByRole('button', { name: /列设置/ }));
    const drawer = await screen.findByRole('dialog');
    await first.user.click(within(drawer).getByText('邮箱'));
    await first.user.click(within(drawer).getByRole('button', { name: /right/ }));
    await first.user.click(await within(drawer).findByRole('button', { name: '上移 邮箱' }));
    await waitFor(() => expect(headers()).toEqual(['姓名', '邮箱', '部门']));
    await first.user.click(screen.getAllByRole('columnheader').find((h) => h.textContent === '姓名')!);
    cleanup();

    const onSortChange = vi.fn();
    renderAntd(<DataTable tableId="t1" columns={columns} rows={makeRows(2)} onSortChange={onSortChange} />);
    expect(headers()).toEqual(['姓名', '邮箱', '部门']);
    expect(onSortChange).toHaveBeenCalledWith({ property: 'name', direction: 'DESC' });
    cleanup();

    // Another table, or another user, starts from the defaults.
    renderAntd(<DataTable tableId="t2" columns={columns} rows={makeRows(2)} />);
    expect(headers()).toEqual(['姓名', '部门']);
    cleanup();
    setUserInfo({ id: 8, fullName: '乙', username: 'b', deptId: 1, roles: [] });
    renderAntd(<DataTable tableId="t1" columns={columns} rows={makeRows(2)} />);
    expect(headers()).toEqual(['姓名', '部门']);
  });
});
