import { SYSTEM_FLAG_VALUE } from './constants';
import type { DataRow } from './types';

/** True when the row's system flag is the string 'true' (spec §2): such rows cannot be edited or deleted. */
export function isSystemRow(row: DataRow, systemField = 'isSystem'): boolean {
  return row[systemField] === SYSTEM_FLAG_VALUE;
}
