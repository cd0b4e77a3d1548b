import { SaveOutlined } from '@ant-design/icons';
import { Button, Descriptions, Form, Tag } from 'antd';
import { useEffect } from 'react';
import type { FuncNode } from '../../../../contract/api';
import { notify } from '../../../lib/notify';
import { useUpdateFuncMutation } from './api';
import { failureMessage } from './func-tree';
import { FuncFields, type FuncFormValues } from './FuncFields';

/** Props of FuncEditor. */
export type FuncEditorProps = { node: FuncNode; parent: FuncNode | undefined; canEdit: boolean };

/** The selected function's form; saved with 保存 when the account holds the edit button. */
export function FuncEditor({ node, parent, canEdit }: FuncEditorProps) {
  const [form] = Form.useForm<FuncFormValues>();
  const [update, { isLoading }] = useUpdateFuncMutation();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ name: node.name, path: node.path, icon: node.icon, sort: node.sort, hidden: node.hidden });
  }, [node, form]);

  const save = async (values: FuncFormValues) => {
    try {
      await update({
        id: node.id, type: node.type, parentId: node.parentId, name: values.name.trim(), path: values.path.trim(),
        icon: values.icon, sort: values.sort ?? 0, hidden: values.hidden,
      }).unwrap();
      notify().success('功能已保存');
    } catch (error) {
      notify().error(failureMessage(error, '保存功能失败'), 5);
    }
  };

  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="上级功能">{parent ? parent.name : '无（顶级功能）'}</Descriptions.Item>
        <Descriptions.Item label="类型">
          {node.type === 1 ? '业务功能' : '管理功能'}
          {node.builtin && <Tag color="blue" style={{ marginInlineStart: 8 }}>系统内置</Tag>}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} name="func-edit" layout="vertical" disabled={!canEdit} onFinish={save}>
        <FuncFields pathLocked={node.builtin} wide />
        {canEdit && (
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={isLoading}>
              保存
            </Button>
          </Form.Item>
        )}
      </Form>
    </>
  );
}
