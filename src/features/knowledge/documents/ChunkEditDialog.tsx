import { Alert, Form, Input } from 'antd';
import type { Chunk } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { useAddChunkMutation, useUpdateChunkMutation } from '../api';

/** The longest chunk text the server takes (contract ChunkContent). */
const MAX_CONTENT = 20_000;

export type ChunkEditDialogProps = {
  space: string;
  documentId: number;
  /** The chunk to edit; none: a new chunk is added after the document's last one. */
  chunk?: Chunk;
  onClose: () => void;
  onSaved: (chunk: Chunk) => void;
};

type Values = { content: string; heading_path?: string };

/** 编辑分块 (its text, re-indexed where it stands) or 新增分块 (text and optional headings, added at the end). */
export function ChunkEditDialog({ space, documentId, chunk, onClose, onSaved }: ChunkEditDialogProps) {
  const [form] = Form.useForm<Values>();
  const [update] = useUpdateChunkMutation();
  const [add] = useAddChunkMutation();

  const submit = async () => {
    const v = await form.validateFields();
    const saved = chunk
      ? await update({ space, document_id: documentId, chunk_id: chunk.id, content: v.content.trim() }).unwrap()
      : await add({ space, document_id: documentId, content: v.content.trim(), heading_path: v.heading_path?.trim() || undefined }).unwrap();
    onSaved(saved);
  };

  return (
    <Dialog open title={chunk ? `编辑分块：第 ${chunk.seq + 1} 段` : '新增分块'} width={720} height={420} okText="保存" onOk={submit} onClose={onClose}>
      <Form form={form} name="chunkEdit" layout="vertical" requiredMark={false} initialValues={{ content: chunk?.content ?? '', heading_path: '' }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={chunk
            ? '保存后按新内容重新建立检索索引，分块的位置和所属标题不变。重新处理文档会用文件内容覆盖手动修改。'
            : '新增的分块排在文档最后，与其他分块一样参与检索。重新处理文档会删除手动添加的分块。'}
        />
        {chunk?.heading_path && <Form.Item label="所属标题">{chunk.heading_path}</Form.Item>}
        {!chunk && (
          <Form.Item name="heading_path" label="所属标题（可选）" extra="多级标题用 › 分隔，参与检索匹配">
            <Input maxLength={500} placeholder="如：第三章 › 3.2 安装要求" />
          </Form.Item>
        )}
        <Form.Item name="content" label="分块内容" rules={[{ required: true, whitespace: true, message: '请输入分块内容' }]}>
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 16 }} maxLength={MAX_CONTENT} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
