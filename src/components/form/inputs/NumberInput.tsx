import { InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { FieldDescriptor, UnitConfig } from '../descriptor';

/** Props of NumberInput. */
export type NumberInputProps = {
  /** Required: a number input not bound to a descriptor shows 未绑定字段描述. */
  descriptor?: Pick<FieldDescriptor, 'sColumnName' | 'numberPrecision' | 'unit' | 'eloptions'>;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The chosen unit id (default the base unit). */
  unitValue?: string;
  onUnitChange?: (unitId: string) => void;
  disabled?: boolean;
};

/** Message shown by a number input without a descriptor (spec §5). */
export const UNBOUND_FIELD = '未绑定字段描述';

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? v.split(',') : []);

/** The units of a descriptor as select options. */
export function unitOptions(unit: UnitConfig | undefined): { value: string; label: string }[] {
  const ids = list(unit?.selectorIds);
  const names = list(unit?.selectorNames);
  return ids.map((id, i) => ({ value: id, label: names[i] ?? id }));
}

/** Number with optional unit; no bounds; decimals fixed only when numberPrecision > 0. */
export function NumberInput({ descriptor, value, onChange, unitValue, onUnitChange, disabled }: NumberInputProps) {
  const units = unitOptions(descriptor?.unit);
  const [unit, setUnit] = useState(unitValue ?? descriptor?.unit?.baseUnitId ?? units[0]?.value);
  if (!descriptor) return <Typography.Text type="danger">{UNBOUND_FIELD}</Typography.Text>;
  const precision = descriptor.numberPrecision && descriptor.numberPrecision > 0 ? descriptor.numberPrecision : undefined;
  const input = (
    <InputNumber<number>
      style={{ width: '100%' }}
      {...descriptor.eloptions}
      value={value}
      onChange={(v) => onChange?.(v)}
      precision={precision}
      disabled={disabled}
    />
  );
  if (units.length === 0) return input;
  const pick = (id: string) => {
    setUnit(id);
    onUnitChange?.(id);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      {input}
      {units.length === 1 ? (
        <Space.Addon>{units[0].label}</Space.Addon>
      ) : (
        <Select aria-label="单位" style={{ width: 100 }} value={unitValue ?? unit} options={units} onChange={pick} disabled={disabled} />
      )}
    </Space.Compact>
  );
}
