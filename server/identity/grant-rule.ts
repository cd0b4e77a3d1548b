// THE grant rule of guarded things that carry review roles and departments (tool sets, knowledge spaces;
// ARCHITECTURE §8): nothing named grants everyone; otherwise a named role the user holds, or a named department that
// is the user's own or above it. One rule in two forms: in memory for a row at hand, and in SQL for a list.
import { arrayOverlaps, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps';
import { departments } from '../db/schema';

/** What a guarded thing names. */
export type Grant = { reviewRoles: number[]; deptIds: number[] };
/** Who asks: the roles held, and the own department with every department above it. */
export type Grantee = { roleIds: number[]; deptChain: number[] };

/** The user's department and every department above it. */
export async function deptChain(deps: Pick<Deps, 'db'>, deptId: number): Promise<number[]> {
  // Accounts without a department (and callers that do not know it) have no chain: only roles can admit them.
  if (!Number.isInteger(deptId)) return [];
  const result = (await deps.db.execute(sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT ${departments.id}, ${departments.parentId} FROM ${departments} WHERE ${departments.id} = ${deptId}
      UNION SELECT d.id, d.parent_id FROM ${departments} d JOIN up ON d.id = up.parent_id
    ) SELECT id FROM up`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Whether the grant admits the grantee (in memory). */
export function granted(grant: Grant, who: Grantee): boolean {
  if (!grant.reviewRoles.length && !grant.deptIds.length) return true;
  return grant.reviewRoles.some((id) => who.roleIds.includes(id)) || grant.deptIds.some((id) => who.deptChain.includes(id));
}

/** The same rule over a table's `review_roles` and `dept_ids` columns (in SQL). */
export function grantedSql(columns: { reviewRoles: PgColumn; deptIds: PgColumn }, who: Grantee): SQL {
  const admits: SQL[] = [sql`(cardinality(${columns.reviewRoles}) = 0 AND cardinality(${columns.deptIds}) = 0)`];
  if (who.roleIds.length) admits.push(arrayOverlaps(columns.reviewRoles, who.roleIds));
  if (who.deptChain.length) admits.push(arrayOverlaps(columns.deptIds, who.deptChain));
  return or(...admits) as SQL;
}
