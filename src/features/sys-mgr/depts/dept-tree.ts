import type { DeptTreeNode } from '../../../../contract/api';
import type { KitTreeNode } from '../../../components/tree';

/** The department tree as the kit's tree nodes (key = id); the node itself rides along in `data`. */
export function toKitTree(nodes: DeptTreeNode[]): KitTreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, data: n, children: toKitTree(n.children) }));
}

/** The department with this id anywhere in the tree. */
export function findDept(nodes: DeptTreeNode[], id: number): DeptTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findDept(n.children, id);
    if (below) return below;
  }
  return undefined;
}

/** Whether `id` is `ancestorId` or lies below it. */
export function isWithin(nodes: DeptTreeNode[], ancestorId: number, id: number): boolean {
  const top = findDept(nodes, ancestorId);
  return !!top && (top.id === id || !!findDept(top.children, id));
}
