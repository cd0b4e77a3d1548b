import { Input, InputNumber, Select, Switch } from 'antd';
import type { SchemaField } from './schema-form';

/** The input of one field of a tool's parameters; Form.Item's value, checked and onChange are passed through. */
export function FieldInput({ field, ...bound }: { field: SchemaField } & Record<string, unknown>) {
  switch (field.kind) {
    case 'boolean':
      return <Switch {...bound} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...bound} />;
    case 'integer':
      return <InputNumber style={{ width: '100%' }} precision={0} {...bound} />;
    case 'enum':
      return <Select allowClear options={field.options?.map((o) => ({ value: o, label: o }))} {...bound} />;
    case 'json':
      return <Input.TextArea rows={3} placeholder='JSON，如 {"key": "value"}' style={{ fontFamily: 'monospace' }} {...bound} />;
    default:
      return <Input {...bound} />;
  }
}
