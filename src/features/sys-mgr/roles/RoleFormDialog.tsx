import { App, Form } from 'antd';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '../../../../contract/api/sys-mgr/roles-limits';
import type { RoleItem } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { DescriptorForm, type FieldDescriptor } from '../../../components/form';
import { useCreateRoleMutation, useUpdateRoleMutation } from './api';

/** Fields of the role form. */
export const ROLE_FIELDS: FieldDescriptor[] = [
  {
    sColumnName: 'name', type: 'input', label: '角色名称', required: true, validators: ['specialChars'], maxlength: ROLE_NAME_MAX,
    eloptions: { placeholder: '请输入角色名称', autoComplete: 'off' },
  },
  {
    sColumnName: 'description', type: 'textarea', label: '角色描述', maxlength: ROLE_DESCRIPTION_MAX,
    eloptions: { placeholder: '说明该角色的用途，例如：研发中心的知识库与问答', rows: 4 },
  },
];

/** Props of RoleFormDialog: `role` to edit, or null to add one. */
export type RoleFormDialogProps = { role: RoleItem | null; onClose: () => void };

type Values = { name?: string; description?: string };

/** 新增角色 / 编辑角色; a refusal of the server (e.g. a taken name) shows under the name. */
export function RoleFormDialog({ role, onClose }: RoleFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const [create] = useCreateRoleMutation();
  const [update] = useUpdateRoleMutation();
  const { message } = App.useApp();

  const confirm = async () => {
    const values = await form.validateFields();
    const body = { name: (values.name ?? '').trim(), description: (values.description ?? '').trim() };
    const result = role ? await update({ id: role.id, ...body }) : await create(body);
    if ('error' in result) {
      const reason = (result.error as { message?: string } | undefined)?.message || '保存失败';
      form.setFields([{ name: 'name', errors: [reason] }]);
      throw new Error(reason);
    }
    void message.success(role ? '角色已保存' : '角色已新增');
    onClose();
  };

  return (
    <Dialog open title={role ? '编辑角色' : '新增角色'} width={560} height={300} onClose={onClose} onOk={confirm}>
      <DescriptorForm form={form} fields={ROLE_FIELDS} initialValues={role ? { name: role.name, description: role.description } : {}} />
    </Dialog>
  );
}
