/** Widths of spec §9. */
export const SELECTION_COLUMN_WIDTH = 55;
export const INDEX_COLUMN_WIDTH = 64;
export const ROW_TOOLS_WIDTH = 200;
/** Narrowest a resized column may become. */
export const MIN_COLUMN_WIDTH = 60;
/** Width of a column that does not set one. */
export const DEFAULT_COLUMN_WIDTH = 150;
/** Page sizes of spec §9. */
export const PAGE_SIZE_OPTIONS = [25, 30, 40, 50];
/** The only system-flag value that locks a row: the string 'true'. */
export const SYSTEM_FLAG_VALUE = 'true';
/** Confirmation of every delete. */
export const CONFIRM_DELETE = '确认删除？';
