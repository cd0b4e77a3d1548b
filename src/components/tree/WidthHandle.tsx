import { clamp, startDrag } from '../_shared';

/** Props of WidthHandle. */
export type WidthHandleProps = { width: number; min: number; max: number; onChange: (width: number) => void };

/** A vertical bar on a panel's right edge; dragging it changes the width within [min, max]. */
export function WidthHandle({ width, min, max, onChange }: WidthHandleProps) {
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="调整宽度"
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 5, cursor: 'col-resize' }}
      onMouseDown={(e) => startDrag(e, ({ dx }) => onChange(clamp(width + dx, min, max)))}
    />
  );
}
