import { departments } from '../../db/schema';
import type { Deps } from '../../deps';

/** Resolves department name paths such as 总部/研发中心 (the root may be left out) to ids. */
export type DeptResolver = (path: string) => { id: number } | { problem: string };

function split(path: string): string[] {
  return path.split(/[/／\\>＞]/).map((s) => s.trim()).filter(Boolean);
}

/** Loads every department once and answers lookups by full path, path below the root, or a unique name. */
export async function deptResolver(deps: Deps): Promise<DeptResolver> {
  const rows = await deps.db.select({ id: departments.id, parentId: departments.parentId, name: departments.name }).from(departments);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  for (const r of rows) {
    const names: string[] = [];
    for (let n: typeof r | undefined = r, guard = 0; n && guard < 64; n = n.parentId === null ? undefined : byId.get(n.parentId), guard++) {
      names.unshift(n.name);
    }
    byPath.set(names.join('/'), r.id);
    // Without the root's name too (总部/研发中心 and 研发中心 both name the same department).
    if (names.length > 1) byPath.set(names.slice(1).join('/'), r.id);
    byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
  }
  return (path) => {
    const parts = split(path);
    const id = byPath.get(parts.join('/'));
    if (id !== undefined) return { id };
    if (parts.length === 1) {
      const same = byName.get(parts[0]) ?? [];
      if (same.length === 1) return { id: same[0] };
      if (same.length > 1) return { problem: `部门「${path}」有重名，请填写完整路径，如 总部/研发中心/${parts[0]}` };
    }
    return { problem: `部门「${path}」不存在` };
  };
}
