import { memo, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import type { CSSProperties, Key, ReactNode, UIEvent } from 'react';
import { SelectCheck } from './SelectCheck';
import styles from './VirtualBody.module.css';

/** One column of the virtual body: its width, and what a row shows in it. */
export type BodyColumn<Row> = {
  key: string;
  width: number;
  align?: CSSProperties['textAlign'];
  /** Single line, cut with an ellipsis (the whole text as the cell's title). */
  ellipsis?: boolean;
  /** Stays at the right edge while the body scrolls sideways (the row tools, and action columns before them). */
  fixedRight?: boolean;
  /** A fixed column's distance from the right edge: the widths of the fixed columns after it (set by the body). */
  stickyRight?: number;
  /** The first of the fixed columns: it draws the shadow over what scrolls beneath them (set by the body). */
  fixedFirst?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell's title (the full text of a cut one). */
  title?: (row: Row) => string | undefined;
};

/** What rc-table hands a body given as a function (`components.body`): the body must scroll and report it. */
export type BodyScrollInfo = {
  scrollbarSize: number;
  /** rc-table reads and sets the body's sideways scroll through it (scrollLeft, scrollTo): the scrolling element. */
  ref: unknown;
  onScroll: (info: { currentTarget?: HTMLElement; scrollLeft?: number }) => void;
};

/** Height of a row of the small table with its row tools (24 px buttons, 8 px padding, 1 px border), as antd draws it. */
export const VIRTUAL_ROW_HEIGHT = 41;
/** Rows rendered beyond the visible ones on each side, so a fast scroll does not show blank rows. */
const OVERSCAN = 5;

const JUSTIFY: Partial<Record<string, string>> = { center: 'center', right: 'flex-end', end: 'flex-end' };

/** The select column of the virtual body: a checkbox or radio per row, checked when the row is selected. */
export type BodySelection<Row> = {
  type: 'checkbox' | 'radio';
  width: number;
  disabled: (row: Row) => boolean;
  onToggle: (row: Row) => void;
};

type RowProps<Row> = {
  row: Row;
  index: number;
  top: number;
  width: number;
  columns: BodyColumn<Row>[];
  selection: BodySelection<Row> | undefined;
  selected: boolean;
};

const VirtualRow = memo(function VirtualRow<Row>({ row, index, top, width, columns, selection, selected }: RowProps<Row>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      aria-selected={selected}
      className={`ant-table-row ${styles.row}${selected ? ` ant-table-row-selected ${styles.selected}` : ''}`}
      style={{ top, width }}
    >
      {selection && (
        <div role="cell" className={styles.cell} style={{ width: selection.width, justifyContent: 'center' }}>
          <SelectCheck
            type={selection.type}
            label="选择此行"
            checked={selected}
            disabled={selection.disabled(row)}
            onChange={() => selection.onToggle(row)}
          />
        </div>
      )}
      {columns.map((c) => (
        <div
          key={c.key}
          role="cell"
          className={`${styles.cell}${c.stickyRight === undefined ? '' : ` ${styles.fixedRight}`}${c.fixedFirst ? ` ${styles.fixedFirst}` : ''}`}
          style={{ width: c.width, right: c.stickyRight, justifyContent: JUSTIFY[c.align ?? 'left'] ?? 'flex-start' }}
          title={c.title?.(row)}
        >
          <span className={c.ellipsis ? styles.ellipsis : styles.content}>{c.cell(row, index)}</span>
        </div>
      ))}
    </div>
  );
}) as <Row>(props: RowProps<Row>) => ReactNode;

/** The last column gives the vertical scrollbar its width, as rc-table does in the header above the body. */
function withScrollbar<Row>(columns: BodyColumn<Row>[], scrollbarSize: number): BodyColumn<Row>[] {
  if (!scrollbarSize || !columns.length) return columns;
  const last = columns[columns.length - 1];
  return [...columns.slice(0, -1), { ...last, width: Math.max(0, last.width - scrollbarSize) }];
}

/** The fixed columns at the end of the row, each kept its distance from the right edge: the widths of those after it. */
function withStickyOffsets<Row>(columns: BodyColumn<Row>[]): BodyColumn<Row>[] {
  const result = [...columns];
  let right = 0;
  let i = result.length - 1;
  for (; i >= 0 && result[i].fixedRight; i--) {
    result[i] = { ...result[i], stickyRight: right };
    right += result[i].width;
  }
  if (i + 1 < result.length) result[i + 1] = { ...result[i + 1], fixedFirst: true };
  return result;
}

/**
 * Columns widened, in proportion to their widths, to fill `available` px when they are narrower: antd's header
 * table above fills the table's width the same way (table-layout fixed), so the rows stay under their headings.
 */
function filling<Row>(columns: BodyColumn<Row>[], available: number, selectionWidth: number): BodyColumn<Row>[] {
  const total = columns.reduce((n, c) => n + c.width, 0);
  const room = available - selectionWidth;
  if (!total || room <= total) return columns;
  let given = 0;
  return columns.map((c, i) => {
    // Whole pixels, the last column taking what rounding left, so the row is exactly as wide as the body.
    const width = i === columns.length - 1 ? room - given : Math.floor((c.width * room) / total);
    given += width;
    return { ...c, width };
  });
}

/** Hands the body's element to rc-table's ref (an object or a function). */
function forwardRef(ref: unknown, el: HTMLDivElement | null): void {
  if (typeof ref === 'function') ref(el);
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = el;
}

/** Props of VirtualBody. */
export type VirtualBodyProps<Row> = {
  rows: readonly Row[];
  columns: BodyColumn<Row>[];
  /** The select column, first, when rows can be selected. */
  selection?: BodySelection<Row>;
  rowKey: (row: Row) => Key;
  isSelected: (row: Row) => boolean;
  height: number;
  /** From rc-table (BodyScrollInfo): the scrollbar's width, the body's ref and the header's scroll sync. */
  scrollbarSize: number;
  scrollRef: BodyScrollInfo['ref'];
  onScroll: BodyScrollInfo['onScroll'];
  /** Shown without rows, as antd's table shows its empty text (then the body is only as tall as it). */
  empty?: ReactNode;
};

/**
 * The body of a long page: only the rows in view (and a few around them) are rendered, as plain elements of one
 * fixed height, under antd's own header. antd's virtual table renders each cell through rc-table's context-bound
 * cell component, which was most of the time to paint 200 rows × 20 columns (budget 100 ms).
 */
export function VirtualBody<Row>(props: VirtualBodyProps<Row>) {
  const { rows, columns: given, selection, rowKey, isSelected, height, scrollbarSize, scrollRef, empty } = props;
  const [scrollTop, setScrollTop] = useState(0);
  // The body's inner width (without its scrollbar), followed as the window resizes.
  const [available, setAvailable] = useState(0);
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const attach = useCallback((el: HTMLDivElement | null) => {
    setBody(el);
    forwardRef(scrollRef, el);
  }, [scrollRef]);
  useLayoutEffect(() => {
    if (!body) return undefined;
    const measure = () => setAvailable(body.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);
  const columns = useMemo(() => {
    // Widened to the body's whole width (the header's, with its scrollbar column), then the scrollbar's part taken
    // from the last column, as the header does.
    const wide = filling(given, available + (available ? scrollbarSize : 0), selection?.width ?? 0);
    return withStickyOffsets(withScrollbar(wide, scrollbarSize));
  }, [given, scrollbarSize, available, selection?.width]);
  const width = columns.reduce((n, c) => n + c.width, selection?.width ?? 0);
  const first = Math.max(0, Math.floor(scrollTop / VIRTUAL_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / VIRTUAL_ROW_HEIGHT) + OVERSCAN);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const target = e.currentTarget;
    setScrollTop(target.scrollTop);
    // The header follows the body sideways.
    props.onScroll({ currentTarget: target, scrollLeft: target.scrollLeft });
  };
  const visible: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    const row = rows[i];
    visible.push(
      <VirtualRow
        key={rowKey(row)} row={row} index={i} top={i * VIRTUAL_ROW_HEIGHT} width={width} columns={columns} selection={selection} selected={isSelected(row)}
      />,
    );
  }
  return (
    // A table of its own below antd's header table (the rows are not inside the header's table element).
    <div
      ref={attach}
      role="table"
      aria-label="数据行"
      aria-rowcount={rows.length}
      className={`ant-table-body ${styles.body}`}
      style={rows.length || empty === undefined ? { height } : undefined}
      onScroll={onScroll}
    >
      <div className={styles.space} style={{ height: rows.length * VIRTUAL_ROW_HEIGHT, width }}>
        {visible}
      </div>
      {/* In view however far the body is scrolled sideways, as antd keeps its empty text. */}
      {!rows.length && empty !== undefined && (
        <div className={`ant-table-placeholder ${styles.empty}`} style={available ? { width: available } : undefined}>{empty}</div>
      )}
    </div>
  );
}
