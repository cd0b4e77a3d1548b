import { and, type AnyColumn, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { UserListItem, UserListQuery, UserPage } from '../../../contract/api';
import { ROOT_DEPT_ID } from '../../../contract/api/identity-ids';
import { compileFilters, escapeLike, QueryFilterError } from '../../../contract/validation';
import { departments, loginFailures, roles, secrecyGrades, userRoles, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest } from '../../http-error';
import { lockEndColumn } from '../../identity/lockout';
import { cachedPage } from './list-cache';
import { fragmentToSql } from './sql-fragment';

/** Default and largest page sizes of the user list. */
export const DEFAULT_PAGE_SIZE = 20;

/** Fields the spec §3 filter may name, and their columns (a whitelist: nothing else reaches SQL). */
export const USER_FILTER_COLUMNS: Readonly<Record<string, string>> = {
  id: 'users.id',
  username: 'users.username',
  fullName: 'users.full_name',
  deptId: 'users.dept_id',
  deptName: 'departments.name',
  mobile: 'users.mobile',
  phone: 'users.phone',
  email: 'users.email',
  position: 'users.position',
  clearance: 'users.clearance',
  disabled: 'users.disabled',
  system: 'users.system',
  mustChangePassword: 'users.must_change_password',
  createdAt: 'users.created_at',
  updatedAt: 'users.updated_at',
};

/** Columns the list may be sorted by. */
const SORT_COLUMNS: Record<string, AnyColumn> = {
  username: users.username,
  fullName: users.fullName,
  deptName: departments.name,
  mobile: users.mobile,
  phone: users.phone,
  email: users.email,
  position: users.position,
  clearance: secrecyGrades.rank,
  clearanceName: secrecyGrades.rank,
  disabled: users.disabled,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const lockedNow = (now: Date) => sql<boolean>`coalesce(${lockEndColumn} > ${now}, false)`;

/** One sort item ({ property, direction }) as an ORDER BY term. */
function sortTerm(item: unknown, at: string): SQL {
  const { property, direction } = (item ?? {}) as { property?: unknown; direction?: unknown };
  const column = typeof property === 'string' ? SORT_COLUMNS[property] : undefined;
  if (!column) throw badRequest(`${at}不支持按字段 ${String(property)} 排序`);
  if (direction !== 'ASC' && direction !== 'DESC') throw badRequest(`${at}排序方向只能是 ASC 或 DESC`);
  return direction === 'ASC' ? asc(column) : desc(column);
}

/** `sorting`: one sort item, or a list of them (spec §3), the first deciding first. */
function parseSorting(text: string | undefined): SQL[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('排序参数不是有效的 JSON');
  }
  if (!Array.isArray(parsed)) return [sortTerm(parsed, '')];
  return parsed.map((item, i) => sortTerm(item, `第 ${i + 1} 个排序项：`));
}

/** Departments at or below `deptId`, as a subquery. */
function deptSubtree(deptId: number): SQL {
  return sql`${users.deptId} in (
    with recursive sub(id) as (
      select ${deptId}::integer
      union all
      select d.id from departments d join sub on d.parent_id = sub.id
    ) select id from sub)`;
}

function whereOf(query: UserListQuery, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  try {
    const compiled = compileFilters(query.filters ? JSON.parse(query.filters) : [], USER_FILTER_COLUMNS);
    if (compiled.sql !== 'TRUE') conditions.push(fragmentToSql(compiled));
  } catch (err) {
    if (err instanceof QueryFilterError) throw badRequest(err.message);
    if (err instanceof SyntaxError) throw badRequest('筛选条件不是有效的 JSON');
    throw err;
  }
  if (query.deptId !== undefined && query.deptId !== ROOT_DEPT_ID) conditions.push(deptSubtree(query.deptId));
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    conditions.push(sql`(${users.username} ilike ${like} escape '\\' or ${users.fullName} ilike ${like} escape '\\'
      or ${users.mobile} ilike ${like} escape '\\' or ${users.email} ilike ${like} escape '\\')`);
  }
  if (query.locked !== undefined) conditions.push(query.locked ? lockedNow(now) : sql`not ${lockedNow(now)}`);
  return conditions.length ? and(...conditions) : undefined;
}

const itemColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  deptId: users.deptId,
  deptName: departments.name,
  mobile: users.mobile,
  phone: users.phone,
  email: users.email,
  position: users.position,
  remark: users.remark,
  clearance: users.clearance,
  clearanceName: secrecyGrades.text,
  disabled: users.disabled,
  lockedUntil: lockEndColumn,
  mustChangePassword: users.mustChangePassword,
  system: users.system,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type Row = {
  id: number; username: string; fullName: string; deptId: number; deptName: string | null; mobile: string; phone: string;
  email: string; position: string; remark: string; clearance: string; clearanceName: string | null; disabled: boolean;
  lockedUntil: Date | null; mustChangePassword: boolean; system: boolean; createdAt: Date; updatedAt: Date;
};

function baseSelect(deps: Deps) {
  return deps.db
    .select(itemColumns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .leftJoin(secrecyGrades, eq(secrecyGrades.code, users.clearance))
    .leftJoin(loginFailures, eq(loginFailures.username, users.username));
}

/** The roles of many users in one query. */
async function rolesOf(deps: Deps, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await deps.db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
    .orderBy(asc(roles.id));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

function toItem(row: Row, userRolesOf: Map<number, { id: number; name: string }[]>, now: Date): UserListItem {
  const locked = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  return {
    ...row,
    deptName: row.deptName ?? '',
    clearanceName: row.clearanceName ?? row.clearance,
    roles: userRolesOf.get(row.id) ?? [],
    locked,
    lockedUntil: locked && row.lockedUntil ? row.lockedUntil.toISOString() : null,
    system: row.system ? 'true' : 'false',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page as loaded: the items (lock state as of loading) and each item's lock end, to recheck when served. */
type RawPage = { items: UserListItem[]; lockEnds: (number | null)[]; total: number };

/** Rows, total and the roles of the page's users: three queries whatever the page size (no N+1). */
async function loadPage(deps: Deps, query: UserListQuery, page: number, pageSize: number): Promise<RawPage> {
  const now = deps.now();
  const where = whereOf(query, now);
  const order = [...parseSorting(query.sorting), desc(users.system), desc(users.createdAt), desc(users.id)];
  // The count joins only what the conditions can name.
  const countQuery = deps.db.select({ total: count() }).from(users).$dynamic();
  if (query.filters?.includes('deptName')) countQuery.leftJoin(departments, eq(departments.id, users.deptId));
  if (query.locked !== undefined) countQuery.leftJoin(loginFailures, eq(loginFailures.username, users.username));
  const rows = await baseSelect(deps).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize);
  const [{ total }] = await countQuery.where(where);
  const roleMap = await rolesOf(deps, rows.map((r) => r.id));
  return { items: rows.map((r) => toItem(r, roleMap, now)), lockEnds: rows.map((r) => r.lockedUntil?.getTime() ?? null), total: Number(total) };
}

/** One page of users. Pages are kept between writes on the embedded database (list-cache.ts). */
export async function listUsers(deps: Deps, query: UserListQuery): Promise<UserPage> {
  const page = query.page ?? 1;
  const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
  // A lock filter depends on the clock, so it is never served from the cache.
  const raw = query.locked === undefined
    ? await cachedPage(deps.db, `users:${JSON.stringify([query.filters, query.deptId, query.keyword, query.sorting, page, pageSize])}`,
      () => loadPage(deps, query, page, pageSize))
    : await loadPage(deps, query, page, pageSize);
  // A lock may have run out since the page was loaded.
  const now = deps.now().getTime();
  const list = raw.items.map((item, i) => {
    const end = raw.lockEnds[i];
    if (end === null || (end > now) === item.locked) return item;
    return { ...item, locked: end > now, lockedUntil: end > now ? new Date(end).toISOString() : null };
  });
  return { list, total: raw.total, page, pageSize };
}

/** One user as the list shows it, or null. */
export async function userItem(deps: Deps, id: number): Promise<UserListItem | null> {
  const [row] = await baseSelect(deps).where(eq(users.id, id));
  if (!row) return null;
  return toItem(row, await rolesOf(deps, [id]), deps.now());
}
