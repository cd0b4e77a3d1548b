import { Drawer, Empty, Input, List, Pagination, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { HighlightedText } from '../../../components/highlight';
import { useChunksQuery } from '../api';
import type { DocumentRow } from './document-columns';
import { usePageShown } from '../../../components/page-shown';

const PAGE_SIZE = 10;

export type ChunkDrawerProps = { space: string; doc: DocumentRow; onClose: () => void };

/** A document's chunks as the search sees them, paged, with a search in their text. */
export function ChunkDrawer({ space, doc, onClose }: ChunkDrawerProps) {
  const [page, setPage] = useState(1);
  const shown = usePageShown();
  const [content, setContent] = useState('');
  const { data, isFetching } = useChunksQuery({ space, document_id: doc.id, page, page_size: PAGE_SIZE, content: content || undefined });

  return (
    <Drawer open={shown} width={760} title={`文档分段：${doc.doc_name}`} onClose={onClose}>
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
        <Typography.Text type="secondary">共 {data?.total ?? 0} 个分段</Typography.Text>
        <List
          loading={isFetching}
          dataSource={data?.data ?? []}
          locale={{ emptyText: <Empty description={content ? '没有包含该文字的分段' : '暂无分段'} /> }}
          renderItem={(chunk) => (
            <List.Item key={chunk.id} style={{ display: 'block' }}>
              <Tag color="blue">第 {chunk.seq + 1} 段</Tag>
              <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
                <HighlightedText text={chunk.content} words={content ? [content] : []} max={content ? 300 : undefined} />
              </Typography.Paragraph>
            </List.Item>
          )}
        />
        {(data?.total ?? 0) > PAGE_SIZE && (
          <Pagination align="end" current={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} showSizeChanger={false} onChange={setPage} />
        )}
      </Space>
    </Drawer>
  );
}
