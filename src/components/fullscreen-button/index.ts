export { FullscreenButton, type FullscreenButtonProps } from './FullscreenButton';
