import type { ToolDept } from '../../contract/api';

/** A node of a department picker (antd TreeSelect). */
export type DeptOption = { value: number; title: string; children?: DeptOption[] };

/**
 * A grant picker's department tree from the names-only flat list (id, name, parent), children under their parent
 * in the server's order; a department whose parent is not in the list stands at the top.
 */
export function deptOptions(depts: readonly ToolDept[]): DeptOption[] {
  const children = new Map<number | null, ToolDept[]>();
  const ids = new Set(depts.map((d) => d.id));
  for (const d of depts) {
    const parent = d.parent_id !== null && ids.has(d.parent_id) ? d.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const build = (parent: number | null): DeptOption[] | undefined => children.get(parent)?.map((d) => ({ value: d.id, title: d.name, children: build(d.id) }));
  return build(null) ?? [];
}
