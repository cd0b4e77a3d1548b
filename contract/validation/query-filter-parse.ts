import { validateQueryFilters } from './query-filter-validate';
import type { QueryFilterValidateOptions, QueryFilterValidation } from './query-filter-validate';

/**
 * Reads filters sent as JSON text (a list call's `filters` query parameter) and validates them.
 * Missing or empty text is an empty list.
 */
export function parseQueryFilters(text: string | null | undefined, options?: QueryFilterValidateOptions): QueryFilterValidation {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, value: [] };
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['筛选条件不是有效的 JSON'] };
  }
  return validateQueryFilters(input, options);
}
