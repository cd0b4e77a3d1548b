import { App, Form, Input } from 'antd';
import { Dialog } from '../../components/dialog';
import { generate } from './api';
import { SourcePicker } from './SourcePicker';
import { useSourceChoice } from './useSourceChoice';

export { SOURCE_EXTENSIONS } from './SourcePicker';

type Values = { secrecy?: string; name?: string };

export type NewGenerationDialogProps = { onClose: () => void; onCreated: (generationId: string) => void };

/**
 * 新建生成: a requirements document (a file through the platform's picker, or a knowledge document the user can
 * read) and an optional name. The server splits it at once; the items are confirmed on the generation's page before
 * generation starts.
 */
export function NewGenerationDialog({ onClose, onCreated }: NewGenerationDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const source = useSourceChoice(form);

  const submit = async () => {
    const { choice, values } = await source.validate();
    const result = await generate({ ...choice, name: values.name?.trim(), start: false });
    message.success(`已拆分为 ${result.task_ids.length} 个需求条目，请确认后开始生成`);
    onCreated(result.generation_id);
  };

  return (
    <Dialog open title="新建用例生成" width={640} height={400} okText="拆分需求" onOk={submit} onClose={onClose}>
      <Form form={form} name="testcaseNew" layout="vertical">
        <SourcePicker {...source.picker} />
        <Form.Item name="name" label="名称" extra="不填写时使用文档名称">
          <Input maxLength={100} showCount placeholder="如：账号管理需求 v1.2" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
