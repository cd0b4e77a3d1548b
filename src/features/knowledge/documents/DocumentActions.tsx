import { Button, Popconfirm, Space } from 'antd';
import { CONFIRM_DELETE } from '../../../components/data-table';
import type { DocumentRow } from './document-columns';
import { isProcessing } from './status';

const REPROCESS_WARNING = '将按文件重新生成该文档的分块，手动编辑、停用和新增的分块都会丢失。';
const STOP_WARNING = '停止后该文档标记为失败，已识别的内容不保留；之后可点击“重新处理”重新开始。';

export type DocumentActionsProps = {
  doc: DocumentRow;
  can: (code: string) => boolean;
  onChunks: (doc: DocumentRow) => void;
  onEdit: (doc: DocumentRow) => void;
  onRetry: (doc: DocumentRow) => void;
  onStop: (doc: DocumentRow) => void;
  onDelete: (doc: DocumentRow) => unknown;
};

/**
 * A row's actions: 分段 for anyone who sees it (the name downloads the file); 重新处理 (停止 while it is processed),
 * 编辑 and 删除 by button grant and only on documents the user may change (their own, or any in their own space).
 * Reprocessing a finished document asks first: its chunks, hand edits included, are replaced; so does stopping.
 */
export function DocumentActions({ doc, can, onChunks, onEdit, onRetry, onStop, onDelete }: DocumentActionsProps) {
  const mine = doc.editable;
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" disabled={doc.status !== 'FINISHED'} onClick={() => onChunks(doc)}>
        分段
      </Button>
      {mine && can('retry') && doc.status === 'FINISHED' && (
        // A finished document may hold hand edits of its chunks, which reading the file again replaces.
        <Popconfirm title="重新处理" description={REPROCESS_WARNING} okText="确定" cancelText="取消" onConfirm={() => onRetry(doc)}>
          <Button type="link" size="small">
            重新处理
          </Button>
        </Popconfirm>
      )}
      {mine && can('retry') && doc.status === 'FAILED' && (
        <Button type="link" size="small" onClick={() => onRetry(doc)}>
          重新处理
        </Button>
      )}
      {mine && can('retry') && isProcessing(doc.status) && (
        // A long scan can be stopped (and retried later) like any document waiting or being processed.
        <Popconfirm title="停止处理" description={STOP_WARNING} okText="停止" cancelText="取消" onConfirm={() => onStop(doc)}>
          <Button type="link" size="small">
            停止
          </Button>
        </Popconfirm>
      )}
      {mine && can('edit') && (
        <Button type="link" size="small" onClick={() => onEdit(doc)}>
          编辑
        </Button>
      )}
      {mine && can('delete') && (
        <Popconfirm title={CONFIRM_DELETE} okText="确定" cancelText="取消" onConfirm={() => onDelete(doc)}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
