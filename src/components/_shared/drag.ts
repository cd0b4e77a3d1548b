/** Keeps a number within [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Pointer movement since the drag started. */
export type DragDelta = { dx: number; dy: number };

/**
 * Tracks a mouse drag from a mousedown: calls onMove with the distance moved on every mousemove
 * of the document and onEnd once on mouseup. Used by every drag handle of the kit.
 */
export function startDrag(
  event: { clientX: number; clientY: number; preventDefault: () => void },
  onMove: (delta: DragDelta) => void,
  onEnd?: (delta: DragDelta) => void,
): void {
  event.preventDefault();
  const x0 = event.clientX;
  const y0 = event.clientY;
  const delta = (e: MouseEvent) => ({ dx: e.clientX - x0, dy: e.clientY - y0 });
  const move = (e: MouseEvent) => onMove(delta(e));
  const up = (e: MouseEvent) => {
    document.removeEventListener('mousemove', move);
    document.removeEventListener('mouseup', up);
    onEnd?.(delta(e));
  };
  document.addEventListener('mousemove', move);
  document.addEventListener('mouseup', up);
}
