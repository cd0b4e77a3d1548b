import { screen, waitFor, within } from '@testing-library/react';
import { renderAntd } from '../../_shared/test-utils';
import { FormServicesProvider } from '../services';
import type { PickNode } from '../tree-pick';
import { TbomTreeSelect } from './TbomTreeSelect';
import { TreeSelectPopover } from './TreeSelectPopover';
import type { TreeSelectPopoverProps } from './TreeSelectPopover';

const depts: PickNode[] = [
  { id: 1, name: '研发部', children: [{ id: 11, name: '前端组' }, { id: 12, name: '测试组', disabled: true }] },
  { id: 2, name: '财务部' },
];
const trigger = () => screen.getByPlaceholderText('请选择');
const popup = () => document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement | null;

function setup(props: Partial<TreeSelectPopoverProps> = {}) {
  const onChange = vi.fn();
  const r = renderAntd(<TreeSelectPopover load={async () => depts} onChange={onChange} {...props} />);
  return { ...r, onChange };
}

describe('TreeSelectPopover', () => {
  it('shows 暂无数据 when the tree is empty', async () => {
    const { user } = setup({ load: async () => [] });
    await user.click(trigger());
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });
  it('picks a leaf, shows its name and closes', async () => {
    const { user, onChange, rerender } = setup();
    await user.click(trigger());
    await user.click(await screen.findByText('研发部'));
    await user.click(await screen.findByText('前端组'));
    expect(onChange).toHaveBeenCalledWith('11');
    await waitFor(() => expect(popup()).toBeNull());
    rerender(<TreeSelectPopover load={async () => depts} value="11" />);
    await waitFor(() => expect(trigger()).toHaveValue('前端组'));
  });
  it('does not pick a parent without clickParent, nor a disabled node', async () => {
    const { user, onChange } = setup();
    await user.click(trigger());
    await user.click(await screen.findByText('研发部'));
    await user.click(await screen.findByText('测试组'));
    expect(onChange).not.toHaveBeenCalled();
    expect(popup()).not.toBeNull();
  });
  it('picks a parent with clickParent', async () => {
    const { user, onChange } = setup({ clickParent: true });
    await user.click(trigger());
    await user.click(await screen.findByText('研发部'));
    expect(onChange).toHaveBeenCalledWith('1');
  });
  it('joins multi-select values with commas and stays open', async () => {
    const { user, onChange } = setup({ multiple: true, value: '2' });
    await user.click(trigger());
    await user.click(await screen.findByText('研发部'));
    await user.click(await screen.findByText('前端组'));
    expect(onChange).toHaveBeenCalledWith('2,11');
    expect(popup()).not.toBeNull();
    await waitFor(() => expect(trigger()).toHaveValue('财务部'));
  });
  it('searches the tree in the browser, expanding to matches', async () => {
    const { user } = setup();
    await user.click(trigger());
    await user.type(await screen.findByPlaceholderText('请输入关键字'), '前端');
    await waitFor(() => expect(within(popup() as HTMLElement).queryByText('财务部')).toBeNull(), { timeout: 1500 });
    expect(within(popup() as HTMLElement).getByText('前端组')).toBeInTheDocument();
  });
  it('re-aligns the popover shortly after its data changes', async () => {
    const onResize = vi.fn();
    window.addEventListener('resize', onResize);
    const { user } = setup();
    await user.click(trigger());
    await screen.findByText('研发部');
    await waitFor(() => expect(onResize).toHaveBeenCalled());
    window.removeEventListener('resize', onResize);
  });
  it('has no search box when not searchable', async () => {
    const { user } = setup({ searchable: false });
    await user.click(trigger());
    await screen.findByText('研发部');
    expect(screen.queryByPlaceholderText('请输入关键字')).toBeNull();
  });
});

describe('TbomTreeSelect', () => {
  it('asks the server with the search text once typing pauses', async () => {
    const loadTbomTree = vi.fn(async (filter: string) => (filter ? [{ id: 'b', name: `阀门-${filter}` }] : [{ id: 'a', name: '全部' }]));
    const { user } = renderAntd(
      <FormServicesProvider services={{ loadTbomTree }}>
        <TbomTreeSelect />
      </FormServicesProvider>,
    );
    await user.click(trigger());
    await user.type(await screen.findByPlaceholderText('请输入关键字'), '阀座');
    expect(await screen.findByText('阀门-阀座', {}, { timeout: 1500 })).toBeInTheDocument();
    expect(loadTbomTree.mock.calls.map((c) => c[0])).toEqual(['', '阀座']);
  });
});
