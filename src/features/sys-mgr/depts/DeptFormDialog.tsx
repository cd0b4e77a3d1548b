import { Form, Spin } from 'antd';
import { useMemo } from 'react';
import type { Dept } from '../../../../contract/api';
import { DEPT_MESSAGES } from '../../../../contract/api/runtime';
import { Dialog } from '../../../components/dialog';
import { DescriptorForm } from '../../../components/form';
import { dropFormDraft } from '../../../lib/form-draft';
import { useCreateDeptMutation, useDeptQuery, useLazyDeptNameExistsQuery, useUpdateDeptMutation } from './api';
import { DEPT_FIELDS, deptFieldsFor, fieldOfMessage } from './dept-fields';

/** What the dialog edits: a new department under `parentId`, or an existing one. */
export type DeptDialogTarget = { mode: 'create'; parentId: number } | { mode: 'edit'; id: number };

export type DeptFormDialogProps = {
  target: DeptDialogTarget;
  onClose: () => void;
  onSaved: (dept: Dept) => void;
};

type Values = { name?: string; parentId?: string; code?: string; sort?: number | null; remark?: string };

/** Create or edit a department in the kit's dialog; the server's refusal shows as a toast and beside its field. */
export function DeptFormDialog({ target, onClose, onSaved }: DeptFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const [checkName] = useLazyDeptNameExistsQuery();
  const [create] = useCreateDeptMutation();
  const [update] = useUpdateDeptMutation();
  const editId = target.mode === 'edit' ? target.id : null;
  // What is typed survives a session that ends under the dialog (D92); saving or cancelling drops it.
  const draft = editId === null ? 'sysMgr/dept:new' : `sysMgr/dept:${editId}`;
  const close = () => {
    dropFormDraft(draft);
    onClose();
  };
  // Edit loads the department afresh (the tree lacks the remark); the form mounts once it is there.
  const { data: loaded, isFetching } = useDeptQuery(editId ?? 0, { skip: editId === null, refetchOnMountOrArgChange: true });
  const editing = editId !== null && !isFetching ? (loaded ?? null) : null;
  const initial: Values = editing
    ? { name: editing.name, parentId: String(editing.parentId), code: editing.code, sort: editing.sort, remark: editing.remark }
    : { parentId: String(target.mode === 'create' ? target.parentId : ''), sort: 0 };

  // Editing: the department itself and its subtree come back disabled, so they cannot be picked as its parent.
  const fields = useMemo(() => (editId === null ? DEPT_FIELDS : deptFieldsFor(editId)), [editId]);

  const fieldError = (name: keyof Values, message: string) => {
    form.setFields([{ name, errors: [message] }]);
    return new Error(message);
  };

  const save = async () => {
    if (editId !== null && !editing) throw new Error('loading');
    const v = await form.validateFields();
    const name = (v.name ?? '').trim();
    if (!name) throw fieldError('name', DEPT_MESSAGES.nameRequired);
    if (v.sort !== null && v.sort !== undefined && !Number.isInteger(v.sort)) throw fieldError('sort', '排序必须为整数');
    const parentId = Number(v.parentId);
    if (await checkName({ parentId, name, excludeId: editing?.id }).unwrap().catch(() => false)) {
      throw fieldError('name', DEPT_MESSAGES.nameTaken);
    }
    const body = { parentId, name, code: (v.code ?? '').trim(), sort: v.sort ?? 0, remark: (v.remark ?? '').trim() };
    try {
      const saved = editing ? await update({ id: editing.id, ...body }).unwrap() : await create(body).unwrap();
      dropFormDraft(draft);
      onSaved(saved);
    } catch (error) {
      const message = (error as { message?: string }).message ?? '';
      const field = fieldOfMessage(message);
      if (field) form.setFields([{ name: field, errors: [message] }]);
      throw error;
    }
  };

  return (
    <Dialog open title={editId !== null ? `编辑部门${editing ? `：${editing.name}` : ''}` : '新增部门'} width={640} height={300} onOk={save} onClose={close}>
      {editId !== null && !editing ? <Spin style={{ display: 'block', marginTop: 48 }} /> : <DescriptorForm form={form} fields={fields} initialValues={initial} draft={draft} />}
    </Dialog>
  );
}
