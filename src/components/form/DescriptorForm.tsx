import { Col, Form, Row } from 'antd';
import type { FormInstance } from 'antd';
import type { FieldDescriptor } from './descriptor';
import { FieldInput } from './FieldInput';
import { spanFor } from './layout';
import { rulesFor } from './rules';

/** Props of DescriptorForm. */
export type DescriptorFormProps = {
  fields: FieldDescriptor[];
  form?: FormInstance;
  initialValues?: Record<string, unknown>;
  onFinish?: (values: Record<string, unknown>) => void;
  /** Model of the static enums (type 'enum'). */
  modelId?: string;
  /** Bound secrecy code cutting enum options (spec §5). */
  secrecyCode?: string | number | null;
  disabled?: boolean;
};

/** Field defaults (descriptor.defaultValue, else dicConfig.defaultValue) under the given initial values. */
export function initialValuesOf(fields: FieldDescriptor[], given: Record<string, unknown> = {}): Record<string, unknown> {
  const defaults = Object.fromEntries(
    fields.filter((f) => f.defaultValue !== undefined || f.dicConfig?.defaultValue !== undefined).map((f) => [f.sColumnName, f.defaultValue ?? f.dicConfig?.defaultValue]),
  );
  return { ...defaults, ...given };
}

/** A form laid out and validated from field descriptors (spec §3), spans by spanFor unless a field sets its own. */
export function DescriptorForm({ fields, form, initialValues, onFinish, modelId, secrecyCode, disabled }: DescriptorFormProps) {
  const span = spanFor(fields.length);
  return (
    <Form form={form} layout="vertical" initialValues={initialValuesOf(fields, initialValues)} onFinish={onFinish} disabled={disabled}>
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.sColumnName} span={f.span ?? span} data-testid={`field-${f.sColumnName}`}>
            <Form.Item name={f.sColumnName} label={f.label} rules={rulesFor(f)} required={f.required}>
              <FieldInput descriptor={f} modelId={modelId} secrecyCode={secrecyCode} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}
