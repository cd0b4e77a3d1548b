/** The generic data table (spec §2). */
export { DataTable } from './DataTable';
export { isSystemRow } from './system-row';
export { toSortItem, SORT_DIRECTIONS } from './sort';
export {
  CONFIRM_DELETE,
  INDEX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  PAGE_SIZE_OPTIONS,
  ROW_TOOLS_WIDTH,
  SELECTION_COLUMN_WIDTH,
} from './constants';
export type { DataRow, DataTableButton, DataTableColumn, DataTableProps, Pagination, SortItem } from './types';
