import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { DEFAULT_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, ROW_TOOLS_WIDTH } from './constants';
import type { ResizableHeaderCellProps } from './ResizableHeaderCell';
import { RowTools } from './RowTools';
import { SORT_DIRECTIONS } from './sort';
import { isSystemRow } from './system-row';
import type { DataRow, DataTableButton, DataTableProps } from './types';

type Options<Row extends DataRow> = DataTableProps<Row> & {
  can: (code: DataTableButton) => boolean;
  visibleKeys: string[];
  sort: { columnKey: string; order: 'descend' | 'ascend' } | null;
  widths: Record<string, number>;
  onWidth: (key: string, width: number) => void;
};

/** Builds antd columns: index, the visible data columns (sortable, resizable), then the row tools. */
export function useTableColumns<Row extends DataRow>(o: Options<Row>): TableColumnsType<Row> {
  const offset = o.pagination ? (o.pagination.currentPage - 1) * o.pagination.pageSize : 0;
  const { columns, visibleKeys, sort, showIndex, showRowTools, can, onView, onEdit, onDelete, systemField, systemTip, widths, onWidth } = o;
  // Memoised so the table's own state changes (a selection, the drawer) do not hand every cell a new render function.
  return useMemo(() => {
    const result: TableColumnsType<Row> = [];
    if (showIndex !== false) {
      result.push({ key: '__index', title: '序号', width: INDEX_COLUMN_WIDTH, align: 'center', render: (_v, _r, i) => offset + i + 1 });
    }
    // In the order the user chose (visibleKeys), widths as they left them.
    const byKey = new Map(columns.map((col) => [col.key, col]));
    for (const c of visibleKeys.map((k) => byKey.get(k)).filter((col): col is NonNullable<typeof col> => col !== undefined)) {
      const width = widths[c.key] ?? c.width ?? DEFAULT_COLUMN_WIDTH;
      result.push({
        key: c.key,
        dataIndex: c.key,
        title: c.title,
        width,
        align: c.align,
        ellipsis: c.ellipsis,
        fixed: c.fixed,
        render: c.render,
        sorter: c.sortable ? true : undefined,
        sortDirections: c.sortable ? SORT_DIRECTIONS : undefined,
        sortOrder: c.sortable ? (sort?.columnKey === c.key ? sort.order : null) : undefined,
        onHeaderCell: () =>
          ({ resizeWidth: width, onResizeWidth: (w: number) => onWidth(c.key, w) }) as ResizableHeaderCellProps,
      });
    }
    const hasTools = (onView && can('view')) || (onEdit && can('edit')) || (onDelete && can('delete'));
    if (showRowTools !== false && hasTools) {
      result.push({
        key: '__tools',
        title: '操作',
        width: ROW_TOOLS_WIDTH,
        fixed: 'right',
        render: (_v, row) => (
          <RowTools
            row={row} locked={isSystemRow(row, systemField)} lockedTip={systemTip} can={can} onView={onView} onEdit={onEdit} onDelete={onDelete}
          />
        ),
      });
    }
    return result;
  }, [columns, visibleKeys, sort, showIndex, showRowTools, can, onView, onEdit, onDelete, systemField, systemTip, widths, onWidth, offset]);
}
