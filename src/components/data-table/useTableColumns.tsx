import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { DEFAULT_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, ROW_TOOLS_WIDTH } from './constants';
import { fitWidths, type FitColumn } from './fit-columns';
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
  /** Width the columns share (the table's, less the selection column); 0 until measured, then widths are as given. */
  room: number;
};

type DataColumn<Row extends DataRow> = DataTableProps<Row>['columns'][number];

/**
 * About how wide a column's heading is drawn (14 px text: a CJK character 14 px, others about 8; 8 px padding each
 * side; the sort arrows): a column giving way to others is not cut narrower than that.
 */
function headingWidth(title: string, sortable = false): number {
  const text = [...title].reduce((n, ch) => n + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8), 0);
  return text + 16 + (sortable ? 24 : 0);
}

/**
 * The shown data columns fitted to the room (fit-columns.ts): those the user has not resized grow into spare width,
 * and those that cut their text with an ellipsis give way when room is short, down to their heading's width and half
 * their own. Fixed columns never change.
 */
function fittedWidths<Row extends DataRow>(shown: DataColumn<Row>[], o: { widths: Record<string, number>; room: number; fixedWidth: number }) {
  const width = (c: DataColumn<Row>) => o.widths[c.key] ?? c.width ?? DEFAULT_COLUMN_WIDTH;
  const elastic = (c: DataColumn<Row>) => !c.fixed && o.widths[c.key] === undefined;
  // With every column resized by the user, they all share the spare rather than leave it to the index and 操作 columns.
  const anyElastic = shown.some(elastic);
  const fit: FitColumn[] = shown.map((c) => ({
    key: c.key,
    width: width(c),
    grows: anyElastic ? elastic(c) : !c.fixed,
    shrinks: elastic(c) && !!c.ellipsis,
    // Giving way at most half its width: a column squeezed further says too little, and the table scrolls instead.
    min: Math.max(headingWidth(c.title, c.sortable), Math.ceil(width(c) / 2)),
  }));
  fit.push({ key: '__fixed', width: o.fixedWidth, grows: false, shrinks: false });
  return fitWidths(fit, o.room, MIN_COLUMN_WIDTH);
}

/** Builds antd columns: index, the visible data columns (sortable, resizable, fitted to the room), then the row tools. */
export function useTableColumns<Row extends DataRow>(o: Options<Row>): TableColumnsType<Row> {
  const offset = o.pagination ? (o.pagination.currentPage - 1) * o.pagination.pageSize : 0;
  const { columns, visibleKeys, sort, showIndex, showRowTools, can, onView, onEdit, onDelete, systemField, systemTip, widths, onWidth, room } = o;
  // Memoised so the table's own state changes (a selection, the drawer) do not hand every cell a new render function.
  return useMemo(() => {
    const result: TableColumnsType<Row> = [];
    const hasTools = (onView && can('view')) || (onEdit && can('edit')) || (onDelete && can('delete'));
    const tools = showRowTools !== false && hasTools;
    if (showIndex !== false) {
      result.push({ key: '__index', title: '序号', width: INDEX_COLUMN_WIDTH, align: 'center', render: (_v, _r, i) => offset + i + 1 });
    }
    // In the order the user chose (visibleKeys), except that columns fixed at the right edge come last, as sticky
    // columns must; widths as the user left them, fitted to the room.
    const byKey = new Map(columns.map((col) => [col.key, col]));
    const visible = visibleKeys.map((k) => byKey.get(k)).filter((col): col is NonNullable<typeof col> => col !== undefined);
    const shown = [...visible.filter((c) => !c.fixed), ...visible.filter((c) => c.fixed)];
    const fitted = fittedWidths(shown, {
      widths, room, fixedWidth: (showIndex !== false ? INDEX_COLUMN_WIDTH : 0) + (tools ? ROW_TOOLS_WIDTH : 0),
    });
    for (const c of shown) {
      const width = fitted.get(c.key) ?? DEFAULT_COLUMN_WIDTH;
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
    if (tools) {
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
  }, [columns, visibleKeys, sort, showIndex, showRowTools, can, onView, onEdit, onDelete, systemField, systemTip, widths, onWidth, offset, room]);
}
