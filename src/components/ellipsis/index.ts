export { EllipsisText, type EllipsisTextProps } from './EllipsisText';
