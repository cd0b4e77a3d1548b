import { FileTextOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { KnowledgeDocument } from '../../../../contract/api';
import type { DataTableColumn } from '../../../components/data-table';
import { EVERYONE_LABEL } from './review-roles';
import { StatusTag } from './StatusTag';

/** A listed document as a data-table row; `isSystem` locks documents the user may not change. */
export type DocumentRow = KnowledgeDocument & { isSystem: 'true' | 'false' } & Record<string, unknown>;

export function toRow(doc: KnowledgeDocument): DocumentRow {
  return { ...doc, isSystem: doc.editable ? 'false' : 'true' };
}

/** File size as 12.3 KB / 4.5 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function reviewRoles(doc: KnowledgeDocument): ReactNode {
  if (!doc.review_role_names.length) return <Typography.Text type="secondary">{EVERYONE_LABEL}</Typography.Text>;
  const text = doc.review_role_names.join('、');
  return (
    <Tooltip title={text}>
      <span>{text}</span>
    </Tooltip>
  );
}

/** Columns of spec §3 (name, grade name, status, review roles, last sync time) plus uploader, chunks and size. */
export function documentColumns(
  actions: (doc: DocumentRow) => ReactNode,
  onDownload: (doc: DocumentRow) => void,
): DataTableColumn<DocumentRow>[] {
  // Widths fit 1280 px with the side menu open; uploader, chunks and size are in 列设置.
  return [
    {
      key: 'doc_name',
      title: '文档名称',
      width: 180,
      sortable: true,
      render: (_v, doc) => (
        <Tooltip title={`${doc.doc_name}（点击下载原文件）`}>
          <Typography.Link ellipsis style={{ maxWidth: '100%' }} onClick={() => onDownload(doc)}>
            <FileTextOutlined /> {doc.doc_name}
          </Typography.Link>
        </Tooltip>
      ),
    },
    { key: 'secrecy_name', title: '密级', width: 76, sortable: true, render: (_v, doc) => <Tag style={{ marginInlineEnd: 0 }}>{doc.secrecy_name}</Tag> },
    { key: 'status', title: '状态', width: 120, sortable: true, render: (_v, doc) => <StatusTag doc={doc} /> },
    { key: 'review_role', title: '审核角色', width: 110, ellipsis: true, render: (_v, doc) => reviewRoles(doc) },
    { key: 'owner_name', title: '上传者', width: 100, ellipsis: true, hidden: true, sortable: true },
    { key: 'chunk_size', title: '分块数', width: 90, align: 'right', hidden: true, sortable: true },
    { key: 'size', title: '大小', width: 90, align: 'right', hidden: true, sortable: true, render: (_v, doc) => formatSize(doc.size) },
    { key: 'gmt_modified', title: '最后同步时间', width: 160, sortable: true },
    // Kept at the right edge, so 删除 is never cut off on a narrow window; 224 px holds the four small link buttons
    // (分段, 重新处理, 编辑, 删除: 44 + 72 + 44 + 44 px) and the cell's padding, which the table no longer widens itself.
    { key: 'actions', title: '操作', width: 224, fixed: 'right', render: (_v, doc) => actions(doc) },
  ];
}
