import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { splitHighlight } from './filter-tree';
import type { KitTreeNode, NodeMenu } from './types';

/** Props of NodeTitle. */
export type NodeTitleProps = {
  node: KitTreeNode;
  search: string;
  contextMenu?: NodeMenu;
  onContextMenuClick?: (key: string, node: KitTreeNode) => void;
  operations?: NodeMenu;
  onOperationClick?: (key: string, node: KitTreeNode) => void;
};

/** A node's title: the search match highlighted, a right-click menu and an operations dropdown. */
export function NodeTitle({ node, search, contextMenu, onContextMenuClick, operations, onOperationClick }: NodeTitleProps) {
  const parts = splitHighlight(node.title, search);
  const text = parts ? (
    <span>
      {parts[0]}
      <mark className="tree-search-hit" style={{ padding: 0, color: '#f5222d', background: 'transparent' }}>
        {parts[1]}
      </mark>
      {parts[2]}
    </span>
  ) : (
    <span>{node.title}</span>
  );
  const ctxItems = contextMenu?.(node);
  const opItems = operations?.(node);
  return (
    <span className="tree-node-title" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {ctxItems?.length ? (
        <Dropdown trigger={['contextMenu']} menu={{ items: ctxItems, onClick: ({ key }) => onContextMenuClick?.(key, node) }}>
          {text}
        </Dropdown>
      ) : (
        text
      )}
      {opItems?.length ? (
        <Dropdown trigger={['click']} menu={{ items: opItems, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), onOperationClick?.(key, node)) }}>
          <Button type="text" size="small" aria-label={`${node.title} 操作`} icon={<EllipsisOutlined />} onClick={(e) => e.stopPropagation()} />
        </Dropdown>
      ) : null}
    </span>
  );
}
