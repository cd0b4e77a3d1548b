import { Alert, Form, Select } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useAddCaseMutation } from './api';
import { caseProblem, CaseFields, type CaseDraft } from './CaseFields';

/** An item whose cases are shown, so one may be added by hand. */
export type CaseTarget = { id: number; code: string; title: string; module: string };

const blank = (module: string): CaseDraft => ({
  title: '', module, precondition: '', steps: [{ step: '', expected: '' }], priority: 'P2', case_type: '功能',
});

export type CaseAddDialogProps = { targets: CaseTarget[]; onClose: () => void };

/**
 * Adds a case written by hand to an item whose cases were generated. The server numbers it after the item's last
 * case; generating the item again later replaces its cases, this one included (said in the dialog).
 */
export function CaseAddDialog({ targets, onClose }: CaseAddDialogProps) {
  const [itemId, setItemId] = useState(targets[0]?.id);
  const [draft, setDraft] = useState<CaseDraft>(() => blank(targets[0]?.module ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const [add] = useAddCaseMutation();
  const confirm = async () => {
    const found = itemId === undefined ? '请选择需求条目' : caseProblem(draft);
    setProblem(found);
    if (found || itemId === undefined) throw new Error(found ?? '');
    await add({ ...draft, item_id: itemId }).unwrap();
    onClose();
  };
  return (
    <Dialog open title="新增用例" width={760} height={520} okText="保存" onOk={confirm} onClose={onClose}>
      <Form layout="vertical">
        <Alert type="info" showIcon style={{ marginBottom: 12 }}
          title="手工新增的用例编在该条目最后一条用例之后；以后重新生成该条目时，它的用例（包括手工新增的）会被新生成的用例替换。" />
        <Form.Item label="需求条目" required>
          <Select aria-label="需求条目" value={itemId} showSearch optionFilterProp="label"
            options={targets.map((t) => ({ value: t.id, label: `${t.code} ${t.title}` }))}
            onChange={(id: number) => {
              setItemId(id);
              if (!draft.module) setDraft({ ...draft, module: targets.find((t) => t.id === id)?.module ?? '' });
            }} />
        </Form.Item>
        <CaseFields draft={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        {problem && <Alert type="error" showIcon title={problem} />}
      </Form>
    </Dialog>
  );
}
