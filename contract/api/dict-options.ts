import type { DictOption, DictTreeNode } from './dicts';

/**
 * The options of a dictionary select from a tree4def answer's `children` (spec §7): the enabled entries
 * depth-first, a sub-entry's label carrying its parents (`软密封 / PTFE 软密封`), `id` the entry's code.
 */
export function dictTreeOptions(nodes: DictTreeNode[], prefix = ''): DictOption[] {
  return nodes.flatMap((n) => {
    if (n.disabled) return [];
    const name = prefix ? `${prefix} / ${n.name}` : n.name;
    return [{ name, id: n.code }, ...dictTreeOptions(n.children, name)];
  });
}
