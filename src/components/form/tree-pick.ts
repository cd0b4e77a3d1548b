/** A department or tbom tree node (spec §3). */
export type PickNode = { id: string | number; name: string; disabled?: boolean; children?: PickNode[] };

/** Popover re-alignment delay and search debounce of the tree selects (spec §9). */
export const TREE_SELECT_POPOVER_REFRESH_MS = 50;
export const TREE_SELECT_DEBOUNCE_MS = 300;

/** Whether a node can be picked: never when disabled; a parent only with clickParent. */
export function canPick(node: PickNode, clickParent = false): boolean {
  if (node.disabled) return false;
  return !node.children?.length || clickParent;
}

/** The ids of a comma-joined value. */
export function splitValue(value: string | null | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

/** The value after picking id: toggled in a multi-select (comma-joined), replaced in a single one. */
export function pickValue(current: string | null | undefined, id: string, multiple: boolean): string {
  if (!multiple) return id;
  const ids = splitValue(current);
  return (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]).join(',');
}

/** Names of the nodes with the given ids, in id order; unknown ids show as themselves. */
export function namesOf(nodes: PickNode[], ids: string[]): string[] {
  const names = new Map<string, string>();
  const walk = (list: PickNode[]) =>
    list.forEach((n) => {
      names.set(String(n.id), n.name);
      if (n.children) walk(n.children);
    });
  walk(nodes);
  return ids.map((id) => names.get(id) ?? id);
}

/** Nodes whose name contains the text, with their ancestors (client-side search of the department tree). */
export function filterPickNodes(nodes: PickNode[], text: string): PickNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.flatMap((n) => {
    if (n.name.toLowerCase().includes(needle)) return [n];
    const children = filterPickNodes(n.children ?? [], text);
    return children.length ? [{ ...n, children }] : [];
  });
}
