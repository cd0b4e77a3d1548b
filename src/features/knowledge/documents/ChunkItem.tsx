import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { Chunk } from '../../../../contract/api';
import { HighlightedText } from '../../../components/highlight';
import { placeText } from '../../../../contract/api/runtime';

/** What the owner may do with a chunk; absent parts are not offered. */
export type ChunkItemActions = {
  onEdit?: (chunk: Chunk) => void;
  onToggle?: (chunk: Chunk) => unknown;
  onDelete?: (chunk: Chunk) => unknown;
};

export type ChunkItemProps = { chunk: Chunk; words: string[]; max?: number; actions: ChunkItemActions };

/**
 * One chunk as the owner checks it: its number, where it came from (page, slide, sheet and rows), its headings, what
 * was done to it by hand (已编辑, 已停用, 手动添加), its text, and the owner's 编辑, 停用/启用 and 删除.
 */
export function ChunkItem({ chunk, words, max, actions }: ChunkItemProps) {
  const place = placeText(chunk.position);
  const { onEdit, onToggle, onDelete } = actions;
  return (
    <div data-testid="chunk-item" style={{ width: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <Space size={4} wrap>
          <Tag color="blue">第 {chunk.seq + 1} 段</Tag>
          {place && <Tag>{place}</Tag>}
          {chunk.edited && <Tag color="orange">已编辑</Tag>}
          {chunk.disabled && <Tag color="default">已停用</Tag>}
          {chunk.manual && <Tag color="purple">手动添加</Tag>}
        </Space>
        <Space size={0}>
          {onEdit && (
            <Button type="link" size="small" onClick={() => onEdit(chunk)}>
              编辑
            </Button>
          )}
          {onToggle && (
            <Button type="link" size="small" onClick={() => onToggle(chunk)}>
              {chunk.disabled ? '启用' : '停用'}
            </Button>
          )}
          {onDelete && (
            <Popconfirm title="确定删除该分块？删除后不可恢复" okText="确定" cancelText="取消" onConfirm={() => onDelete(chunk)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      </div>
      {chunk.heading_path && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
          {chunk.heading_path}
        </Typography.Text>
      )}
      <Typography.Paragraph type={chunk.disabled ? 'secondary' : undefined} style={{ marginTop: 6, marginBottom: 0, whiteSpace: 'pre-wrap' }}>
        <HighlightedText text={chunk.content} words={words} max={max} />
      </Typography.Paragraph>
    </div>
  );
}
