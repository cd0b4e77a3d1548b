import { Form, Typography } from 'antd';
import { useEffect } from 'react';
import type { FuncNode } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { DEFAULT_ICON } from '../../../components/form';
import { notify } from '../../../lib/notify';
import { useCreateFuncMutation } from './api';
import { failureMessage } from './func-tree';
import { FuncFields, type FuncFormValues } from './FuncFields';

/** Props of FuncCreateDialog: open with the parent (null = top level) of the new function. */
export type FuncCreateDialogProps = {
  open: boolean;
  type: number;
  parent: FuncNode | null;
  onClose: () => void;
  onCreated: (id: number) => void;
};

/** 新增功能: a function of the current type under the chosen parent. */
export function FuncCreateDialog({ open, type, parent, onClose, onCreated }: FuncCreateDialogProps) {
  const [form] = Form.useForm<FuncFormValues>();
  const [create] = useCreateFuncMutation();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: '', path: parent ? `${parent.path}/` : '/', icon: DEFAULT_ICON, sort: undefined, hidden: false });
  }, [open, parent, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const row = await create({ ...values, name: values.name.trim(), path: values.path.trim(), type, parentId: parent?.id ?? null }).unwrap();
      notify().success('功能已新增');
      onCreated(row.id);
      onClose();
    } catch (error) {
      notify().error(failureMessage(error, '新增功能失败'), 5);
      throw error;
    }
  };

  return (
    <Dialog open={open} title="新增功能" onOk={submit} onClose={onClose} width={620} height={460}>
      <Typography.Paragraph type="secondary">
        上级功能：{parent ? `${parent.name}（${parent.path}）` : '无（顶级功能）'}；类型：{type === 1 ? '业务功能' : '管理功能'}
      </Typography.Paragraph>
      <Form form={form} name="func-create" layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <FuncFields />
      </Form>
    </Dialog>
  );
}
