import { Empty, Table } from 'antd';
import type { TableColumnsType, TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { ColumnDrawer } from './ColumnDrawer';
import { PAGE_SIZE_OPTIONS, SELECTION_COLUMN_WIDTH } from './constants';
import { DataTableToolbar } from './DataTableToolbar';
import { ResizableHeaderCell } from './ResizableHeaderCell';
import { SelectCheck } from './SelectCheck';
import { defaultTableId, loadTableSettings, saveTableSettings } from './settings';
import { toSortItem } from './sort';
import { isSystemRow } from './system-row';
import type { DataRow, DataTableButton, DataTableProps } from './types';
import { useTableColumns } from './useTableColumns';
import { useWidth } from './useWidth';
import { VirtualBody, type BodyColumn, type BodyScrollInfo, type BodySelection } from './VirtualBody';

const allowAll = () => true;

/** `keys` with `key` moved one place up (-1) or down (+1). */
export function moveKey(keys: string[], key: string, step: -1 | 1): string[] {
  const i = keys.indexOf(key);
  const j = i + step;
  if (i < 0 || j < 0 || j >= keys.length) return keys;
  const next = [...keys];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Above this many rows the table renders only what is visible (VirtualBody; 200 × 20 must paint in < 100 ms). */
export const VIRTUAL_ROW_THRESHOLD = 60;
const DEFAULT_SCROLL_Y = 560;
const DEFAULT_COLUMN_WIDTH = 150;

const HEADER_ONLY = { header: { cell: ResizableHeaderCell } };
/** What antd's table shows without rows (its default for tables), drawn by VirtualBody when it has none. */
const EMPTY = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;

/** The virtual body's columns: antd's columns as DataTable built them (the select column is the body's own). */
function toBodyColumns<Row extends DataRow>(columns: TableColumnsType<Row>): BodyColumn<Row>[] {
  return (columns as TableColumnType<Row>[]).map((c) => {
    const field = typeof c.dataIndex === 'string' ? c.dataIndex : null;
    const value = (row: Row) => (field ? row[field] : undefined);
    return {
      key: String(c.key),
      width: typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH,
      align: c.align,
      ellipsis: !!c.ellipsis,
      fixedRight: c.fixed === 'right',
      cell: (row, index) => (c.render ? (c.render(value(row), row, index) as ReactNode) : (value(row) as ReactNode)),
      title: c.ellipsis ? (row) => (typeof value(row) === 'string' ? (value(row) as string) : undefined) : undefined,
    };
  });
}

/** The full width of the columns (and the select column): the table's width, wider than its box when it scrolls sideways. */
function columnsWidth(columns: { width?: number | string }[], selection: 'multiple' | 'single' | 'none'): number {
  return columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0)
    + (selection === 'none' ? 0 : SELECTION_COLUMN_WIDTH);
}

/** A row's select checkbox (or radio); memoised on the row so a selection change re-renders only the rows it touches. */
const RowCheck = memo(function RowCheck<Row extends DataRow>({ type, row, checked, disabled, onToggle }: {
  type: 'checkbox' | 'radio';
  row: Row;
  checked: boolean;
  disabled: boolean;
  onToggle: (row: Row) => void;
}) {
  return <SelectCheck type={type} label="选择此行" checked={checked} disabled={disabled} onChange={() => onToggle(row)} />;
}) as <Row extends DataRow>(props: { type: 'checkbox' | 'radio'; row: Row; checked: boolean; disabled: boolean; onToggle: (row: Row) => void }) => ReactNode;

/** The generic data table of spec §2 over antd Table, with server-side paging and sorting. */
export function DataTable<Row extends DataRow>(props: DataTableProps<Row>) {
  const { rows, rowKey = 'id', selection = 'multiple', pagination, systemField } = props;
  const can: (code: DataTableButton) => boolean = props.can ?? allowAll;
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  // Shown columns (in order), widths and sort are kept per user and table across reloads (D38).
  const tableId = props.tableId ?? defaultTableId(props.columns);
  const [initial] = useState(() => loadTableSettings(tableId, props.columns));
  const [visibleKeys, setVisibleKeys] = useState(initial.visible);
  const [widths, setWidths] = useState(initial.widths);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The column drawer is mounted when first opened, and stays mounted for its closing animation.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [sort, setSort] = useState<{ columnKey: string; order: 'descend' | 'ascend' } | null>(initial.sort);
  useEffect(() => {
    saveTableSettings(tableId, { visible: visibleKeys, widths, sort });
  }, [tableId, visibleKeys, widths, sort]);
  // A kept sort is the page's first query too.
  const onSortChange = useRef(props.onSortChange);
  useEffect(() => {
    if (initial.sort) onSortChange.current?.(toSortItem(initial.sort));
  }, [initial.sort]);
  const onWidth = useCallback((key: string, width: number) => setWidths((prev) => ({ ...prev, [key]: width })), []);
  // The columns are fitted to the table's width (less the selection column): the spare goes to data columns, so the
  // index, selection and 操作 columns keep their widths of spec §9 at any window width.
  const [width, measured] = useWidth<HTMLDivElement>();
  const room = width > 0 ? width - (selection === 'none' ? 0 : SELECTION_COLUMN_WIDTH) : 0;
  const columns = useTableColumns({ ...props, can, visibleKeys, sort, widths, onWidth, room });
  // virtualFrom 0 without paging: virtual at any length, none included (VirtualBody draws the empty state), so a
  // polled table whose first rows arrive is not switched from antd's one-table layout to header and body (D79).
  const alwaysVirtual = props.virtualFrom === 0 && !pagination;
  const virtual = alwaysVirtual || rows.length > (props.virtualFrom ?? VIRTUAL_ROW_THRESHOLD);
  const scrollY = props.scrollY ?? DEFAULT_SCROLL_Y;

  const select = (keys: Key[], picked: Row[]) => {
    setSelected({ keys, rows: picked });
    props.onSelectionChange?.(keys, picked);
  };
  const selectedSet = new Set(selected.keys);
  const keyOf = useCallback((row: Row) => row[rowKey] as Key, [rowKey]);
  const selectable = selection === 'multiple' ? rows.filter((r) => !isSystemRow(r, systemField)) : rows;
  const pageChecked = selectable.filter((r) => selectedSet.has(keyOf(r))).length;
  const toggleAll = () => {
    const pageKeys = new Set(selectable.map(keyOf));
    if (pageChecked === selectable.length) {
      select(selected.keys.filter((k) => !pageKeys.has(k)), selected.rows.filter((r) => !pageKeys.has(keyOf(r))));
    } else {
      const added = selectable.filter((r) => !selectedSet.has(keyOf(r)));
      select([...selected.keys, ...added.map(keyOf)], [...selected.rows, ...added]);
    }
  };
  const toggle = (row: Row) => {
    const key = keyOf(row);
    if (selection === 'single') select([key], [row]);
    else if (selectedSet.has(key)) select(selected.keys.filter((k) => k !== key), selected.rows.filter((r) => keyOf(r) !== key));
    else select([...selected.keys, key], [...selected.rows, row]);
  };
  // One stable handler for every row's checkbox, so the memoised checkboxes of unchanged rows do not re-render.
  const toggleRef = useRef(toggle);
  useLayoutEffect(() => {
    toggleRef.current = toggle;
  });
  const onToggle = useCallback((row: Row) => toggleRef.current(row), []);
  // The long page's body: the same columns, drawn by VirtualBody (only the rows in view).
  const bodyColumns = useMemo(() => toBodyColumns(columns), [columns]);
  const bodySelection = useMemo<BodySelection<Row> | undefined>(() => (selection === 'none' ? undefined : {
    type: selection === 'single' ? 'radio' : 'checkbox',
    width: SELECTION_COLUMN_WIDTH,
    disabled: (row) => selection === 'multiple' && isSystemRow(row, systemField),
    onToggle,
  }), [selection, systemField, onToggle]);
  // The long page's rows go to VirtualBody directly; antd's table is handed an array that changes only when it must:
  // rc-table re-measures its sideways scroll whenever its data changes (a forced layout and a second render inside
  // the commit: 40–100 ms each time a polled page brought new rows, D49), and with a custom body it reads the data
  // only for being empty or not, and antd for paging (then the count must match).
  const [handed, setHanded] = useState(rows);
  if (pagination ? handed.length !== rows.length : (handed.length === 0) !== (rows.length === 0)) setHanded(rows);
  // Always virtual: one array for the table's whole life, never empty, so rc-table never re-measures because rows
  // came or went (its effect on data forces a layout and a second render inside the commit that brings them: the
  // generation page's first cases, D79). Nothing reads its row: the body is VirtualBody, the select-all is ours.
  const [standIn] = useState(() => [{ [rowKey]: '\u0000stand-in' } as unknown as Row]);
  const renderBody = (_data: readonly Row[], info: BodyScrollInfo) => (
    <VirtualBody
      rows={rows} columns={bodyColumns} selection={bodySelection} rowKey={keyOf} isSelected={(r) => selectedSet.has(keyOf(r))}
      height={scrollY} scrollbarSize={info.scrollbarSize} scrollRef={info.ref} onScroll={info.onScroll} empty={EMPTY}
    />
  );
  const batchDelete = async () => {
    try {
      await props.onBatchDelete?.(selected.rows);
      select([], []);
    } catch {
      // The caller reports the failure; the selection stays so the user can retry.
    }
  };
  const onChange: TableProps<Row>['onChange'] = (page: TablePaginationConfig, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const item = toSortItem({ columnKey: one?.columnKey, order: one?.order });
      setSort(item ? { columnKey: item.property, order: item.direction === 'ASC' ? 'ascend' : 'descend' } : null);
      props.onSortChange?.(item);
    } else if (extra.action === 'paginate') {
      props.onPageChange?.(page.current ?? 1, page.pageSize ?? PAGE_SIZE_OPTIONS[0]);
    }
  };

  return (
    <div className="data-table" ref={measured}>
      <DataTableToolbar
        can={can}
        selectedCount={selected.keys.length}
        onAdd={props.onAdd}
        onBatchDelete={props.onBatchDelete && selection === 'multiple' ? batchDelete : undefined}
        onOpenColumns={() => {
          setDrawerMounted(true);
          setDrawerOpen(true);
        }}
        extra={props.toolbarExtra}
      />
      <Table<Row>
        rowKey={rowKey}
        dataSource={alwaysVirtual ? standIn : virtual ? handed : rows}
        columns={columns}
        loading={props.loading}
        tableLayout="fixed"
        // A width in pixels, never 'max-content': with an intrinsic width Chromium lays the table out automatically,
        // widening a column to its longest unbroken text (no ellipsis) and pushing the last ones under the fixed 操作.
        scroll={virtual ? { x: columnsWidth(columns, selection), y: scrollY } : { x: columnsWidth(columns, selection) }}
        components={virtual ? { header: { cell: ResizableHeaderCell }, body: renderBody } : HEADER_ONLY}
        rowSelection={
          selection === 'none'
            ? undefined
            : {
                type: selection === 'single' ? 'radio' : 'checkbox',
                columnWidth: SELECTION_COLUMN_WIDTH,
                selectedRowKeys: selected.keys,
                onChange: select,
                getCheckboxProps: (row) => ({ disabled: selection === 'multiple' && isSystemRow(row, systemField) }),
                columnTitle:
                  selection === 'multiple' ? (
                    <SelectCheck
                      type="checkbox"
                      label="全选"
                      checked={selectable.length > 0 && pageChecked === selectable.length}
                      indeterminate={pageChecked > 0 && pageChecked < selectable.length}
                      disabled={selectable.length === 0}
                      onChange={toggleAll}
                    />
                  ) : undefined,
                renderCell: (checked, row) => (
                  <RowCheck
                    type={selection === 'single' ? 'radio' : 'checkbox'}
                    row={row}
                    checked={checked}
                    disabled={selection === 'multiple' && isSystemRow(row, systemField)}
                    onToggle={onToggle}
                  />
                ),
              }
        }
        pagination={
          pagination
            ? {
                current: pagination.currentPage,
                pageSize: pagination.pageSize,
                total: pagination.totalSize,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (total) => `共 ${total} 条`,
              }
            : false
        }
        onChange={onChange}
      />
      {drawerMounted && <ColumnDrawer
        open={drawerOpen}
        columns={props.columns.map((c) => ({ key: c.key, title: c.title }))}
        visibleKeys={visibleKeys}
        // Columns keep the order they were shown in; one shown again goes to the end.
        onChange={(keys) => setVisibleKeys((prev) => [...prev.filter((k) => keys.includes(k)), ...keys.filter((k) => !prev.includes(k))])}
        onMove={(key, step) => setVisibleKeys((prev) => moveKey(prev, key, step))}
        onClose={() => setDrawerOpen(false)}
      />}
    </div>
  );
}
