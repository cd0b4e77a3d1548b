import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderAntd } from '../../_shared/test-utils';
import { FormServicesProvider } from '../services';
import type { FormServices } from '../services';
import { BooleanSelect } from './BooleanSelect';
import { DateTimeRange } from './DateTimeRange';
import { DictSelect } from './DictSelect';
import { EnumSelect } from './EnumSelect';

const withServices = (services: FormServices, ui: ReactElement) => renderAntd(<FormServicesProvider services={services}>{ui}</FormServicesProvider>);

describe('BooleanSelect', () => {
  it('offers 是 and 否 and reports a boolean', async () => {
    const onChange = vi.fn();
    const { user } = renderAntd(<BooleanSelect onChange={onChange} />);
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('否')).toBeInTheDocument();
    await user.click(screen.getByTitle('是'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
  it('shows a false value as 否', () => {
    renderAntd(<BooleanSelect value={false} />);
    expect(screen.getByTitle('否')).toBeInTheDocument();
  });
});

describe('DateTimeRange', () => {
  it('has the placeholders 开始时间 and 结束日期', () => {
    renderAntd(<DateTimeRange />);
    expect(screen.getByPlaceholderText('开始时间')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('结束日期')).toBeInTheDocument();
  });
  it('shows its value as YYYY-MM-DD HH:mm:ss', () => {
    renderAntd(<DateTimeRange value={['2026-03-01 08:00:00', '2026-03-02 18:30:05']} />);
    expect(screen.getByPlaceholderText('开始时间')).toHaveValue('2026-03-01 08:00:00');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-03-02 18:30:05');
  });
});

describe('DictSelect', () => {
  it('loads options from actionUrl with params, reading name and id by default', async () => {
    const fetchOptions = vi.fn(async () => [{ id: 1, name: '研发部' }, { id: 2, name: '财务部' }]);
    const onChange = vi.fn();
    const { user } = withServices({ fetchOptions }, <DictSelect dicConfig={{ actionUrl: '/api/x', params: { type: 2 } }} onChange={onChange} />);
    expect(fetchOptions).toHaveBeenCalledWith('/api/x', { type: 2 });
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('财务部'));
    expect(onChange).toHaveBeenCalledWith(2, expect.anything());
  });
  it('reads configured label and value keys, falling back to defaultUrl', async () => {
    const fetchOptions = vi.fn(async () => [{ code: 'A', text: '甲类' }]);
    const { user } = withServices({ fetchOptions }, <DictSelect dicConfig={{ defaultUrl: '/api/d', label: 'text', value: 'code' }} />);
    expect(fetchOptions).toHaveBeenCalledWith('/api/d', undefined);
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('甲类')).toBeInTheDocument();
  });
  it('uses fixed selectOptions without loading, and shows the default value', () => {
    const fetchOptions = vi.fn();
    withServices({ fetchOptions }, <DictSelect dicConfig={{ selectOptions: [{ id: 'x', name: '选项X' }], defaultValue: 'x' }} />);
    expect(fetchOptions).not.toHaveBeenCalled();
    expect(screen.getByTitle('选项X')).toBeInTheDocument();
  });
  it('loads a dictionary by dictCode', async () => {
    const fetchDict = vi.fn(async () => [{ id: 'P1', name: '机械' }]);
    const { user } = withServices({ fetchDict }, <DictSelect dictCode="PROFESSION" />);
    expect(fetchDict).toHaveBeenCalledWith('PROFESSION');
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('机械')).toBeInTheDocument();
  });
});

describe('EnumSelect', () => {
  const grades = [
    { label: '公开', value: '1' },
    { label: '内部', value: '2' },
    { label: '秘密', value: '3' },
  ];
  it('loads the static enum and cuts options after the bound secrecy code', async () => {
    const fetchStaticEnum = vi.fn(async () => ({ options: grades, multiple: false }));
    const { user } = withServices({ fetchStaticEnum }, <EnumSelect modelId="doc" sColumnName="secrecy" secrecyCode="2" />);
    expect(fetchStaticEnum).toHaveBeenCalledWith('doc', 'secrecy');
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByTitle('内部')).toBeInTheDocument();
    expect(screen.queryByTitle('秘密')).toBeNull();
  });
  it('becomes a multi-select when the enum says so', async () => {
    const fetchStaticEnum = vi.fn(async () => ({ options: grades, multiple: true }));
    const { container } = withServices({ fetchStaticEnum }, <EnumSelect modelId="doc" sColumnName="tags" />);
    await waitFor(() => expect(container.querySelector('.ant-select-multiple')).not.toBeNull());
  });
});
