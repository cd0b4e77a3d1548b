import type { ExpressType, FilterScalar, QueryFilter } from './query-filter-types';

/** The values of an In / NotIn filter: an array as is, or a comma-joined string split (as multi-selects send). */
export function listValues(value: QueryFilter['filterValue']): FilterScalar[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value !== '') return value.split(',');
  return null;
}

/** A value read as the filter's expressType says: numbers for 'number', booleans for 'boolean', else kept. */
export function coerce(value: unknown, type: ExpressType | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'number') return typeof value === 'number' ? value : Number(value);
  if (type === 'boolean') return value === true || value === 'true' || value === 1 || value === '1';
  if (type === 'string' || type === 'date') return value instanceof Date ? value.toISOString() : String(value);
  return value;
}

/** True when a value can be read as a finite number. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}
