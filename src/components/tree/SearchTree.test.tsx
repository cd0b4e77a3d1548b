import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAntd } from '../_shared/test-utils';
import { SearchTree } from './SearchTree';
import type { KitTreeNode } from './types';

const n = (key: string, title: string, children?: KitTreeNode[], disabled?: boolean): KitTreeNode => ({ key, title, children, disabled });
const tree = [n('1', '总公司', [n('11', '研发部', [n('111', '前端组')]), n('12', '财务部')])];

describe('SearchTree', () => {
  it('shows only the roots until expanded', () => {
    renderAntd(<SearchTree treeData={tree} />);
    expect(screen.getByText('总公司')).toBeInTheDocument();
    expect(screen.queryByText('前端组')).toBeNull();
  });
  it('filters by search text, expands down to the match and highlights it', async () => {
    const { user, container } = renderAntd(<SearchTree treeData={tree} />);
    await user.type(screen.getByPlaceholderText('请输入关键字'), '前端');
    expect(container.querySelector('mark.tree-search-hit')?.textContent).toBe('前端');
    expect(screen.getByText('研发部')).toBeInTheDocument();
    expect(screen.queryByText('财务部')).toBeNull();
  });
  it('expands and collapses every node from the tree operations dropdown, and passes on extra items', async () => {
    const onTreeOperation = vi.fn();
    const { user } = renderAntd(<SearchTree treeData={tree} treeOperations={[{ key: 'refresh', label: '刷新' }]} onTreeOperation={onTreeOperation} />);
    await user.click(screen.getByRole('button', { name: '树操作' }));
    await user.click(await screen.findByText('展开全部'));
    expect(screen.getByText('前端组')).toBeInTheDocument();
    expect(screen.getByText('财务部')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '树操作' }));
    await user.click(await screen.findByText('折叠全部'));
    await waitFor(() => expect(screen.queryByText('研发部')).toBeNull());
    await user.click(screen.getByRole('button', { name: '树操作' }));
    await user.click(await screen.findByText('刷新'));
    expect(onTreeOperation).toHaveBeenCalledWith('refresh');
  });
  it('clearing the search goes back to what was open before, not to the bare root', async () => {
    const { user } = renderAntd(<SearchTree treeData={tree} defaultExpandedKeys={['1']} />);
    expect(screen.getByText('研发部')).toBeInTheDocument();
    const search = screen.getByPlaceholderText('请输入关键字');
    await user.type(search, '财务');
    await waitFor(() => expect(screen.queryByText('研发部')).toBeNull());
    await user.clear(search);
    expect(await screen.findByText('研发部')).toBeInTheDocument();
    expect(screen.getByText('财务部')).toBeInTheDocument();
  });
  it('shows 暂无数据 when nothing matches', async () => {
    const { user } = renderAntd(<SearchTree treeData={tree} />);
    await user.type(screen.getByPlaceholderText('请输入关键字'), '人事');
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
  it('opens the context menu on right click and reports the item and node', async () => {
    const onContextMenuClick = vi.fn();
    const { user } = renderAntd(
      <SearchTree treeData={tree} contextMenu={() => [{ key: 'addChild', label: '新增子部门' }]} onContextMenuClick={onContextMenuClick} />,
    );
    fireEvent.contextMenu(screen.getByText('总公司'));
    await user.click(await screen.findByText('新增子部门'));
    expect(onContextMenuClick).toHaveBeenCalledWith('addChild', expect.objectContaining({ key: '1' }));
  });
  it('offers per-node operations from a dropdown', async () => {
    const onOperationClick = vi.fn();
    const onSelect = vi.fn();
    const { user } = renderAntd(
      <SearchTree treeData={tree} operations={() => [{ key: 'delete', label: '删除' }]} onOperationClick={onOperationClick} onSelect={onSelect} />,
    );
    await user.click(screen.getByRole('button', { name: '总公司 操作' }));
    await user.click(await screen.findByText('删除'));
    expect(onOperationClick).toHaveBeenCalledWith('delete', expect.objectContaining({ title: '总公司' }));
    expect(onSelect).not.toHaveBeenCalled();
  });
  it('shows checkboxes only when checkable and reports checked keys', async () => {
    const onCheck = vi.fn();
    const { user, container, unmount } = renderAntd(<SearchTree treeData={tree} checkable checkedKeys={[]} onCheck={onCheck} />);
    await user.click(container.querySelector('.ant-tree-checkbox') as HTMLElement);
    expect(onCheck).toHaveBeenCalledWith(expect.arrayContaining(['1', '11', '111', '12']));
    unmount();
    const again = renderAntd(<SearchTree treeData={tree} />);
    expect(again.container.querySelector('.ant-tree-checkbox')).toBeNull();
  });
  it('reports the selected node', async () => {
    const onSelect = vi.fn();
    const { user } = renderAntd(<SearchTree treeData={tree} onSelect={onSelect} />);
    await user.click(screen.getByText('总公司'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: '1' }));
  });
  it('drags its width between 200 and 500', () => {
    const onWidthChange = vi.fn();
    renderAntd(<SearchTree treeData={tree} defaultWidth={260} onWidthChange={onWidthChange} />);
    const handle = screen.getByRole('separator', { name: '调整宽度' });
    fireEvent.mouseDown(handle, { clientX: 0 });
    fireEvent.mouseMove(document, { clientX: 100 });
    expect(onWidthChange).toHaveBeenLastCalledWith(360);
    fireEvent.mouseMove(document, { clientX: 1000 });
    expect(onWidthChange).toHaveBeenLastCalledWith(500);
    fireEvent.mouseMove(document, { clientX: -1000 });
    fireEvent.mouseUp(document);
    expect(onWidthChange).toHaveBeenLastCalledWith(200);
    expect(handle.closest('.search-tree')).toHaveStyle({ width: '200px' });
  });
});
