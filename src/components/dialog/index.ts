/** The dialog (spec §2) and its default heights (spec §5). */
export { Dialog } from './Dialog';
export type { DialogProps } from './Dialog';
export { clampDrag, dialogBodyHeight, MIN_DIALOG_SIZE } from './geometry';
export type { Box, Offset } from './geometry';
