import { fireEvent, screen, within } from '@testing-library/react';
import { renderAntd } from '../_shared/test-utils';
import { DataTable } from './DataTable';
import { makeRows, userColumns } from './test-factories';

describe('DataTable: sorting', () => {
  it('cycles descending → ascending → none and reports each to the caller', async () => {
    const onSortChange = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(2)} onSortChange={onSortChange} />);
    const header = screen.getByRole('columnheader', { name: /姓名/ });
    await user.click(header);
    await user.click(header);
    await user.click(header);
    expect(onSortChange.mock.calls).toEqual([[{ property: 'name', direction: 'DESC' }], [{ property: 'name', direction: 'ASC' }], [null]]);
  });
  it('leaves columns without sortable unsortable', async () => {
    const onSortChange = vi.fn();
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(1)} onSortChange={onSortChange} />);
    await user.click(screen.getByRole('columnheader', { name: /部门/ }));
    expect(onSortChange).not.toHaveBeenCalled();
  });
});

describe('DataTable: server-side paging', () => {
  it('shows the server total and asks the caller for another page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderAntd(
      <DataTable columns={userColumns} rows={makeRows(25)} pagination={{ currentPage: 1, pageSize: 25, totalSize: 60 }} onPageChange={onPageChange} />,
    );
    expect(screen.getByText('共 60 条')).toBeInTheDocument();
    await user.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 25);
  });
});

describe('DataTable: column drawer', () => {
  it('hides a column moved to the left panel of the transfer, and can search columns', async () => {
    const { user } = renderAntd(<DataTable columns={userColumns} rows={makeRows(1)} />);
    expect(screen.getByRole('columnheader', { name: /部门/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('隐藏的列')).toBeInTheDocument();
    expect(within(drawer).getByText('显示的列')).toBeInTheDocument();
    const [, shownSearch] = within(drawer).getAllByPlaceholderText('搜索列名');
    await user.type(shownSearch, '部');
    const shownPanel = within(drawer).getByText('显示的列').closest('.ant-transfer-section') as HTMLElement;
    expect(within(shownPanel).queryByText('姓名')).toBeNull();
    await user.click(within(shownPanel).getByText('部门'));
    await user.click(within(drawer).getAllByRole('button').find((b) => b.querySelector('.anticon-left')) as HTMLElement);
    expect(screen.queryByRole('columnheader', { name: /部门/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /姓名/ })).toBeInTheDocument();
  });
  it('starts with columns marked hidden in the hidden panel', () => {
    renderAntd(<DataTable columns={[...userColumns, { key: 'mobile', title: '手机', hidden: true }]} rows={makeRows(1)} />);
    expect(screen.queryByRole('columnheader', { name: /手机/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /部门/ })).toBeInTheDocument();
  });
});

describe('DataTable: resizable columns', () => {
  const widthOf = (container: HTMLElement, index: number) => (container.querySelectorAll('colgroup col')[index] as HTMLElement).style.width;
  it('widens a column by dragging its header handle, never below the minimum', () => {
    const { container } = renderAntd(<DataTable columns={userColumns} rows={makeRows(1)} />);
    const [handle] = screen.getAllByRole('separator', { name: '调整列宽' });
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: 180 });
    fireEvent.mouseUp(document, { clientX: 180 });
    expect(widthOf(container, 2)).toBe('230px');
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: -400 });
    fireEvent.mouseUp(document, { clientX: -400 });
    expect(widthOf(container, 2)).toBe('60px');
  });
});
