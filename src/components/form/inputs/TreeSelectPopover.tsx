import { DownOutlined } from '@ant-design/icons';
import { Empty, Input, Popover, Spin, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  canPick,
  filterPickNodes,
  namesOf,
  pickValue,
  splitValue,
  TREE_SELECT_DEBOUNCE_MS,
  TREE_SELECT_POPOVER_REFRESH_MS,
} from '../tree-pick';
import type { PickNode } from '../tree-pick';
import { useDebounced } from './useDebounced';
import { useLoaded } from './useLoaded';

/** Props of TreeSelectPopover. */
export type TreeSelectPopoverProps = {
  /** Picked id, or ids joined by commas when multiple. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Loads the tree; with serverFilter it gets the (debounced) search text. */
  load: (filter: string) => Promise<PickNode[]>;
  serverFilter?: boolean;
  multiple?: boolean;
  /** Parent nodes may be picked too. */
  clickParent?: boolean;
  searchable?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Opens with every node expanded (the department picker). */
  expandAll?: boolean;
  /** Loads again when this changes (what `load` depends on besides the search text). */
  loadKey?: string;
};

type Node = TreeDataNode & { raw: PickNode; children?: Node[] };
const toTreeData = (nodes: PickNode[], clickParent: boolean): Node[] =>
  nodes.map((n) => ({
    key: String(n.id),
    title: n.name,
    raw: n,
    disabled: n.disabled,
    selectable: canPick(n, clickParent),
    children: n.children?.length ? toTreeData(n.children, clickParent) : undefined,
  }));
const NONE: PickNode[] = [];

/**
 * A tree in a popover behind a read-only input (spec §2, §5): disabled nodes are never picked, parents only
 * with clickParent; multi-select toggles ids joined by commas; a single pick of a leaf closes the popover.
 * Search is debounced 300 ms; the popover re-aligns 50 ms after the data changes.
 */
export function TreeSelectPopover(props: TreeSelectPopoverProps) {
  const { value, multiple = false, clickParent = false, searchable = true, serverFilter = false, expandAll = false, loadKey = 'all' } = props;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const filter = useDebounced(search, TREE_SELECT_DEBOUNCE_MS);
  const { data, loading } = useLoaded(serverFilter ? `${loadKey}:s:${filter}` : loadKey, () => props.load(serverFilter ? filter : ''), NONE);
  const shown = useMemo(() => toTreeData(serverFilter ? data : filterPickNodes(data, filter), clickParent), [data, filter, serverFilter, clickParent]);
  const ids = splitValue(value);

  useEffect(() => {
    // Let the popover measure its new content, then re-align it (antd aligns on window resize).
    const timer = setTimeout(() => window.dispatchEvent(new Event('resize')), TREE_SELECT_POPOVER_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const onPick = (node: PickNode) => {
    if (!canPick(node, clickParent)) return;
    props.onChange?.(pickValue(value, String(node.id), multiple));
    if (!multiple && !node.children?.length) setOpen(false);
  };

  const content = (
    <div style={{ width: 280 }}>
      {searchable && <Input allowClear placeholder="请输入关键字" value={search} onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />}
      <Spin spinning={loading}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        ) : (
          <div style={{ maxHeight: 320, overflow: 'auto' }}>
            <Tree<Node>
              key={filter}
              treeData={shown}
              defaultExpandAll={expandAll || filter !== ''}
              multiple={multiple}
              selectedKeys={ids}
              expandAction="click"
              onSelect={(_keys, info) => onPick(info.node.raw)}
            />
          </div>
        )}
      </Spin>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomLeft" open={open && !props.disabled} onOpenChange={setOpen} content={content}>
      <Input
        readOnly
        disabled={props.disabled}
        placeholder={props.placeholder ?? '请选择'}
        value={namesOf(data, ids).join(',')}
        suffix={<DownOutlined />}
      />
    </Popover>
  );
}
