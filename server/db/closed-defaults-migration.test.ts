// Migration 0020 (issue 26 item 8, D89) keeps the access of rows that exist: a connection or tool set granted to
// nobody was open to everyone and stays so (open_to_all), one granted to roles or departments stays limited to them,
// and connections that exist keep sending sample rows; rows added afterwards start closed.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, openScratchPglite } from '../test-support/scratch-pglite';
import { migrationsFolder } from './migrations-folder';

const TAG = '0020_closed-defaults';

describe('migration 0020: closed defaults keep existing rows’ access', () => {
  let root: string;
  let client: PGlite;
  let close = async () => {};
  beforeAll(async () => {
    ({ root, client, close } = await openScratchPglite('closed-defaults-migration'));
  }, 60_000);
  afterAll(() => close());

  /** The real folder without 0020 and whatever follows it. */
  const folderBefore = () => migrationsBefore(root, TAG);

  it('marks the rows open today open_to_all, leaves granted ones limited, keeps samples on for existing connections', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folderBefore() });
    await client.exec(`
      INSERT INTO secrecy_grades (code, text, rank) VALUES ('public', '公开', 1);
      INSERT INTO db_connections (db_name, db_type, secrecy, review_roles) VALUES ('open_db', 'postgresql', 'public', '{}'), ('role_db', 'postgresql', 'public', '{5}');
      INSERT INTO tool_sets (name, kind, secrecy, review_roles, dept_ids) VALUES
        ('open_set', 'mcp', 'public', '{}', '{}'), ('role_set', 'mcp', 'public', '{5}', '{}'), ('dept_set', 'mcp', 'public', '{}', '{3}');`);
    await migrate(db, { migrationsFolder: migrationsFolder() });
    expect((await client.query('SELECT db_name, open_to_all, sample_rows FROM db_connections ORDER BY db_name')).rows).toEqual([
      { db_name: 'open_db', open_to_all: true, sample_rows: true },
      { db_name: 'role_db', open_to_all: false, sample_rows: true },
    ]);
    expect((await client.query('SELECT name, open_to_all FROM tool_sets ORDER BY name')).rows).toEqual([
      { name: 'dept_set', open_to_all: false }, { name: 'open_set', open_to_all: true }, { name: 'role_set', open_to_all: false },
    ]);
    // Added afterwards: closed, no samples.
    await client.exec(`INSERT INTO db_connections (db_name, db_type, secrecy) VALUES ('new_db', 'postgresql', 'public');
      INSERT INTO tool_sets (name, kind, secrecy) VALUES ('new_set', 'mcp', 'public');`);
    expect((await client.query(`SELECT open_to_all, sample_rows FROM db_connections WHERE db_name = 'new_db'`)).rows).toEqual([{ open_to_all: false, sample_rows: false }]);
    expect((await client.query(`SELECT open_to_all FROM tool_sets WHERE name = 'new_set'`)).rows).toEqual([{ open_to_all: false }]);
  }, 120_000);
});
