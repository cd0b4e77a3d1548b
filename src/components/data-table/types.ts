import type { TableColumnType } from 'antd';
import type { Key, ReactNode } from 'react';

/** A row of the table: any record with a key field (default `id`). */
export type DataRow = Record<string, unknown>;

/** Sort item of spec §3: the column's property and the direction. */
export type SortItem = { property: string; direction: 'ASC' | 'DESC' };

/** Server-side paging of spec §3. */
export type Pagination = { pageSize: number; currentPage: number; totalSize: number };

/** Buttons the table can show; `can(code)` decides each (e.g. from allBtn). */
export type DataTableButton = 'add' | 'batchDelete' | 'view' | 'edit' | 'delete' | 'columns';

/** A column: `key` is also the property reported for sorting. */
export type DataTableColumn<Row extends DataRow = DataRow> = {
  key: string;
  title: string;
  /** Initial width in px; resizing starts from it (default 150). */
  width?: number;
  sortable?: boolean;
  /** Hidden until the user shows it in the column drawer. */
  hidden?: boolean;
  render?: (value: unknown, row: Row, index: number) => ReactNode;
  align?: TableColumnType<Row>['align'];
  ellipsis?: boolean;
  /** Kept at the right edge while the table scrolls sideways (action links). */
  fixed?: 'right';
};

/** Props of DataTable. */
export type DataTableProps<Row extends DataRow = DataRow> = {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** Field holding the row key; default `id`. */
  rowKey?: string;
  loading?: boolean;
  /** Multi checkbox (default), single radio, or no select column. */
  selection?: 'multiple' | 'single' | 'none';
  onSelectionChange?: (keys: Key[], rows: Row[]) => void;
  /** Field whose STRING value 'true' marks a system row (not editable, not deletable); default `isSystem`. */
  systemField?: string;
  /** Tooltip of a system row's disabled 编辑 and 删除; default 系统内置，不能编辑或删除. */
  systemTip?: string;
  /** Shows the index column (default true). */
  showIndex?: boolean;
  /** Decides whether a button is shown; all are shown when absent. */
  can?: (code: DataTableButton) => boolean;
  onAdd?: () => void;
  onBatchDelete?: (rows: Row[]) => unknown;
  onView?: (row: Row) => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => unknown;
  /** Sorting changed: the new sort item, or null when the sort was cleared. */
  onSortChange?: (sort: SortItem | null) => void;
  /** Server-side paging; the table shows what it is given. */
  pagination?: Pagination;
  onPageChange?: (currentPage: number, pageSize: number) => void;
  /** Extra buttons on the toolbar, after the built-in ones. */
  toolbarExtra?: ReactNode;
  /** Hide the row-tools column (view/edit/delete). */
  showRowTools?: boolean;
  /**
   * Height of the scrolling body in px. With more rows than VIRTUAL_ROW_THRESHOLD the table renders
   * only the visible rows (VirtualBody under antd's header), which needs a height; default 560.
   */
  scrollY?: number;
  /**
   * Above this many rows render only the visible ones (default VIRTUAL_ROW_THRESHOLD). A table whose rows keep
   * arriving (a polled page) sets it low, so each answer redraws a screenful, not every row.
   */
  virtualFrom?: number;
  /**
   * Names the table for its kept settings (shown columns, order, widths, sort: per user, across reloads, D38).
   * Default: the page's route and the column keys.
   */
  tableId?: string;
};
