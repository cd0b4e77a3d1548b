import { Select } from 'antd';
import type { FieldDescriptor } from './descriptor';
import { BooleanSelect } from './inputs/BooleanSelect';
import { DateTimeRange } from './inputs/DateTimeRange';
import { DeptTreeSelect } from './inputs/DeptTreeSelect';
import { DictSelect } from './inputs/DictSelect';
import { EnumSelect } from './inputs/EnumSelect';
import { IconPicker } from './inputs/IconPicker';
import { NumberInput } from './inputs/NumberInput';
import { TbomTreeSelect } from './inputs/TbomTreeSelect';
import { TextAreaInput } from './inputs/TextAreaInput';
import { TextInput } from './inputs/TextInput';

/** Props of FieldInput: what antd Form.Item injects, plus the descriptor and the form's context. */
export type FieldInputProps = {
  descriptor: FieldDescriptor;
  modelId?: string;
  secrecyCode?: string | number | null;
  disabled?: boolean;
  // antd Form.Item passes any value type to its child.
  value?: never;
  onChange?: (value: unknown) => void;
};

/** The input a descriptor asks for. */
export function FieldInput({ descriptor: d, modelId, secrecyCode, ...bound }: FieldInputProps) {
  const common = { ...d.eloptions, ...bound, className: d.className, style: d.style };
  switch (d.type) {
    case 'input':
    case 'password':
      return <TextInput {...common} maxlength={d.maxlength} showPassword={d.showPassword || d.type === 'password'} />;
    case 'textarea':
      return <TextAreaInput {...common} maxlength={d.maxlength} />;
    case 'number':
      return <NumberInput descriptor={d} {...bound} />;
    case 'boolean':
      return <BooleanSelect {...common} />;
    case 'datetimerange':
      return <DateTimeRange {...bound} />;
    case 'select':
      return <Select allowClear placeholder="请选择" {...common} options={Object.entries(d.aryOptions ?? {}).map(([value, label]) => ({ value, label }))} />;
    case 'dict':
      return <DictSelect {...common} dicConfig={d.dicConfig} dictCode={d.dictCode} />;
    case 'enum':
      return <EnumSelect {...common} modelId={modelId ?? ''} sColumnName={d.sColumnName} secrecyCode={secrecyCode} />;
    case 'icon':
      return <IconPicker {...bound} />;
    case 'selector': {
      const common = { ...bound, multiple: d.selector?.multiple, searchable: d.selector?.searchable, clickParent: d.isClick };
      if (d.selector?.selectorType === 'tbom') return <TbomTreeSelect {...common} />;
      return <DeptTreeSelect {...common} disableSubtreeOf={d.selector?.disableSubtreeOf} />;
    }
  }
}
