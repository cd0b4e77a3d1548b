import { orGroups, termList } from './query-filter-groups';
import type { ExpressType, QueryFilter } from './query-filter-types';
import { coerce, isNumeric, listValues } from './query-filter-values';

/**
 * In-memory evaluation of a filter list against one row, with the same meaning as compileFilters' SQL
 * (grouping: see orGroups). An empty list matches every row. Comparisons:
 * - Like: case-insensitive substring (ILIKE '%v%').
 * - Equal / LessEqual / BetweenAnd / In: numeric when both sides read as numbers (or expressType is number), else text.
 * - UnEqual and NotIn match a missing value (SQL IS DISTINCT FROM; `col IS NULL OR col NOT IN`).
 * - Contains: the row holds a comma-separated list (or an array) containing the value.
 * - IsNull / IsNotNull: null or undefined only; '' is a value.
 */
export function matchesFilters(row: Readonly<Record<string, unknown>>, filters: readonly QueryFilter[]): boolean {
  if (filters.length === 0) return true;
  return orGroups(filters).some((group) => group.every((f) => matchesTerm(row, f)));
}

function matchesTerm(row: Readonly<Record<string, unknown>>, f: QueryFilter): boolean {
  const list = termList(f);
  return list ? matchesFilters(row, list) : matchesOne(Object.hasOwn(row, f.filterName) ? row[f.filterName] : undefined, f);
}

/** Compares two values; null when either is missing. */
function compare(a: unknown, b: unknown, type: ExpressType | undefined): number | null {
  const x = coerce(a, type);
  const y = coerce(b, type);
  if (x === null || y === null) return null;
  if (type === 'number' || (type === undefined && (typeof x === 'number' || typeof y === 'number') && isNumeric(x) && isNumeric(y))) {
    const d = Number(x) - Number(y);
    return Number.isNaN(d) ? null : Math.sign(d);
  }
  const s = String(x);
  const t = String(y);
  return s === t ? 0 : s < t ? -1 : 1;
}

function matchesOne(value: unknown, f: QueryFilter): boolean {
  const v = f.filterValue;
  const t = f.expressType;
  const missing = value === null || value === undefined;
  switch (f.operation) {
    case 'Like':
      return !missing && String(value).toLowerCase().includes(String(v).toLowerCase());
    case 'Equal':
      return compare(value, v, t) === 0;
    case 'UnEqual':
      return missing || compare(value, v, t) !== 0;
    case 'In':
      return (listValues(v) ?? []).some((item) => compare(value, item, t) === 0);
    case 'NotIn':
      return missing || !(listValues(v) ?? []).some((item) => compare(value, item, t) === 0);
    case 'BetweenAnd': {
      const [lo, hi] = Array.isArray(v) ? v : [];
      const a = compare(value, lo, t);
      const b = compare(value, hi, t);
      return a !== null && b !== null && a >= 0 && b <= 0;
    }
    case 'IsNull':
      return missing;
    case 'IsNotNull':
      return !missing;
    case 'Contains': {
      if (missing) return false;
      const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
      return items.includes(String(v));
    }
    case 'LessEqual': {
      const c = compare(value, v, t);
      return c !== null && c <= 0;
    }
  }
}
