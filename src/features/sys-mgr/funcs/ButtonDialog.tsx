import { Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import type { FuncButton, FuncNode } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../lib/notify';
import { useCreateButtonMutation, useUpdateButtonMutation } from './api';
import { CODE_RULES, NAME_RULES } from './func-rules';
import { failureMessage } from './func-tree';

type Values = { code: string; name: string; sort?: number };

/** Props of ButtonDialog: `button` null adds a new one. */
export type ButtonDialogProps = { open: boolean; func: FuncNode; button: FuncButton | null; onClose: () => void };

/** 新增按钮 / 编辑按钮 of a function; a built-in button keeps its code (server calls check it). */
export function ButtonDialog({ open, func, button, onClose }: ButtonDialogProps) {
  const [form] = Form.useForm<Values>();
  const [create] = useCreateButtonMutation();
  const [update] = useUpdateButtonMutation();
  useEffect(() => {
    if (open) form.setFieldsValue(button ? { code: button.code, name: button.name, sort: button.sort } : { code: '', name: '', sort: undefined });
  }, [open, button, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = { code: values.code.trim(), name: values.name.trim(), sort: values.sort ?? undefined };
    try {
      if (button) await update({ functionId: func.id, body: { id: button.id, ...body } }).unwrap();
      else await create({ functionId: func.id, ...body }).unwrap();
      notify().success(button ? '按钮已保存' : '按钮已新增');
      onClose();
    } catch (error) {
      notify().error(failureMessage(error, '保存按钮失败'), 5);
      throw error;
    }
  };

  return (
    <Dialog open={open} title={button ? '编辑按钮' : '新增按钮'} onOk={submit} onClose={onClose} width={520} height={260}>
      <Form form={form} name="func-button" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="所属功能">{`${func.name}（${func.path}）`}</Form.Item>
        <Form.Item
          name="code"
          label="按钮编码"
          rules={CODE_RULES}
          extra={button?.builtin ? '系统内置按钮的编码不能修改' : `授权标识为 ${func.path}#编码`}
        >
          <Input maxLength={50} disabled={button?.builtin} placeholder="如 add、export" />
        </Form.Item>
        <Form.Item name="name" label="按钮名称" rules={NAME_RULES('按钮名称')}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={-1000000} max={1000000} precision={0} placeholder="默认排在最后" style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
