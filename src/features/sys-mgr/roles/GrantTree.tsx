import { Empty, Tag, Tree, Typography } from 'antd';
import type { GrantNode } from './grant-tree';

/** Props of GrantTree. */
export type GrantTreeProps = {
  nodes: GrantNode[];
  checked: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
  disabled?: boolean;
  /** Changes when the search text changes, so the filtered tree opens fully again. */
  searchKey: string;
};

function NodeLabel({ node }: { node: GrantNode }) {
  if (node.kind === 'button') {
    return (
      <span>
        <Tag variant="filled" color="processing" style={{ marginInlineEnd: 6 }}>按钮</Tag>
        {node.title}
      </span>
    );
  }
  return (
    <span>
      <Typography.Text strong>{node.title}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>{node.path}</Typography.Text>
      {node.hidden && <Tag variant="filled" style={{ marginInlineStart: 6 }}>不在菜单中</Tag>}
    </span>
  );
}

/** A checkable tree of function points with their buttons as leaves; checks do not cascade (see toggle). */
export function GrantTree({ nodes, checked, onToggle, disabled, searchKey }: GrantTreeProps) {
  if (nodes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <Tree<GrantNode>
      key={searchKey}
      checkable
      checkStrictly
      selectable={false}
      blockNode
      defaultExpandAll
      disabled={disabled}
      treeData={nodes}
      fieldNames={{ key: 'key', title: 'title', children: 'children' }}
      checkedKeys={{ checked: [...checked], halfChecked: [] }}
      onCheck={(_keys, info) => onToggle(String(info.node.key), info.checked)}
      titleRender={(node) => <NodeLabel node={node} />}
    />
  );
}
