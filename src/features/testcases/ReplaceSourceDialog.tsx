import { App, Form, Typography } from 'antd';
import { Dialog } from '../../components/dialog';
import { replaceSource } from './api';
import { SourcePicker } from './SourcePicker';
import { useSourceChoice } from './useSourceChoice';

export type ReplaceSourceDialogProps = { generationId: string; sourceName: string; onClose: (replaced: boolean) => void };

/**
 * 更新需求文档: a newer version of the source. Items it changed become 已过期 with a 待更新 task for the new text;
 * unchanged items keep their cases.
 */
export function ReplaceSourceDialog({ generationId, sourceName, onClose }: ReplaceSourceDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ secrecy?: string }>();
  const source = useSourceChoice(form);

  const submit = async () => {
    const { choice } = await source.validate();
    const r = await replaceSource(generationId, choice);
    message.success(`需求文档已更新：${r.changed} 条变更、${r.added} 条新增、${r.removed} 条删除、${r.unchanged} 条未变`);
    onClose(true);
  };

  return (
    <Dialog open title="更新需求文档" width={640} height={400} okText="比较并更新" onOk={submit} onClose={() => onClose(false)}>
      <Typography.Paragraph type="secondary">
        当前文档：{sourceName}。新版本中内容变化的条目，原用例标记为「已过期」，并生成「待更新」任务；未变化的条目保留原用例。
      </Typography.Paragraph>
      <Form form={form} name="testcaseReplace" layout="vertical">
        <SourcePicker {...source.picker} />
      </Form>
    </Dialog>
  );
}
