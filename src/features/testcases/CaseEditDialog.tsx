import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CASE_PRIORITIES, CASE_TYPES, TESTCASE_LIMITS } from '../../../contract/api/runtime';
import type { EditCaseBody, TestCase } from '../../../contract/api';
import { Dialog } from '../../components/dialog';
import { useEditCaseMutation } from './api';

/** How long after the last keystroke a case is saved. */
export const AUTOSAVE_MS = 600;

type SaveState = { kind: 'saved' | 'dirty' | 'saving' } | { kind: 'error'; message: string };

const bodyOf = (c: TestCase): EditCaseBody => ({
  case_id: c.id, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps,
  priority: c.priority as EditCaseBody['priority'], case_type: c.case_type as EditCaseBody['case_type'],
});

/** What keeps a draft from being saved (the server says the same), or null. */
function problemOf(draft: EditCaseBody): string | null {
  if (!draft.title.trim()) return '用例名称不能为空';
  const blank = draft.steps.findIndex((s) => !s.step.trim() || !s.expected.trim());
  if (blank >= 0) return `第 ${blank + 1} 步的操作和预期结果都不能为空`;
  return null;
}

export type CaseEditDialogProps = { testCase: TestCase; onClose: (saved: TestCase | null) => void };

/**
 * Edits one case, saved as the tester goes: each change is sent a moment after the last keystroke, and at once
 * when the dialog closes, so nothing typed is lost on reload. A draft the server would refuse is not sent; the
 * dialog says why and keeps it.
 */
export function CaseEditDialog({ testCase, onClose }: CaseEditDialogProps) {
  const [draft, setDraft] = useState<EditCaseBody>(() => bodyOf(testCase));
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [save] = useEditCaseMutation();
  const latest = useRef<TestCase | null>(null);
  const pending = useRef<EditCaseBody | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = async () => {
    clearTimeout(timer.current);
    const body = pending.current;
    if (!body) return;
    const problem = problemOf(body);
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    pending.current = null;
    setState({ kind: 'saving' });
    try {
      latest.current = await save(body).unwrap();
      setState(pending.current ? { kind: 'dirty' } : { kind: 'saved' });
    } catch (err) {
      pending.current ??= body;
      setState({ kind: 'error', message: (err as { message?: string } | null)?.message || '保存失败，请重试' });
    }
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (patch: Partial<EditCaseBody>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    pending.current = next;
    setState({ kind: 'dirty' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  };
  const setStep = (i: number, patch: Partial<EditCaseBody['steps'][number]>) =>
    change({ steps: draft.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  const close = async () => {
    await flush();
    if (pending.current) return; // not saved: the dialog stays with the reason shown
    onClose(latest.current);
  };

  const status = {
    saved: <Typography.Text type="success">已保存</Typography.Text>,
    dirty: <Typography.Text type="secondary">编辑中…</Typography.Text>,
    saving: <Typography.Text type="secondary">保存中…</Typography.Text>,
    error: <Typography.Text type="danger">{state.kind === 'error' ? `未保存：${state.message}` : ''}</Typography.Text>,
  }[state.kind];

  return (
    <Dialog open title={`编辑用例 ${testCase.code}`} width={760} height={520} footer={false} onClose={() => void close()}>
      <Form layout="vertical" onBlur={() => void flush()}>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
          <Typography.Text type="secondary">修改会自动保存</Typography.Text>
          <span role="status">{status}</span>
        </div>
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
      </Form>
    </Dialog>
  );
}
