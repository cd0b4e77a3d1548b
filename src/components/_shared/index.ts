/** Helpers shared by the kit's pieces (not part of its public API). */
export { clamp, startDrag } from './drag';
export type { DragDelta } from './drag';
