import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Tree } from 'antd';
import type { MenuProps } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { Key } from 'react';
import { clamp } from '../_shared';
import { filterTree, parentKeys, TREE_MAX_WIDTH, TREE_MIN_WIDTH } from './filter-tree';
import { NodeTitle } from './NodeTitle';
import type { KitTreeNode, SearchTreeProps } from './types';
import { WidthHandle } from './WidthHandle';

/** Keys of the built-in items of the tree's operations dropdown. */
export const TREE_EXPAND_ALL = 'expandAll';
export const TREE_COLLAPSE_ALL = 'collapseAll';
const BUILT_IN_OPERATIONS: NonNullable<MenuProps['items']> = [
  { key: TREE_EXPAND_ALL, label: '展开全部' },
  { key: TREE_COLLAPSE_ALL, label: '折叠全部' },
];

/** The generic tree of spec §2: search with highlight and auto-expand, menus, checkboxes, width handle. */
export function SearchTree(props: SearchTreeProps) {
  const { treeData, searchable = true, resizable = true } = props;
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>(() => props.defaultExpandedKeys ?? []);
  const [autoExpandParent, setAutoExpandParent] = useState(false);
  const [width, setWidth] = useState(() => clamp(props.defaultWidth ?? 260, TREE_MIN_WIDTH, TREE_MAX_WIDTH));
  const filtered = useMemo(() => filterTree(treeData, search), [treeData, search]);

  // What was open before a search: clearing the search goes back to it rather than to the bare root.
  const beforeSearch = useRef<Key[] | null>(null);
  const onSearch = (text: string) => {
    setSearch(text);
    if (text) {
      if (beforeSearch.current === null) beforeSearch.current = expanded;
      setExpanded(filterTree(treeData, text).expandedKeys);
      setAutoExpandParent(true);
    } else {
      setExpanded(beforeSearch.current ?? expanded);
      beforeSearch.current = null;
      setAutoExpandParent(false);
    }
  };
  const onTreeOperation = (key: string) => {
    if (key === TREE_EXPAND_ALL || key === TREE_COLLAPSE_ALL) {
      setExpanded(key === TREE_EXPAND_ALL ? parentKeys(filtered.nodes) : []);
      setAutoExpandParent(false);
    } else {
      props.onTreeOperation?.(key);
    }
  };
  const onWidth = (w: number) => {
    setWidth(w);
    props.onWidthChange?.(w);
  };

  return (
    <div className="search-tree" style={{ position: 'relative', width, display: 'flex', flexDirection: 'column', gap: 8, paddingRight: 6 }}>
      <div style={{ display: 'flex', gap: 4 }}>
        {searchable && (
          <Input.Search allowClear style={{ flex: 1 }} placeholder={props.searchPlaceholder ?? '请输入关键字'} onChange={(e) => onSearch(e.target.value)} />
        )}
        <Dropdown
          trigger={['click']}
          menu={{ items: [...BUILT_IN_OPERATIONS, ...(props.treeOperations ?? [])], onClick: ({ key }) => onTreeOperation(key) }}
        >
          <Button aria-label="树操作" icon={<MoreOutlined />} style={searchable ? undefined : { marginInlineStart: 'auto' }} />
        </Dropdown>
      </div>
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
