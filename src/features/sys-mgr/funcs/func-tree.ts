import type { FuncNode } from '../../../../contract/api';
import type { KitTreeNode } from '../../../components/tree';

/** The function tree as kit tree nodes (key = id, title = name; the function rides along in `data`). */
export function toKitTree(nodes: FuncNode[]): KitTreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, data: n, children: n.children.length ? toKitTree(n.children) : undefined }));
}

/** The function with this id anywhere in the tree. */
export function findFunc(nodes: FuncNode[], id: number | null): FuncNode | undefined {
  if (id === null) return undefined;
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findFunc(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The message of a refused call (RTK Query error or thrown ApiError). */
export function failureMessage(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
