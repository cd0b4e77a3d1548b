import { Select } from 'antd';
import type { SelectProps } from 'antd';

/** Props of BooleanSelect. */
export type BooleanSelectProps = Omit<SelectProps<string>, 'options' | 'mode' | 'value' | 'onChange'> & {
  value?: boolean | null;
  onChange?: (value: boolean | undefined) => void;
};

// antd options hold strings or numbers, so the booleans travel as text inside the select.
const OPTIONS = [
  { label: '是', value: 'true' },
  { label: '否', value: 'false' },
];

/** 是 / 否 select holding a boolean (undefined when cleared). */
export function BooleanSelect({ value, onChange, ...rest }: BooleanSelectProps) {
  return (
    <Select<string>
      allowClear
      placeholder="请选择"
      {...rest}
      options={OPTIONS}
      value={value === null || value === undefined ? undefined : String(value)}
      onChange={(v) => onChange?.(v === undefined ? undefined : v === 'true')}
    />
  );
}
