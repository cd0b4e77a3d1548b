import { Form, Spin } from 'antd';
import type { UserListItem } from '../../../../contract/api';
import { USERNAME_PATTERN, USERNAME_RULE_TEXT } from '../../../../contract/api/runtime';
import { Dialog } from '../../../components/dialog';
import { DescriptorForm } from '../../../components/form';
import { dropFormDraft } from '../../../lib/form-draft';
import { useCreateUserMutation, useLazyUsernameFreeQuery, useUpdateUserMutation, useUserOneQuery } from './api';
import type { OneTimePassword } from './PasswordDialog';
import { fieldErrorsOf, userFields, type UserFormValues } from './user-fields';
import { useAppMessage } from '../../../lib/use-app-message';

/** A new user (optionally in a department), or an existing one. */
export type UserDialogTarget = { mode: 'create'; deptId: number } | { mode: 'edit'; id: number };

export type UserFormDialogProps = {
  target: UserDialogTarget;
  onClose: () => void;
  /** After a save; a new user comes with its one-time password. */
  onSaved: (user: UserListItem, password?: OneTimePassword) => void;
};

const text = (v: string | undefined) => (v ?? '').trim();

/** Create or edit a user in the kit's dialog; the server's refusal shows as a toast and beside its fields. */
export function UserFormDialog({ target, onClose, onSaved }: UserFormDialogProps) {
  const message = useAppMessage();
  const [form] = Form.useForm<UserFormValues>();
  const [checkName] = useLazyUsernameFreeQuery();
  const [create] = useCreateUserMutation();
  const [update] = useUpdateUserMutation();
  const editId = target.mode === 'edit' ? target.id : null;
  // What is typed survives a session that ends under the dialog (D92); saving or cancelling drops it.
  const draft = editId === null ? 'sysMgr/user:new' : `sysMgr/user:${editId}`;
  const close = () => {
    dropFormDraft(draft);
    onClose();
  };
  const { data: loaded, isFetching } = useUserOneQuery(editId ?? 0, { skip: editId === null, refetchOnMountOrArgChange: true });
  const editing = editId !== null && !isFetching ? (loaded ?? null) : null;
  const initial: UserFormValues = editing
    ? {
        username: editing.username, fullName: editing.fullName, deptId: String(editing.deptId), mobile: editing.mobile,
        phone: editing.phone, email: editing.email, position: editing.position, remark: editing.remark,
      }
    : { deptId: target.mode === 'create' ? String(target.deptId) : undefined };

  const refuse = (name: keyof UserFormValues, error: string) => {
    form.setFields([{ name, errors: [error] }]);
    return new Error(error);
  };

  const save = async () => {
    if (editId !== null && !editing) throw new Error('loading');
    const v = await form.validateFields();
    const username = text(v.username);
    if (!editing) {
      if (!USERNAME_PATTERN.test(username)) throw refuse('username', USERNAME_RULE_TEXT);
      if (!(await checkName(username).unwrap().catch(() => true))) throw refuse('username', `用户名 ${username} 已存在`);
    }
    const body = {
      fullName: text(v.fullName), deptId: Number(v.deptId), mobile: text(v.mobile), phone: text(v.phone),
      email: text(v.email), position: text(v.position), remark: text(v.remark),
    };
    try {
      if (editing) {
        const updated = await update({ id: editing.id, username: editing.username, ...body }).unwrap();
        dropFormDraft(draft);
        onSaved(updated);
      } else {
        const created = await create({ username, ...body }).unwrap();
        dropFormDraft(draft);
        onSaved(created.user, { title: '用户已创建', username: created.user.username, fullName: created.user.fullName, password: created.password });
      }
    } catch (error) {
      const reason = (error as { message?: string }).message ?? '保存失败';
      form.setFields(fieldErrorsOf(reason));
      void message.error(reason, 5);
      throw error;
    }
  };

  const title = editId !== null ? `编辑用户${editing ? `：${editing.fullName}` : ''}` : '新增用户';
  return (
    <Dialog open title={title} width={720} height={470} onOk={save} onClose={close} okText="保存">
      {editId !== null && !editing ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : (
        <DescriptorForm form={form} fields={userFields(editing !== null)} initialValues={initial} draft={draft} />
      )}
    </Dialog>
  );
}
