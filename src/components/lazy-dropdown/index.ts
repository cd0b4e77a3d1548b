export { LazyDropdown, type LazyDropdownProps } from './LazyDropdown';
