import type { MenuProps } from 'antd';
import type { Key } from 'react';

/** A node of the generic tree. */
export type KitTreeNode = {
  key: string;
  title: string;
  disabled?: boolean;
  children?: KitTreeNode[];
  /** Anything the page wants back in callbacks. */
  data?: unknown;
};

/** Menu items for a node (context menu or operations dropdown); none or an empty list shows nothing. */
export type NodeMenu = (node: KitTreeNode) => MenuProps['items'];

/** Props of SearchTree. */
export type SearchTreeProps = {
  treeData: KitTreeNode[];
  /** Show the search box (default true). */
  searchable?: boolean;
  searchPlaceholder?: string;
  checkable?: boolean;
  checkedKeys?: Key[];
  onCheck?: (keys: Key[]) => void;
  selectedKey?: string;
  onSelect?: (node: KitTreeNode) => void;
  /** Right-click menu of a node. */
  contextMenu?: NodeMenu;
  onContextMenuClick?: (key: string, node: KitTreeNode) => void;
  /** The per-node operations dropdown (a … button). */
  operations?: NodeMenu;
  onOperationClick?: (key: string, node: KitTreeNode) => void;
  /** More items for the tree's own operations dropdown, after 展开全部 and 折叠全部. */
  treeOperations?: MenuProps['items'];
  onTreeOperation?: (key: string) => void;
  /** Initial width in px, kept within 200..500 by the drag handle (default 260). */
  defaultWidth?: number;
  onWidthChange?: (width: number) => void;
  /** Show the width handle (default true). */
  resizable?: boolean;
  /** Keys expanded when the tree first shows (e.g. the root). */
  defaultExpandedKeys?: Key[];
  /**
   * Height of the node list in px: only the visible nodes are rendered (needed for large trees, e.g. 5,000
   * departments). Without it every node is rendered.
   */
  height?: number;
};
