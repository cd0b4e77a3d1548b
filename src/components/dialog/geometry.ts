import { clamp } from '../_shared';

/** Height subtracted from the window for the body of a dialog (spec §5). */
const OFFSETS = { normal: { footer: 200, bare: 150 }, fullscreen: { footer: 98, bare: 48 } } as const;

/** Default body height: window height − 200 with a footer or − 150 without; fullscreen − 98 or − 48. */
export function dialogBodyHeight(windowHeight: number, options: { footer: boolean; fullscreen: boolean }): number {
  const o = OFFSETS[options.fullscreen ? 'fullscreen' : 'normal'];
  return Math.max(0, windowHeight - (options.footer ? o.footer : o.bare));
}

/** A dialog offset from its centred place, in px. */
export type Offset = { x: number; y: number };
/** Where the dialog box sits on screen when dragging starts. */
export type Box = { left: number; top: number; right: number; bottom: number };

/**
 * The offset after dragging by (dx, dy) from `start`, kept so the whole box stays inside the viewport
 * (if the box is larger than the viewport, its top-left corner stays visible).
 */
export function clampDrag(start: Offset, dx: number, dy: number, box: Box, viewport: { width: number; height: number }): Offset {
  const minDx = -box.left;
  const maxDx = Math.max(minDx, viewport.width - box.right);
  const minDy = -box.top;
  const maxDy = Math.max(minDy, viewport.height - box.bottom);
  return { x: start.x + clamp(dx, minDx, maxDx), y: start.y + clamp(dy, minDy, maxDy) };
}

/** Smallest size a dialog can be resized to. */
export const MIN_DIALOG_SIZE = { width: 300, height: 120 };
