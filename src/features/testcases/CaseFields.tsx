import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { CASE_PRIORITIES, CASE_TYPES, TESTCASE_LIMITS } from '../../../contract/api/runtime';
import type { EditCaseBody } from '../../../contract/api';

/** A case's fields as the tester writes them (the edit and add dialogs share them). */
export type CaseDraft = Omit<EditCaseBody, 'case_id'>;

/** What keeps a draft from being saved (the server says the same), or null. */
export function caseProblem(draft: CaseDraft): string | null {
  if (!draft.title.trim()) return '用例名称不能为空';
  const blank = draft.steps.findIndex((s) => !s.step.trim() || !s.expected.trim());
  if (blank >= 0) return `第 ${blank + 1} 步的操作和预期结果都不能为空`;
  return null;
}

export type CaseFieldsProps = { draft: CaseDraft; onChange: (patch: Partial<CaseDraft>) => void };

/** 用例名称, 所属模块, 优先级, 用例类型, 前置条件 and the steps with their expected results. */
export function CaseFields({ draft, onChange: change }: CaseFieldsProps) {
  const setStep = (i: number, patch: Partial<CaseDraft['steps'][number]>) =>
    change({ steps: draft.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <>
      <Form.Item label="用例名称" required>
        <Input aria-label="用例名称" maxLength={255} value={draft.title} onChange={(e) => change({ title: e.target.value })} />
      </Form.Item>
      <Space size={12} style={{ display: 'flex' }}>
        <Form.Item label="所属模块" style={{ width: 260 }}>
          <Input aria-label="所属模块" maxLength={100} value={draft.module} onChange={(e) => change({ module: e.target.value })} />
        </Form.Item>
        <Form.Item label="优先级">
          <Select aria-label="优先级" style={{ width: 100 }} value={draft.priority} options={CASE_PRIORITIES.map((p) => ({ value: p, label: p }))}
            onChange={(priority) => change({ priority })} />
        </Form.Item>
        <Form.Item label="用例类型">
          <Select aria-label="用例类型" style={{ width: 110 }} value={draft.case_type} options={CASE_TYPES.map((t) => ({ value: t, label: t }))}
            onChange={(case_type) => change({ case_type })} />
        </Form.Item>
      </Space>
      <Form.Item label="前置条件">
        <Input.TextArea aria-label="前置条件" autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} value={draft.precondition}
          onChange={(e) => change({ precondition: e.target.value })} />
      </Form.Item>
      <Form.Item label="步骤与预期结果" required>
        {draft.steps.map((s, i) => (
          <div key={i} style={{ display: 'flex', gap: 8, marginBottom: 8, alignItems: 'flex-start' }}>
            <Typography.Text style={{ flex: '0 0 28px', paddingTop: 4, whiteSpace: 'nowrap' }}>{i + 1}.</Typography.Text>
            <Input.TextArea aria-label={`步骤 ${i + 1}`} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} placeholder="操作步骤" value={s.step}
              onChange={(e) => setStep(i, { step: e.target.value })} />
            <Input.TextArea aria-label={`预期结果 ${i + 1}`} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} placeholder="预期结果" value={s.expected}
              onChange={(e) => setStep(i, { expected: e.target.value })} />
            <Button aria-label={`删除步骤 ${i + 1}`} icon={<DeleteOutlined />} disabled={draft.steps.length === 1}
              onClick={() => change({ steps: draft.steps.filter((_s, j) => j !== i) })} />
          </div>
        ))}
        <Button icon={<PlusOutlined />} disabled={draft.steps.length >= TESTCASE_LIMITS.maxStepsPerCase}
          onClick={() => change({ steps: [...draft.steps, { step: '', expected: '' }] })}>添加步骤</Button>
      </Form.Item>
    </>
  );
}
