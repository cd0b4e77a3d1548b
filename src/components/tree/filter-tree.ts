import type { KitTreeNode } from './types';

/** Narrowest and widest the tree panel can be dragged (spec §2). */
export const TREE_MIN_WIDTH = 200;
export const TREE_MAX_WIDTH = 500;

/** The result of filtering: the nodes to show and the keys to expand so every match is visible. */
export type TreeFilterResult = { nodes: KitTreeNode[]; expandedKeys: string[]; matchCount: number };

/**
 * Keeps nodes whose title contains the text (case-insensitive), their ancestors and their whole subtrees;
 * expands every ancestor of a match. Empty text returns the tree as is, nothing expanded.
 */
export function filterTree(nodes: KitTreeNode[], text: string): TreeFilterResult {
  const needle = text.trim().toLowerCase();
  if (!needle) return { nodes, expandedKeys: [], matchCount: 0 };
  const expanded: string[] = [];
  let matchCount = 0;
  const walk = (list: KitTreeNode[]): KitTreeNode[] =>
    list.flatMap((node) => {
      const hit = node.title.toLowerCase().includes(needle);
      if (hit) matchCount += 1;
      const children = node.children ? walk(node.children) : [];
      if (children.length) expanded.push(node.key);
      if (hit) return [{ ...node, children: node.children?.length ? mergeKept(node.children, children) : node.children }];
      return children.length ? [{ ...node, children }] : [];
    });
  const kept = walk(nodes);
  return { nodes: kept, expandedKeys: expanded, matchCount };
}

/** A matched node keeps all its children; those that had matches below keep their filtered (equal-or-fuller) form. */
function mergeKept(all: KitTreeNode[], filtered: KitTreeNode[]): KitTreeNode[] {
  const byKey = new Map(filtered.map((n) => [n.key, n]));
  return all.map((n) => byKey.get(n.key) ?? n);
}

/** Splits a title around the first occurrence of text, for highlighting; null when it does not occur. */
export function splitHighlight(title: string, text: string): [string, string, string] | null {
  const needle = text.trim().toLowerCase();
  const at = needle ? title.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return null;
  return [title.slice(0, at), title.slice(at, at + needle.length), title.slice(at + needle.length)];
}

/** Keys of every node that has children: what 展开全部 expands. */
export function parentKeys(nodes: KitTreeNode[]): string[] {
  const keys: string[] = [];
  const walk = (list: KitTreeNode[]) => {
    for (const node of list) {
      if (node.children?.length) {
        keys.push(node.key);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return keys;
}
