// Opening a connection for database chat by its type (the registry). Each driver runs one statement under gate 1 (a
// read-only transaction) and gate 2 (one statement per execution by protocol), with the statement timeout enforced by
// the database and the row and byte caps applied row by row as rows arrive (rows.ts). Drivers: driver-pg.ts,
// driver-mysql.ts, driver-sqlite.ts, driver-duckdb.ts; what they share: driver-types.ts.
import type { Config } from '../config';
import { DbError, type ConnSpec, type DbSession } from './driver-types';
import { openMySql } from './driver-mysql';

/** Opens a connection of the spec's type; throws DbError or OutboundRefused with a Chinese message. */
export async function openSession(config: Config, spec: ConnSpec): Promise<DbSession> {
  switch (spec.dbType) {
    case 'postgresql': return (await import('./driver-pg')).openPostgres(config, spec);
    case 'mysql': return openMySql(config, spec);
    // Loaded with the first file connection (native bindings), not at server start.
    case 'sqlite': return (await import('./driver-sqlite')).openSqlite(config, spec);
    case 'duckdb': return (await import('./driver-duckdb')).openDuckDb(config, spec);
    default: throw new DbError(`暂不支持该类型的数据库：${spec.dbType}`, 'connect');
  }
}
