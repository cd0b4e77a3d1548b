import type { DataTableColumn } from './types';

/** A user-like row for table tests. */
export type UserRow = { id: number; name: string; dept: string; isSystem?: string };

/** Rows 1..n, the first marked as a system row. */
export function makeRows(n: number): UserRow[] {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `用户${i + 1}`, dept: `部门${i + 1}`, isSystem: i === 0 ? 'true' : 'false' }));
}

/** Name (sortable) and department columns. */
export const userColumns: DataTableColumn<UserRow>[] = [
  { key: 'name', title: '姓名', sortable: true },
  { key: 'dept', title: '部门' },
];
