import { clamp } from '../_shared';
import type { DragDelta } from '../_shared';

/** The five regions of a layout container. */
export type LayoutRegion = 'top' | 'bottom' | 'left' | 'right' | 'center';
/** The four regions around the centre. */
export type SideRegion = Exclude<LayoutRegion, 'center'>;

/** Deepest nesting of layout containers (spec §9). */
export const MAX_LAYOUT_DEPTH = 4;
/** Thickness of a collapsed pane's bar. */
export const COLLAPSED_SIZE = 28;

/**
 * Default size and resize bounds per region: top/bottom 100 px, left/right 200 px (spec §9).
 * Side panes resize within 200..500 (spec §9); top/bottom start at 100, below the spec's 200 minimum,
 * so they resize within 50..500 instead.
 */
export const REGION_DEFAULTS: Record<SideRegion, { size: number; min: number; max: number }> = {
  top: { size: 100, min: 50, max: 500 },
  bottom: { size: 100, min: 50, max: 500 },
  left: { size: 200, min: 200, max: 500 },
  right: { size: 200, min: 200, max: 500 },
};

/** True for regions sized by width (left, right); top and bottom are sized by height. */
export function isHorizontal(region: SideRegion): boolean {
  return region === 'left' || region === 'right';
}

/**
 * A pane's size after dragging its inner edge: left and top grow as the pointer moves right or down,
 * right and bottom as it moves left or up. Kept within [min, max].
 */
export function resizedSize(region: SideRegion, start: number, delta: DragDelta, min: number, max: number): number {
  const d = { left: delta.dx, right: -delta.dx, top: delta.dy, bottom: -delta.dy }[region];
  return clamp(start + d, min, max);
}
