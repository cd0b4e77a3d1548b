import { screen, waitFor } from '@testing-library/react';
import { renderAntd } from '../_shared/test-utils';
import type { FieldDescriptor } from './descriptor';
import { DescriptorForm, initialValuesOf } from './DescriptorForm';
import { FormServicesProvider } from './services';

const field = (sColumnName: string, over: Partial<FieldDescriptor> = {}): FieldDescriptor => ({ sColumnName, type: 'input', label: sColumnName, ...over });
const submit = () => screen.getByRole('button', { name: '提交' });

function renderForm(fields: FieldDescriptor[], onFinish = vi.fn()) {
  const r = renderAntd(
    <FormServicesProvider services={{ fetchStaticEnum: async () => ({ options: [{ label: '公开', value: '1' }], multiple: false }) }}>
      <DescriptorForm fields={fields} onFinish={onFinish} modelId="user" />
      <button type="button" onClick={() => document.querySelector('form')?.requestSubmit()}>
        提交
      </button>
    </FormServicesProvider>,
  );
  return { ...r, onFinish };
}
const spanOf = (name: string) => screen.getByTestId(`field-${name}`).className.match(/ant-col-(\d+)/)?.[1];

describe('DescriptorForm', () => {
  it('lays out up to 4 fields one per row, 5 to 20 two per row', () => {
    const { unmount } = renderForm([field('a'), field('b')]);
    expect(spanOf('a')).toBe('24');
    unmount();
    renderForm(Array.from({ length: 6 }, (_, i) => field(`f${i}`)));
    expect(spanOf('f0')).toBe('12');
  });
  it('keeps a span the descriptor sets', () => {
    renderForm([field('a', { span: 8 })]);
    expect(spanOf('a')).toBe('8');
  });
  it('renders the input each type asks for', () => {
    renderForm([
      field('name', { maxlength: 20 }),
      field('remark', { type: 'textarea' }),
      field('amount', { type: 'number', numberPrecision: 2 }),
      field('enabled', { type: 'boolean' }),
      field('period', { type: 'datetimerange' }),
      field('icon', { type: 'icon' }),
      field('level', { type: 'select', aryOptions: { '1': '一级' } }),
    ]);
    expect(screen.getByText('0 / 20')).toBeInTheDocument();
    expect(screen.getByLabelText('remark').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('开始时间')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /选择图标/ })).toBeInTheDocument();
  });
  it('validates with the shared validators and shows their messages', async () => {
    const { user, onFinish } = renderForm([field('mobile', { validators: ['mobile'] }), field('email', { validators: ['email'] })]);
    await user.type(screen.getByLabelText('mobile'), '12345');
    await user.type(screen.getByLabelText('email'), 'a@b');
    await user.click(submit());
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });
  it('refuses an empty required field, naming it', async () => {
    const { user } = renderForm([field('姓名', { required: true })]);
    await user.click(submit());
    expect(await screen.findByText('姓名不能为空')).toBeInTheDocument();
  });
  it('submits valid values with descriptor defaults', async () => {
    const { user, onFinish } = renderForm([field('name', { validators: ['specialChars'] }), field('kind', { type: 'select', defaultValue: 'b', aryOptions: { a: '甲', b: '乙' } })]);
    await user.type(screen.getByLabelText('name'), '检修规程');
    await user.click(submit());
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: '检修规程', kind: 'b' }));
  });
});

describe('initialValuesOf', () => {
  it('takes defaults from defaultValue, then dicConfig.defaultValue, under given values', () => {
    const fields = [field('a', { defaultValue: 1 }), field('b', { type: 'dict', dicConfig: { defaultValue: 'x' } }), field('c', { defaultValue: 3 })];
    expect(initialValuesOf(fields, { c: 9 })).toEqual({ a: 1, b: 'x', c: 9 });
  });
});
