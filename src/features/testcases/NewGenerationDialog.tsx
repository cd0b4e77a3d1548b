import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { generate, type SourceChoice } from './api';
import { SourcePicker, type PickedSource } from './SourcePicker';

export { SOURCE_EXTENSIONS } from './SourcePicker';

type Values = { secrecy?: string; name?: string };

export type NewGenerationDialogProps = { onClose: () => void; onCreated: (generationId: string) => void };

/** The source the form holds, or the reason it is not complete. */
export function choiceOf(picked: PickedSource, secrecy: string | undefined): SourceChoice | string {
  if (picked.kind === 'upload') return picked.file ? { file: picked.file, secrecy: secrecy ?? '' } : '请选择需求文档';
  return picked.docId ? { docId: picked.docId } : '请选择知识库文档';
}

/**
 * 新建生成: a requirements document (a file through the platform's picker, or a knowledge document the user can
 * read) and an optional name. The server splits it at once; the items are confirmed on the generation's page before
 * generation starts.
 */
export function NewGenerationDialog({ onClose, onCreated }: NewGenerationDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<PickedSource>({ kind: 'upload', file: null });
  const [sourceError, setSourceError] = useState('');

  const submit = async () => {
    const incomplete = choiceOf(picked, undefined);
    setSourceError(typeof incomplete === 'string' ? incomplete : '');
    const v = await form.validateFields();
    const choice = choiceOf(picked, v.secrecy);
    if (typeof choice === 'string') throw new Error(choice);
    const result = await generate({ ...choice, name: v.name?.trim(), start: false });
    message.success(`已拆分为 ${result.task_ids.length} 个需求条目，请确认后开始生成`);
    onCreated(result.generation_id);
  };

  return (
    <Dialog open title="新建用例生成" width={640} height={400} okText="拆分需求" onOk={submit} onClose={onClose}>
      <Form form={form} name="testcaseNew" layout="vertical">
        <SourcePicker value={picked} onChange={(v) => { setPicked(v); setSourceError(''); }} error={sourceError} />
        <Form.Item name="name" label="名称" extra="不填写时使用文档名称">
          <Input maxLength={100} showCount placeholder="如：账号管理需求 v1.2" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
