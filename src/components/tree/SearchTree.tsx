import { Empty, Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import type { Key } from 'react';
import { clamp } from '../_shared';
import { filterTree, TREE_MAX_WIDTH, TREE_MIN_WIDTH } from './filter-tree';
import { NodeTitle } from './NodeTitle';
import type { KitTreeNode, SearchTreeProps } from './types';
import { WidthHandle } from './WidthHandle';

/** The generic tree of spec §2: search with highlight and auto-expand, menus, checkboxes, width handle. */
export function SearchTree(props: SearchTreeProps) {
  const { treeData, searchable = true, resizable = true } = props;
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>(() => props.defaultExpandedKeys ?? []);
  const [autoExpandParent, setAutoExpandParent] = useState(false);
  const [width, setWidth] = useState(() => clamp(props.defaultWidth ?? 260, TREE_MIN_WIDTH, TREE_MAX_WIDTH));
  const filtered = useMemo(() => filterTree(treeData, search), [treeData, search]);

  const onSearch = (text: string) => {
    setSearch(text);
    setExpanded(filterTree(treeData, text).expandedKeys);
    setAutoExpandParent(true);
  };
  const onWidth = (w: number) => {
    setWidth(w);
    props.onWidthChange?.(w);
  };

  return (
    <div className="search-tree" style={{ position: 'relative', width, display: 'flex', flexDirection: 'column', gap: 8, paddingRight: 6 }}>
      {searchable && <Input.Search allowClear placeholder={props.searchPlaceholder ?? '请输入关键字'} onChange={(e) => onSearch(e.target.value)} />}
      {filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <Tree<KitTreeNode>
          blockNode
          height={props.height}
          treeData={filtered.nodes}
          checkable={props.checkable}
          checkedKeys={props.checkedKeys}
          onCheck={(keys) => props.onCheck?.(Array.isArray(keys) ? keys : keys.checked)}
          selectedKeys={props.selectedKey ? [props.selectedKey] : []}
          onSelect={(_keys, info) => props.onSelect?.(info.node)}
          expandedKeys={expanded}
          autoExpandParent={autoExpandParent}
          onExpand={(keys) => {
            setExpanded(keys);
            setAutoExpandParent(false);
          }}
          titleRender={(node) => (
            <NodeTitle
              node={node}
              search={search}
              contextMenu={props.contextMenu}
              onContextMenuClick={props.onContextMenuClick}
              operations={props.operations}
              onOperationClick={props.onOperationClick}
            />
          )}
        />
      )}
      {resizable && <WidthHandle width={width} min={TREE_MIN_WIDTH} max={TREE_MAX_WIDTH} onChange={onWidth} />}
    </div>
  );
}
