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

/** Space kept between a (non-fullscreen) dialog and the window's edges. */
export const DIALOG_MARGIN = 8;

/**
 * The body height a dialog gets (spec §5): the asked height, at most the default of its mode (window − 200 /
 * − 150; fullscreen − 98 / − 48), so an explicit or resized height never pushes the box past the window.
 * The box itself is also capped at the window in CSS (its body shrinks first), so nothing is cut off whatever
 * the title and footer measure.
 */
export function clampedBodyHeight(asked: number | undefined, windowHeight: number, options: { footer: boolean; fullscreen: boolean }): number {
  const limit = dialogBodyHeight(windowHeight, options);
  if (options.fullscreen || asked === undefined) return limit;
  return Math.max(Math.min(MIN_DIALOG_SIZE.height, limit), Math.min(asked, limit));
}

/** A resized width, at least the minimum and at most the window less its margins. */
export function clampedWidth(width: number, windowWidth: number): number {
  return clamp(width, Math.min(MIN_DIALOG_SIZE.width, windowWidth), Math.max(MIN_DIALOG_SIZE.width, windowWidth - 2 * DIALOG_MARGIN));
}
