import type { ThHTMLAttributes } from 'react';
import { clamp, startDrag } from '../_shared';
import { MIN_COLUMN_WIDTH } from './constants';

/** Props antd passes to a header cell, plus what onHeaderCell adds for resizable columns. */
export type ResizableHeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & {
  resizeWidth?: number;
  onResizeWidth?: (width: number) => void;
};

/** A header cell with a drag handle on its right edge; width never below MIN_COLUMN_WIDTH. */
export function ResizableHeaderCell({ resizeWidth, onResizeWidth, children, style, ...rest }: ResizableHeaderCellProps) {
  if (resizeWidth === undefined || !onResizeWidth) return <th {...rest} style={style}>{children}</th>;
  const start = resizeWidth;
  // A fixed column's heading (rc-table gives it its sticky offset) keeps antd's sticky position, which also holds the
  // handle; `relative` would shift it by that offset instead, over the columns before it.
  const fixed = style?.insetInlineStart !== undefined || style?.insetInlineEnd !== undefined;
  return (
    <th {...rest} style={fixed ? style : { ...style, position: 'relative' }}>
      {children}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label="调整列宽"
        className="data-table-resize-handle"
        style={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 6, cursor: 'col-resize', zIndex: 1 }}
        onClick={(e) => e.stopPropagation()}
        onMouseDown={(e) => {
          e.stopPropagation();
          startDrag(e, ({ dx }) => onResizeWidth(clamp(start + dx, MIN_COLUMN_WIDTH, Number.MAX_SAFE_INTEGER)));
        }}
      />
    </th>
  );
}
