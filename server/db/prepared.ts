import type { Db } from './client';

/**
 * A statement built once per database and kept (a named prepared statement on PostgreSQL): for the reads on the
 * hottest paths, where drizzle's query builder would otherwise run on every request. `build` must use
 * `sql.placeholder` for everything that varies and end with `.prepare(name)`.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
