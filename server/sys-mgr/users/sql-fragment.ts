import { type SQL, sql } from 'drizzle-orm';
import type { SqlFragment } from '../../../contract/validation';

/**
 * A compiled query filter (`$n` placeholders, values apart) as a drizzle SQL chunk, so the values
 * still travel as bound parameters whatever else the query binds. Compile with offset 0.
 */
export function fragmentToSql(fragment: SqlFragment): SQL {
  const parts = fragment.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      chunks.push(sql`${fragment.params[Number(part) - 1]}`);
    }
  });
  return sql.join(chunks, sql.raw(''));
}
