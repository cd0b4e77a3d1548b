/** The generic tree (spec §2). */
export { SearchTree, TREE_COLLAPSE_ALL, TREE_EXPAND_ALL } from './SearchTree';
export { WidthHandle } from './WidthHandle';
export { filterTree, parentKeys, splitHighlight, TREE_MAX_WIDTH, TREE_MIN_WIDTH } from './filter-tree';
export type { TreeFilterResult } from './filter-tree';
export type { KitTreeNode, NodeMenu, SearchTreeProps } from './types';
