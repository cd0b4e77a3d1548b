import { ApartmentOutlined } from '@ant-design/icons';
import { Empty, Spin, Typography } from 'antd';
import type { MenuProps } from 'antd';
import type { DeptTreeNode } from '../../../../contract/api';
import { ROOT_DEPT_ID } from '../../../../contract/api/runtime';
import { SearchTree, type KitTreeNode } from '../../../components/tree';
import { toKitTree } from './dept-tree';
import styles from './DeptMgrPage.module.css';

/** Tree operations offered on a node. */
export type DeptTreeAction = 'addChild' | 'edit' | 'delete';

export type DeptTreePanelProps = {
  tree: DeptTreeNode[] | undefined;
  loading: boolean;
  selectedId: number;
  onSelect: (id: number) => void;
  /** Whether the signed-in account holds the deptMgr button (add, edit, delete). */
  can: (code: 'add' | 'edit' | 'delete') => boolean;
  onAction: (action: DeptTreeAction, dept: DeptTreeNode) => void;
};

type TreeCan = DeptTreePanelProps['can'];

/** The menu of a node: 新增下级, 编辑 and 删除 as the buttons allow; the root can only get children. */
function menuOf(can: TreeCan) {
  return (node: KitTreeNode): MenuProps['items'] => {
    const dept = node.data as DeptTreeNode;
    const root = dept.id === ROOT_DEPT_ID || dept.parentId === null;
    return [
      can('add') && { key: 'addChild', label: '新增下级' },
      can('edit') && !root && { key: 'edit', label: '编辑' },
      can('delete') && !root && { key: 'delete', label: '删除', danger: true },
    ].filter((item) => !!item);
  };
}

/** Left pane: the department tree with search, right-click menu and per-node operations. */
export function DeptTreePanel({ tree, loading, selectedId, onSelect, can, onAction }: DeptTreePanelProps) {
  const menu = menuOf(can);
  const act = (key: string, node: KitTreeNode) => onAction(key as DeptTreeAction, node.data as DeptTreeNode);
  return (
    <section className={styles.treePane} aria-label="部门结构">
      <Typography.Title level={5} className={styles.paneTitle}>
        <ApartmentOutlined /> 部门结构
      </Typography.Title>
      {loading && !tree ? (
        <Spin className={styles.center} />
      ) : !tree?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <SearchTree
          treeData={toKitTree(tree)}
          searchPlaceholder="搜索部门名称"
          selectedKey={String(selectedId)}
          onSelect={(node) => onSelect(Number(node.key))}
          defaultExpandedKeys={[String(tree[0].id), ...tree[0].children.map((c) => String(c.id))]}
          contextMenu={menu}
          onContextMenuClick={act}
          operations={menu}
          onOperationClick={act}
          defaultWidth={window.innerWidth >= 1400 ? 240 : 210}
        />
      )}
    </section>
  );
}
