import { Form, Input, Typography } from 'antd';
import { TESTCASE_LIMITS } from '../../../contract/api/runtime';
import type { RequirementItem } from '../../../contract/api';
import { Dialog } from '../../components/dialog';
import { useEditItemMutation } from './api';

type Values = { title: string; text: string };

/** `generated`: the item's task has run (its cases are replaced), rather than waiting to start. */
export type ItemEditDialogProps = { item: RequirementItem; generated: boolean; onClose: () => void };

/** Rewords a requirement item; its task is generated again with the new text (issue 14). */
export function ItemEditDialog({ item, generated, onClose }: ItemEditDialogProps) {
  const [form] = Form.useForm<Values>();
  const [edit] = useEditItemMutation();
  const submit = async () => {
    const v = await form.validateFields();
    await edit({ item_id: item.id, title: v.title.trim(), text: v.text.trim() }).unwrap();
    onClose();
  };
  return (
    <Dialog open title={`编辑需求条目 ${item.code}`} width={680} height={400} okText={generated ? '保存并重新生成' : '保存'} onOk={submit} onClose={onClose}>
      <Typography.Paragraph type="secondary">
        {generated ? '保存后，该条目的用例会按新内容重新生成（已生成的用例将被替换）。' : '开始生成后，将按修改后的内容生成用例。'}
      </Typography.Paragraph>
      <Form form={form} name="testcaseItem" layout="vertical" initialValues={{ title: item.title, text: item.text }}>
        <Form.Item name="title" label="需求标题" rules={[{ required: true, whitespace: true, message: '请填写需求标题' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="text" label="需求内容" rules={[{ required: true, whitespace: true, message: '请填写需求内容' }]}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 12 }} maxLength={TESTCASE_LIMITS.maxItemChars} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
