import { Tag, Tooltip, Typography } from 'antd';
import type { KnowledgeDocument } from '../../../../contract/api';
import { STATUS_VIEW } from './status';

/**
 * A document's status as a coloured tag; a waiting one says its place in the queue, a long one being read how far it
 * got (已识别 12/80 页), a failure its reason on hover and below the tag; a document finished while the embedding
 * model was down says 向量待补 beside 已完成 (searchable by full text until its vectors are in).
 */
export function StatusTag({ doc }: { doc: Pick<KnowledgeDocument, 'status' | 'queue_position' | 'result' | 'progress' | 'vectors_pending'> }) {
  const tag = (
    <Tag color={STATUS_VIEW[doc.status]?.color ?? 'default'} data-status={doc.status} style={{ marginInlineEnd: 4 }}>
      {STATUS_VIEW[doc.status]?.label ?? doc.status}
    </Tag>
  );
  const note = doc.status === 'TODO' && doc.queue_position ? `排队第 ${doc.queue_position} 位` : doc.status === 'RUNNING' ? doc.progress : '';
  if (note) {
    return (
      <span>
        {tag}
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>{note}</Typography.Text>
      </span>
    );
  }
  if (doc.status === 'FINISHED' && doc.vectors_pending) {
    return (
      <span>
        {tag}
        <Tooltip title={`已可按全文检索，向量模型恢复后自动补全。${doc.result}`}>
          <Tag color="orange" data-testid="vectors-pending" style={{ marginInlineEnd: 0, cursor: 'help' }}>向量待补</Tag>
        </Tooltip>
      </span>
    );
  }
  if (doc.status !== 'FAILED' || !doc.result) return tag;
  return (
    <Tooltip title={`失败原因：${doc.result}`}>
      <span style={{ cursor: 'help' }}>{tag}</span>
    </Tooltip>
  );
}
