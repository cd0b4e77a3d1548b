import { DeleteOutlined, EditOutlined, FileTextOutlined, FolderOpenOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Space as AntSpace } from 'antd';
import type { Space } from '../../../../contract/api';
import { EllipsisText } from '../../../components/ellipsis';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import styles from './KnowledgeBasePage.module.css';

export type SpaceCardProps = {
  space: Space;
  canEdit: boolean;
  canDelete: boolean;
  onOpen: (space: Space) => void;
  onEdit: (space: Space) => void;
  /** The pointer or the keyboard is at 编辑 (the page fetches the form's code then). */
  onPrepareEdit?: () => void;
  onDelete: (space: Space) => void;
};

/**
 * One space: name, description, owner and document count; open, and edit/delete for its owner. Drawn as antd's
 * hoverable small Card with actions looks, without it: antd's Card imports its Tabs (rc-tabs) for tabbed cards (D81).
 */
export function SpaceCard({ space, canEdit, canDelete, onOpen, onEdit, onPrepareEdit, onDelete }: SpaceCardProps) {
  const actions = [
    <Button key="open" type="link" size="small" icon={<FolderOpenOutlined />} onClick={() => onOpen(space)}>
      文档
    </Button>,
  ];
  if (canEdit && space.editable) {
    actions.push(
      <Button key="edit" type="link" size="small" icon={<EditOutlined />} onPointerEnter={onPrepareEdit} onFocus={onPrepareEdit} onClick={() => onEdit(space)}>
        编辑
      </Button>,
    );
  }
  if (canDelete && space.editable) {
    actions.push(
      <Button key="delete" type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(space)}>
        删除
      </Button>,
    );
  }
  return (
    <div className={styles.card} data-testid={`space-${space.name}`}>
      <div className={styles.cardBody} onClick={() => onOpen(space)} role="presentation">
        <EllipsisText as="h5" className={styles.cardTitle} tooltip={space.name}>
          {space.name}
        </EllipsisText>
        <EllipsisText as="p" rows={2} className={styles.cardDesc} tooltip={space.desc}>
          {space.desc || '暂无描述'}
        </EllipsisText>
        <AntSpace size={16} className={styles.meta} wrap>
          <LazyTooltip title="创建者">
            <span>
              <UserOutlined /> {space.owner_name || space.owner}
            </span>
          </LazyTooltip>
          <LazyTooltip title="您可查看的文档数">
            <span>
              <FileTextOutlined /> {space.docs} 个文档
            </span>
          </LazyTooltip>
        </AntSpace>
      </div>
      <ul className={styles.actions}>
        {actions.map((action) => (
          <li key={action.key}>{action}</li>
        ))}
      </ul>
    </div>
  );
}
