import { FileTextOutlined } from '@ant-design/icons';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useState } from 'react';
import { placeText, relevanceText } from '../../../../contract/api/runtime';
import type { Citation } from '../../../../contract/api';
import { HighlightedText } from '../../../components/highlight';
import styles from '../chat.module.css';
import { usePageShown } from '../../../components/page-shown';

/** The sources of a knowledge answer; each opens the cited passage with its document and score. */
export function Citations({ references }: { references: Citation[] }) {
  const [open, setOpen] = useState<Citation | null>(null);
  const shown = usePageShown();
  if (!references.length) return null;
  // An answer drawn from several spaces names each passage's space (D93).
  const several = new Set(references.map((r) => r.space)).size > 1;
  return (
    <div className={styles.citations} aria-label="引用来源">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>引用来源：</Typography.Text>
      {references.map((ref) => (
        <Tag key={`${ref.index}-${ref.chunk_id}`} className={styles.citation} icon={<FileTextOutlined />} onClick={() => setOpen(ref)}>
          <button type="button" className={styles.linkButton}>
            [{ref.index}] {ref.doc_name}
            {several && <span className={styles.citationSpace}>（{ref.space}）</span>}
          </button>
        </Tag>
      ))}
      <Drawer open={open !== null && shown} size={560} title={open ? `[${open.index}] ${open.doc_name}` : ''} onClose={() => setOpen(null)} destroyOnHidden>
        {open && (
          <>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="文档">{open.doc_name}</Descriptions.Item>
              <Descriptions.Item label="知识空间">{open.space}</Descriptions.Item>
              {placeText(open.position) && <Descriptions.Item label="位置">{placeText(open.position)}</Descriptions.Item>}
              {open.heading_path && <Descriptions.Item label="所在章节">{open.heading_path}</Descriptions.Item>}
              <Descriptions.Item label="相关度">{relevanceText(open.score)}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>引用段落</Typography.Title>
            <Typography.Paragraph className={styles.passage}>
              <HighlightedText text={open.content} words={open.highlights ?? []} />
            </Typography.Paragraph>
          </>
        )}
      </Drawer>
    </div>
  );
}
