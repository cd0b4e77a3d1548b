/** The layout container (spec §2). */
export { LayoutContainer } from './LayoutContainer';
export type { LayoutContainerProps } from './LayoutContainer';
export type { PaneOptions } from './LayoutPane';
export { COLLAPSED_SIZE, MAX_LAYOUT_DEPTH, REGION_DEFAULTS, resizedSize } from './regions';
export type { LayoutRegion, SideRegion } from './regions';
