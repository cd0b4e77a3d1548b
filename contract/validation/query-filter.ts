/** The query filter of spec §3: types and TypeBox schema, validation, in-memory evaluation and SQL compilation. */
export * from './query-filter-types';
export { validateQueryFilters, MAX_FILTER_COUNT, MAX_FILTER_DEPTH } from './query-filter-validate';
export type { QueryFilterValidation, QueryFilterValidateOptions } from './query-filter-validate';
export { parseQueryFilters } from './query-filter-parse';
export { matchesFilters } from './query-filter-match';
export { compileFilters, escapeLike, QueryFilterError } from './query-filter-sql';
export type { SqlFragment } from './query-filter-sql';
export { orGroups } from './query-filter-groups';
