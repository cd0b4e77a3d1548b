/**
 * Puts each row's node under its parent's node, in the rows' order: the roots, each with its children. A row whose
 * parent is not among the rows is a root.
 */
export function nestByParent<N extends { children: N[] }>(rows: { id: number; parentId: number | null }[], nodes: Map<number, N>): N[] {
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as N;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
