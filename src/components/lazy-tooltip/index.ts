export { LazyTooltip, type LazyTooltipProps } from './LazyTooltip';
