import { App, Button, Drawer, Empty, Input, List, Pagination, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Chunk } from '../../../../contract/api';
import { useChunksQuery, useDeleteChunkMutation, useDisableChunkMutation } from '../api';
import { ChunkEditDialog } from './ChunkEditDialog';
import { ChunkItem, type ChunkItemActions } from './ChunkItem';
import type { DocumentRow } from './document-columns';
import { usePageShown } from '../../../components/page-shown';

const PAGE_SIZE = 10;

export type ChunkDrawerProps = { space: string; doc: DocumentRow; can: (code: string) => boolean; onClose: () => void };

/**
 * A document's chunks as the search sees them, paged, with a search in their text, each with where it came from.
 * Whoever may change the document (its uploader, the space's owner) and holds the buttons mends them: 编辑, 停用/启用,
 * 删除 and 新增分块 (issue 29).
 */
export function ChunkDrawer({ space, doc, can, onClose }: ChunkDrawerProps) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const shown = usePageShown();
  const [content, setContent] = useState('');
  const [editing, setEditing] = useState<{ chunk?: Chunk } | null>(null);
  const { data, isFetching } = useChunksQuery({ space, document_id: doc.id, page, page_size: PAGE_SIZE, content: content || undefined });
  const [disable] = useDisableChunkMutation();
  const [remove] = useDeleteChunkMutation();
  const mayEdit = doc.editable && can('edit');
  const mayDelete = doc.editable && can('delete');

  const actions: ChunkItemActions = {
    onEdit: mayEdit ? (chunk) => setEditing({ chunk }) : undefined,
    onToggle: mayEdit
      ? (chunk) => disable({ space, document_id: doc.id, chunk_id: chunk.id, disabled: !chunk.disabled }).unwrap()
        .then(() => message.success(`已${chunk.disabled ? '启用' : '停用'}第 ${chunk.seq + 1} 段`), () => undefined)
      : undefined,
    onDelete: mayDelete
      ? (chunk) => remove({ space, document_id: doc.id, chunk_id: chunk.id }).unwrap()
        .then(() => message.success(`已删除第 ${chunk.seq + 1} 段`), () => undefined)
      : undefined,
  };

  return (
    <Drawer
      open={shown}
      width={760}
      title={`文档分段：${doc.doc_name}`}
      onClose={onClose}
      extra={mayEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新增分块
        </Button>
      )}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Input.Search
          allowClear
          placeholder="在分段中搜索"
          enterButton="搜索"
          onSearch={(value) => {
            setContent(value.trim());
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">
          共 {data?.total ?? 0} 个分段{mayEdit && '；停用的分段不参与检索，重新处理文档会覆盖手动修改'}
        </Typography.Text>
        <List
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: <Empty description={content ? '没有包含该文字的分段' : '暂无分段'} /> }}
          renderItem={(chunk) => (
            <List.Item key={chunk.id} style={{ display: 'block' }}>
              <ChunkItem chunk={chunk} words={content ? [content] : []} max={content ? 300 : undefined} actions={actions} />
            </List.Item>
          )}
        />
        {(data?.total ?? 0) > PAGE_SIZE && (
          <Pagination align="end" current={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} showSizeChanger={false} onChange={setPage} />
        )}
      </Space>
      {editing && (
        <ChunkEditDialog
          space={space}
          documentId={doc.id}
          chunk={editing.chunk}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            message.success(editing.chunk ? `第 ${saved.seq + 1} 段已保存` : `已新增第 ${saved.seq + 1} 段`);
            setEditing(null);
          }}
        />
      )}
    </Drawer>
  );
}
