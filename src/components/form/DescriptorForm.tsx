import { Col, Form, Row } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { FieldDescriptor } from './descriptor';
import { loadFormDraft, saveFormDraft } from '../../lib/form-draft';
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
  /**
   * Keeps what is typed as the signed-in user's draft under this name (D92), restored when the form opens again;
   * the dialog drops it with dropFormDraft on save or cancel.
   */
  draft?: string;
};

/** Field defaults (descriptor.defaultValue, else dicConfig.defaultValue) under the given initial values. */
export function initialValuesOf(fields: FieldDescriptor[], given: Record<string, unknown> = {}): Record<string, unknown> {
  const defaults = Object.fromEntries(
    fields.filter((f) => f.defaultValue !== undefined || f.dicConfig?.defaultValue !== undefined).map((f) => [f.sColumnName, f.defaultValue ?? f.dicConfig?.defaultValue]),
  );
  return { ...defaults, ...given };
}

/** A form laid out and validated from field descriptors (spec §3), spans by spanFor unless a field sets its own. */
export function DescriptorForm({ fields, form, initialValues, onFinish, modelId, secrecyCode, disabled, draft }: DescriptorFormProps) {
  const span = spanFor(fields.length);
  const secret = new Set(fields.filter((f) => f.type === 'password').map((f) => f.sColumnName));
  // Read once: the form takes its initial values at mount.
  const [saved] = useState(() => (draft ? loadFormDraft(draft) : null));
  const onValuesChange = draft
    ? (_changed: unknown, all: Record<string, unknown>) => saveFormDraft(draft, all, secret)
    : undefined;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ ...initialValuesOf(fields, initialValues), ...saved }}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      disabled={disabled}
    >
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
