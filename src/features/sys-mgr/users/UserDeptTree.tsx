import { Empty, Spin, Typography } from 'antd';
import type { DeptTreeNode } from '../../../../contract/api';
import { SearchTree, type KitTreeNode } from '../../../components/tree';

function toKit(nodes: DeptTreeNode[]): KitTreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, data: n, children: toKit(n.children) }));
}

export type UserDeptTreeProps = {
  tree: DeptTreeNode[] | undefined;
  loading: boolean;
  selectedId: number;
  onSelect: (id: number, name: string) => void;
};

/** The department tree filtering the user table: a department shows its people and those of its sub-departments. */
export function UserDeptTree({ tree, loading, selectedId, onSelect }: UserDeptTreeProps) {
  if (loading && !tree) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!tree?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '0 0 8px 2px', fontSize: 12 }}>
        选择部门查看其及下级部门的人员
      </Typography.Text>
      <SearchTree
        treeData={toKit(tree)}
        searchPlaceholder="搜索部门"
        selectedKey={String(selectedId)}
        onSelect={(node) => onSelect(Number(node.key), node.title)}
        defaultExpandedKeys={[String(tree[0].id), ...tree[0].children.map((c) => String(c.id))]}
        defaultWidth={220}
        resizable={false}
      />
    </>
  );
}
