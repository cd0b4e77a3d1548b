import type { QueryFilter } from '../../../../contract/validation';

/** The search bar's values. */
export type UserSearch = {
  keyword?: string;
  /** Grade code. */
  clearance?: string;
  status?: UserStatus;
};

/** Account status a search may ask for. */
export type UserStatus = 'enabled' | 'disabled' | 'locked';

export const STATUS_OPTIONS: { value: UserStatus; label: string }[] = [
  { value: 'enabled', label: '启用' },
  { value: 'disabled', label: '停用' },
  { value: 'locked', label: '已锁定' },
];

/** Fields the keyword is looked up in (spec §3 Like: case-insensitive substring). */
const KEYWORD_FIELDS = ['username', 'fullName', 'mobile', 'email'];

/**
 * The spec §3 query filter of a search: the keyword in any of the text fields (one parenthesised group,
 * the first field with the others joined by Or as its children), and the clearance and status with And.
 * A lock is not a column; the list call takes it as `locked`.
 */
export function searchFilters(search: UserSearch): QueryFilter[] {
  const filters: QueryFilter[] = [];
  const keyword = search.keyword?.trim();
  if (keyword) {
    const [first, ...rest] = KEYWORD_FIELDS;
    filters.push({
      filterName: first, operation: 'Like', filterValue: keyword,
      childFilter: rest.map((filterName) => ({ filterName, operation: 'Like', filterValue: keyword, connection: 'Or' })),
    });
  }
  if (search.clearance) filters.push({ filterName: 'clearance', operation: 'Equal', filterValue: search.clearance, connection: 'And' });
  if (search.status === 'enabled' || search.status === 'disabled') {
    filters.push({ filterName: 'disabled', operation: 'Equal', expressType: 'boolean', filterValue: search.status === 'disabled', connection: 'And' });
  }
  return filters;
}
