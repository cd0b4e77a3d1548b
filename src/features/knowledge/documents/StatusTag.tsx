import { Tag, Tooltip, Typography } from 'antd';
import type { KnowledgeDocument } from '../../../../contract/api';
import { STATUS_VIEW } from './status';

/** A document's status as a coloured tag; a failure shows its reason on hover and below the tag. */
export function StatusTag({ doc }: { doc: Pick<KnowledgeDocument, 'status' | 'queue_position' | 'result'> }) {
  const tag = (
    <Tag color={STATUS_VIEW[doc.status]?.color ?? 'default'} data-status={doc.status} style={{ marginInlineEnd: 4 }}>
      {STATUS_VIEW[doc.status]?.label ?? doc.status}
    </Tag>
  );
  if (doc.status === 'TODO' && doc.queue_position) {
    return (
      <span>
        {tag}
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>排队第 {doc.queue_position} 位</Typography.Text>
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
