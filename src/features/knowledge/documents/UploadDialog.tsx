import { DeleteOutlined, FileAddOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, List, Progress, Select, Typography } from 'antd';
import { useState } from 'react';
import { DOCUMENT_EXTENSIONS } from '../../../../contract/api/runtime';
import { Dialog } from '../../../components/dialog';
import { describeLimit, screenPick, useUploadLimitsQuery } from '../../../lib/uploads/upload-limits';
import { pickFiles } from '../../../platform';
import { formatSize } from './document-columns';
import { EVERYONE, REVIEW_ROLE_HINT, reviewRoleField } from './review-roles';
import { ReviewRoleSelect } from './ReviewRoleSelect';
import type { Option } from './useDocumentOptions';
import { useUpload } from './useUpload';

/** Types the server processes (issue 4); the platform's knowledge list also offers older Office formats. */
export const KNOWLEDGE_EXTENSIONS = DOCUMENT_EXTENSIONS;

export type UploadDialogProps = {
  space: string;
  grades: Option[];
  roles: Option[];
  onClose: () => void;
  onUploaded: (count: number, started: boolean) => void;
};

type Values = { secrecy?: string; review_role: string[] };

/** 上传文档: several files through the platform's picker, a grade within the user's clearance, review roles. */
export function UploadDialog({ space, grades, roles, onClose, onUploaded }: UploadDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState('');
  const { state, upload, cancel, busy } = useUpload();
  const limit = useUploadLimitsQuery().data?.knowledge;

  const choose = async () => {
    const picked = await pickFiles({ purpose: 'knowledge', multiple: true, accept: KNOWLEDGE_EXTENSIONS });
    const known = new Set(files.map((f) => `${f.name}:${f.size}`));
    const fresh = picked.files.filter((f) => !known.has(`${f.name}:${f.size}`));
    // Refused at selection with the limit named (issue 27 §5); what fits is kept and can be sent.
    const screened = screenPick({ ...picked, files: fresh }, limit, files);
    for (const line of screened.refusals) message.warning(line, 5);
    if (picked.canceled || !screened.files.length) return;
    setFiles([...files, ...screened.files]);
    setFileError('');
  };

  const submit = async () => {
    if (busy) throw new Error('busy');
    const v = await form.validateFields();
    if (!files.length) {
      setFileError('请选择要上传的文件');
      throw new Error('no files');
    }
    const outcome = await upload({ space, files, secrecy: v.secrecy ?? '', reviewRole: reviewRoleField(v.review_role) });
    onUploaded(outcome.ids.length, outcome.started);
  };

  const close = () => {
    if (busy) {
      cancel();
      message.info('已取消上传');
    }
    onClose();
  };

  return (
    <Dialog open title={`上传文档：${space}`} width={640} height={460} okText="上传" onOk={submit} onClose={close}>
      <Form form={form} name="docUpload" layout="vertical" initialValues={{ review_role: [EVERYONE] }} disabled={busy}>
        <Form.Item label="文件" required validateStatus={fileError ? 'error' : undefined} help={fileError || undefined}>
          <Button icon={<FileAddOutlined />} onClick={() => void choose()}>
            选择文件
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            可多选；支持 {KNOWLEDGE_EXTENSIONS.join('、')}{limit && `；${describeLimit(limit)}`}
          </Typography.Text>
          {files.length > 0 && (
            <List
              size="small"
              style={{ marginTop: 8, maxHeight: 150, overflow: 'auto' }}
              bordered
              dataSource={files}
              renderItem={(file) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      aria-label={`移除 ${file.name}`}
                      icon={<DeleteOutlined />}
                      onClick={() => setFiles((current) => current.filter((f) => f !== file))}
                    />,
                  ]}
                >
                  <Typography.Text ellipsis style={{ maxWidth: 420 }}>
                    <PaperClipOutlined /> {file.name}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Form.Item>
        <Form.Item name="secrecy" label="密级" rules={[{ required: true, message: '请选择文档密级' }]} extra="只能选择不高于您本人密级的等级">
          <Select placeholder="选择密级" options={grades} />
        </Form.Item>
        <Form.Item name="review_role" label="审核角色" extra={REVIEW_ROLE_HINT}>
          <ReviewRoleSelect options={roles} />
        </Form.Item>
      </Form>
      {state.phase === 'uploading' && (
        <div data-testid="upload-progress">
          <Progress percent={state.percent} status="active" />
          <Button size="small" onClick={cancel}>取消上传</Button>
        </div>
      )}
      {state.phase === 'starting' && <Alert type="info" showIcon title="上传完成，正在提交处理任务…" />}
    </Dialog>
  );
}
