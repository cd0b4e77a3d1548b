import type { QueryFilter } from './query-filter-types';

/**
 * How a filter list groups, shared by the evaluator and the SQL compiler so both read it the same way:
 *
 * - Each condition joins the ones before it with its own `connection` (default And; the first's is ignored).
 * - And binds tighter than Or, as in SQL: `a And b Or c And d` is `(a AND b) OR (c AND d)`.
 * - A condition with a non-empty `childFilter` is one parenthesised term: its own condition followed by its
 *   children, read as a list by the same rules. `{a, childFilter: [{b, Or}, {c, And}]}` is `(a OR (b AND c))`.
 *   The term joins its siblings with the parent's connection.
 *
 * Answers the Or-separated groups of And-joined terms.
 */
export function orGroups(filters: readonly QueryFilter[]): QueryFilter[][] {
  const groups: QueryFilter[][] = [];
  filters.forEach((f, i) => {
    if (i === 0 || f.connection === 'Or') groups.push([f]);
    else groups[groups.length - 1].push(f);
  });
  return groups;
}

/** The list a condition with children stands for: itself (without children) first, then its children. */
export function termList(filter: QueryFilter): QueryFilter[] | null {
  if (!filter.childFilter || filter.childFilter.length === 0) return null;
  const { childFilter, ...self } = filter;
  return [self, ...childFilter];
}
