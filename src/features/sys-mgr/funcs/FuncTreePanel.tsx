import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Spin } from 'antd';
import type { MenuProps } from 'antd';
import type { FuncNode } from '../../../../contract/api';
import { SearchTree, type KitTreeNode } from '../../../components/tree';
import { notify } from '../../../lib/notify';
import { hasButton } from '../../../lib/storage';
import { useDeleteFuncMutation } from './api';
import { failureMessage, toKitTree } from './func-tree';

const PAGE = '/implConfigMgr/funcMgr';

/** Props of FuncTreePanel. */
export type FuncTreePanelProps = {
  nodes: FuncNode[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Opens 新增功能 under the parent (null = top level). */
  onAdd: (parent: FuncNode | null) => void;
  onDeleted: (id: number) => void;
};

/** The function tree with search; each node's operations (新增下级, 删除) follow the account's grants. */
export function FuncTreePanel({ nodes, loading, selectedId, onSelect, onAdd, onDeleted }: FuncTreePanelProps) {
  const { modal } = App.useApp();
  const [remove] = useDeleteFuncMutation();
  const canAdd = hasButton(PAGE, 'add');
  const canDelete = hasButton(PAGE, 'delete');

  const operations = (node: KitTreeNode): MenuProps['items'] => {
    const func = node.data as FuncNode;
    const items: MenuProps['items'] = [];
    if (canAdd) items.push({ key: 'add', label: '新增下级功能' });
    if (canDelete) {
      items.push({
        // Shipped functions hold built-in buttons and are never deleted (D28; the server refuses too).
        key: 'delete', danger: true, disabled: func.builtin || func.children.length > 0,
        label: func.builtin ? '删除（系统内置）' : func.children.length ? '删除（含下级功能）' : '删除',
      });
    }
    return items;
  };
  const confirmDelete = (func: FuncNode) => {
    void modal.confirm({
      title: '确认删除？',
      content: `删除功能“${func.name}”（${func.path}）及其 ${func.buttons.length} 个按钮，已授予角色的相关权限将一并收回。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove(func.id).unwrap();
          notify().success('功能已删除');
          onDeleted(func.id);
        } catch (error) {
          notify().error(failureMessage(error, '删除功能失败'), 5);
        }
      },
    });
  };
  const onOperation = (key: string, node: KitTreeNode) => {
    const func = node.data as FuncNode;
    if (key === 'add') onAdd(func);
    if (key === 'delete') confirmDelete(func);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      {canAdd && (
        <Button icon={<PlusOutlined />} onClick={() => onAdd(null)} block>
          新增顶级功能
        </Button>
      )}
      <Spin spinning={loading}>
        {nodes.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无功能" />
        ) : (
          <SearchTree
            treeData={toKitTree(nodes)}
            searchPlaceholder="搜索功能名称"
            selectedKey={selectedId === null ? undefined : String(selectedId)}
            onSelect={(node) => onSelect(Number(node.key))}
            operations={operations}
            onOperationClick={onOperation}
            contextMenu={operations}
            onContextMenuClick={onOperation}
            defaultWidth={280}
          />
        )}
      </Spin>
    </div>
  );
}
