import { screen } from '@testing-library/react';
import { renderAntd } from '../../_shared/test-utils';
import { ICONFONT_ICONS, iconOf } from './icon-sets';
import { IconPicker } from './IconPicker';

describe('IconPicker', () => {
  it('starts with iconfont icon_bangzhu, shown as the icon, never as its class name', () => {
    renderAntd(<IconPicker />);
    const button = screen.getByRole('button', { name: /选择图标/ });
    expect(button).toHaveAttribute('data-icon-value', 'iconfont icon_bangzhu');
    expect(button.querySelector('.anticon-question-circle')).not.toBeNull();
    expect(button).not.toHaveTextContent(/iconfont|icon_/);
  });
  it('shows a seeded function icon (iconfont icon_xitong) as an icon', () => {
    renderAntd(<IconPicker value="iconfont icon_xitong" />);
    const button = screen.getByRole('button', { name: /选择图标/ });
    expect(button.querySelector('.anticon-setting')).not.toBeNull();
    expect(button).not.toHaveTextContent('icon_xitong');
  });
  it('picks from the first set (antd icons) and closes', async () => {
    const onChange = vi.fn();
    const { user } = renderAntd(<IconPicker onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /选择图标/ }));
    await user.click(await screen.findByRole('button', { name: 'HomeOutlined' }));
    expect(onChange).toHaveBeenCalledWith('HomeOutlined');
    expect(screen.queryByRole('button', { name: 'HomeOutlined' })).toBeNull();
  });
  it('picks from the second set, whose names carry the icon_ prefix', async () => {
    const onChange = vi.fn();
    const { user } = renderAntd(<IconPicker onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /选择图标/ }));
    await user.click(await screen.findByRole('tab', { name: '扩展图标' }));
    await user.click(await screen.findByRole('button', { name: 'iconfont icon_zidian' }));
    expect(onChange).toHaveBeenCalledWith('iconfont icon_zidian');
    expect(ICONFONT_ICONS.every((n) => n.startsWith('iconfont icon_'))).toBe(true);
  });
  it('filters icons by search text', async () => {
    const { user } = renderAntd(<IconPicker />);
    await user.click(screen.getByRole('button', { name: /选择图标/ }));
    await user.type(await screen.findByPlaceholderText('搜索图标'), 'user');
    expect(screen.getByRole('button', { name: 'UserOutlined' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'HomeOutlined' })).toBeNull();
  });
  it('draws every iconfont name with an antd icon, with or without the iconfont class, since no icon font is loaded', () => {
    for (const name of ICONFONT_ICONS) expect(iconOf(name)).toBeDefined();
    expect(iconOf('icon_zhishiku')).toBe(iconOf('iconfont icon_zhishiku'));
    expect(iconOf('iconfont icon_unknown')).toBeUndefined();
    renderAntd(<IconPicker value="iconfont icon_renyuan" />);
    expect(screen.getByRole('button', { name: /选择图标/ }).querySelector('.anticon-team')).not.toBeNull();
  });
});
