import { Form, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { EditCaseBody, TestCase } from '../../../contract/api';
import { Dialog } from '../../components/dialog';
import { useEditCaseMutation } from './api';
import { caseProblem, CaseFields } from './CaseFields';

/** How long after the last keystroke a case is saved. */
export const AUTOSAVE_MS = 600;

type SaveState = { kind: 'saved' | 'dirty' | 'saving' } | { kind: 'error'; message: string };

const bodyOf = (c: TestCase): EditCaseBody => ({
  case_id: c.id, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps,
  priority: c.priority as EditCaseBody['priority'], case_type: c.case_type as EditCaseBody['case_type'],
});

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
    const problem = caseProblem(body);
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
        <CaseFields draft={draft} onChange={change} />
      </Form>
    </Dialog>
  );
}
