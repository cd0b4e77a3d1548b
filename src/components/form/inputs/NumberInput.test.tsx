import { screen } from '@testing-library/react';
import { renderAntd } from '../../_shared/test-utils';
import { NumberInput, unitOptions } from './NumberInput';

describe('NumberInput', () => {
  it('shows 未绑定字段描述 without a descriptor', () => {
    renderAntd(<NumberInput />);
    expect(screen.getByText('未绑定字段描述')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
  it('rounds to numberPrecision when it is above 0', async () => {
    const onChange = vi.fn();
    const { user } = renderAntd(<NumberInput descriptor={{ sColumnName: 'w', numberPrecision: 2 }} onChange={onChange} />);
    await user.type(screen.getByRole('spinbutton'), '1.236');
    await user.tab();
    expect(screen.getByRole('spinbutton')).toHaveValue('1.24');
    expect(onChange).toHaveBeenLastCalledWith(1.24);
  });
  it('keeps every decimal when numberPrecision is 0, and has no bounds', async () => {
    const onChange = vi.fn();
    const { user } = renderAntd(<NumberInput descriptor={{ sColumnName: 'w', numberPrecision: 0 }} onChange={onChange} />);
    await user.type(screen.getByRole('spinbutton'), '-99999.125');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(-99999.125);
  });
  it('shows a single unit as text', () => {
    renderAntd(<NumberInput descriptor={{ sColumnName: 'w', unit: { baseUnitId: 'kg', selectorIds: 'kg', selectorNames: '千克' } }} />);
    expect(screen.getByText('千克')).toBeInTheDocument();
  });
  it('lets the user choose among several units, starting at the base unit', async () => {
    const onUnitChange = vi.fn();
    const unit = { baseUnitId: 'm', selectorIds: ['mm', 'm'], selectorNames: ['毫米', '米'] };
    const { user } = renderAntd(<NumberInput descriptor={{ sColumnName: 'len', unit }} onUnitChange={onUnitChange} />);
    expect(screen.getByTitle('米')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '单位' }));
    await user.click(await screen.findByTitle('毫米'));
    expect(onUnitChange).toHaveBeenCalledWith('mm');
  });
  it('reads units from comma-joined ids and names', () => {
    expect(unitOptions({ selectorIds: 'a,b', selectorNames: '甲' })).toEqual([
      { value: 'a', label: '甲' },
      { value: 'b', label: 'b' },
    ]);
  });
});
