import type { SortItem } from './types';

/** The order antd cycles through on header clicks: descending, ascending, then none. */
export const SORT_DIRECTIONS: ('descend' | 'ascend')[] = ['descend', 'ascend'];

/** Converts antd's sorter state to the sort item of spec §3 (null when unsorted). */
export function toSortItem(sorter: { columnKey?: unknown; order?: 'descend' | 'ascend' | null }): SortItem | null {
  if (!sorter.order || sorter.columnKey === undefined || sorter.columnKey === null) return null;
  return { property: String(sorter.columnKey), direction: sorter.order === 'ascend' ? 'ASC' : 'DESC' };
}
