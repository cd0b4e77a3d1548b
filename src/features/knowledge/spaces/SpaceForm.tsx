import { Alert, Col, Form, Input, InputNumber, Row, Tabs } from 'antd';
import { useEffect, useState, type RefObject } from 'react';
import type { Space, SpaceArguments } from '../../../../contract/api';
import { useAddSpaceMutation, useLazyCheckSpaceNameQuery, useSaveSpaceMutation } from '../api';
import { SpaceAccessFields } from './SpaceAccessFields';
import { accessOf, argumentOf, formValuesOf, SPACE_DESC_MAX, SPACE_NAME_MAX, spaceNameProblem, type SpaceFormValues } from './space-form';

export type SpaceFormProps = {
  /** The space to edit, or null to add one. */
  space: Space | null;
  /** The arguments a new space starts from (the server's defaults). */
  defaults: SpaceArguments;
  onSaved: (name: string) => void;
  /** Where the form puts its submit for the dialog's confirm button. */
  submitRef: RefObject<(() => Promise<void>) | null>;
};

const CHECK_DELAY_MS = 300;
const BASIC_FIELDS = ['name', 'desc', 'roles', 'depts'];

/**
 * The fields of SpaceFormDialog: name (checked as it is typed), description, who may see the space and the
 * retrieval arguments. A lazy
 * chunk of its own (antd's Form and InputNumber), so the knowledge page draws without them (D73).
 */
export function SpaceForm({ space, defaults, onSaved, submitRef }: SpaceFormProps) {
  const [form] = Form.useForm<SpaceFormValues>();
  const [check] = useLazyCheckSpaceNameQuery();
  const [add] = useAddSpaceMutation();
  const [save] = useSaveSpaceMutation();
  const [tab, setTab] = useState('basic');
  const editing = space !== null;

  /** The local rule first, then the server's check (debounced by the form item while typing). */
  const validateName = async (_rule: unknown, value: string | undefined) => {
    if (editing) return;
    const problem = spaceNameProblem(value);
    if (problem) throw new Error(problem);
    const answer = await check((value ?? '').trim()).unwrap().catch(() => null);
    if (answer && !answer.available) throw new Error(answer.message);
  };

  const submit = async () => {
    const v = await form.validateFields().catch((error: { errorFields?: { name: (string | number)[] }[] }) => {
      // Show the tab holding the first field in error.
      const first = String(error.errorFields?.[0]?.name[0] ?? '');
      if (first) setTab(BASIC_FIELDS.includes(first) ? 'basic' : 'args');
      throw error;
    });
    const body = { name: v.name.trim(), desc: (v.desc ?? '').trim(), argument: argumentOf(v), ...accessOf(v) };
    if (editing) await save(body).unwrap();
    else await add(body).unwrap();
    onSaved(body.name);
  };
  useEffect(() => {
    submitRef.current = submit;
  });

  const chunkOverlapRule = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async (_r: unknown, value: number | null) => {
      if (value !== null && value !== undefined && value >= Number(getFieldValue('chunk_size'))) throw new Error('分块重叠必须小于分块大小');
    },
  });
  const required = (label: string) => ({ required: true, message: `请输入${label}` });

  const basic = (
    <>
      <Form.Item
        name="name"
        label="空间名称"
        required
        validateFirst
        validateDebounce={CHECK_DELAY_MS}
        hasFeedback={!editing}
        rules={[{ validator: validateName }]}
        extra={editing ? '空间名称创建后不可修改' : '中文、字母、数字、下划线或中划线'}
      >
        <Input maxLength={SPACE_NAME_MAX} showCount disabled={editing} placeholder="例如：产品手册" autoFocus={!editing} />
      </Form.Item>
      <Form.Item name="desc" label="描述">
        <Input.TextArea maxLength={SPACE_DESC_MAX} showCount rows={4} placeholder="这个知识空间收录哪些文档、供谁使用" />
      </Form.Item>
      <SpaceAccessFields />
    </>
  );
  const number = (name: keyof SpaceFormValues, label: string, min: number, max: number, extra: string, step = 1) => (
    <Col span={12}>
      <Form.Item name={name} label={label} extra={extra} rules={[required(label)]}>
        <InputNumber min={min} max={max} step={step} precision={step < 1 ? 2 : 0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  const args = (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="分块参数只影响之后处理的文档；已完成的文档可在文档列表中“重新处理”。" />
      <Row gutter={16}>
        {number('topk', '召回数量（topk）', 1, 50, '每次检索返回的最相关分块数，1–50')}
        {number('recall_score', '召回阈值（recall_score）', 0, 1, '相关度低于此值的分块不参与检索和回答，0–1（0.3 即 30%）', 0.05)}
        {number('chunk_size', '分块大小（chunk_size）', 50, 8000, '每个分块的最大字符数，50–8000')}
        <Col span={12}>
          <Form.Item
            name="chunk_overlap"
            label="分块重叠（chunk_overlap）"
            extra="相邻分块重叠的字符数，须小于分块大小"
            dependencies={['chunk_size']}
            rules={[required('分块重叠'), chunkOverlapRule]}
          >
            <InputNumber min={0} max={4000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {number('max_token', '最大令牌数（max_token）', 100, 128000, '回答时提示词的长度上限，100–128000')}
      </Row>
      <Form.Item name="scene" label="场景说明" rules={[required('场景说明')]}>
        <Input.TextArea rows={2} maxLength={4000} />
      </Form.Item>
      <Form.Item
        name="template"
        label="提示词模板"
        extra="{context} 处填入检索到的分块，{question} 处填入用户的问题"
        rules={[required('提示词模板')]}
      >
        <Input.TextArea rows={6} maxLength={8000} showCount />
      </Form.Item>
    </>
  );

  return (
    <Form form={form} name="spaceForm" layout="vertical" initialValues={formValuesOf(space, defaults)} requiredMark={false}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'basic', label: '基本信息', children: basic, forceRender: true },
          { key: 'args', label: '参数设置', children: args, forceRender: true },
        ]}
      />
    </Form>
  );
}
