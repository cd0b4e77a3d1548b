import { FileAddOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { describeRejected, pickFiles } from '../../platform';
import { useDocumentOptions } from '../knowledge/documents/useDocumentOptions';
import { generate } from './api';

/** Kinds of requirements document the server splits (issue 14). */
export const SOURCE_EXTENSIONS = ['docx', 'pdf', 'xlsx', 'md', 'txt', 'csv'];

type Values = { secrecy?: string; name?: string };

export type NewGenerationDialogProps = { onClose: () => void; onCreated: (generationId: string) => void };

/**
 * 新建生成: a requirements document through the platform's picker (the native dialog on the desktop), its grade
 * within the user's clearance and an optional name. The server splits it at once; the items are confirmed on the
 * generation's page before generation starts.
 */
export function NewGenerationDialog({ onClose, onCreated }: NewGenerationDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { grades } = useDocumentOptions();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');

  const choose = async () => {
    const picked = await pickFiles({ purpose: 'testcase', multiple: false, accept: SOURCE_EXTENSIONS });
    for (const line of describeRejected(picked.rejected, picked.maxBytes)) message.warning(line, 5);
    if (picked.canceled || !picked.files.length) return;
    setFile(picked.files[0]);
    setFileError('');
  };

  const submit = async () => {
    if (!file) setFileError('请选择需求文档');
    const v = await form.validateFields();
    if (!file) throw new Error('no file');
    const result = await generate({ file, secrecy: v.secrecy ?? '', name: v.name?.trim(), start: false });
    message.success(`已拆分为 ${result.task_ids.length} 个需求条目，请确认后开始生成`);
    onCreated(result.generation_id);
  };

  return (
    <Dialog open title="新建用例生成" width={620} height={360} okText="上传并拆分" onOk={submit} onClose={onClose}>
      <Form form={form} name="testcaseNew" layout="vertical">
        <Form.Item label="需求文档" required validateStatus={fileError ? 'error' : undefined} help={fileError || undefined}>
          <Button icon={<FileAddOutlined />} onClick={() => void choose()}>选择文件</Button>
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>支持 {SOURCE_EXTENSIONS.join('、')}</Typography.Text>
          {file && (
            <div style={{ marginTop: 8 }}>
              <Typography.Text><PaperClipOutlined /> {file.name}</Typography.Text>
            </div>
          )}
        </Form.Item>
        <Form.Item name="secrecy" label="密级" rules={[{ required: true, message: '请选择需求文档的密级' }]} extra="生成的用例继承该密级，只能选择不高于您本人密级的等级">
          <Select placeholder="选择密级" options={grades} />
        </Form.Item>
        <Form.Item name="name" label="名称" extra="不填写时使用文件名">
          <Input maxLength={100} showCount placeholder="如：账号管理需求 v1.2" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
