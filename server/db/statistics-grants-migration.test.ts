// Migration 0026 (issue 27 §6): a database seeded before it, where only the audit administrator held 统计, grants 统计
// and its 导出 to the system and the security administrator too, as the seed now does; ordinary roles get nothing.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, openScratchPglite } from '../test-support/scratch-pglite';
import type { Db } from './client';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';
import { seedDatabase } from './seed';

const TAG = '0026_statistics-per-duty';

describe('migration 0026: 统计 for the system and the security administrator', () => {
  let root: string;
  let client: PGlite;
  let close = async () => {};
  beforeAll(async () => {
    ({ root, client, close } = await openScratchPglite('statistics-grants-migration'));
  }, 60_000);
  afterAll(() => close());

  /** The real folder without 0026 and whatever follows it. */
  const folderBefore = () => migrationsBefore(root, TAG);

  const holders = async () => (await client.query<{ user_id: number; what: string }>(`
    SELECT ur.user_id, 'function' AS what FROM role_functions rf JOIN functions f ON f.id = rf.function_id JOIN user_roles ur ON ur.role_id = rf.role_id
    WHERE f.path = '/sysMgr/statistics'
    UNION ALL
    SELECT ur.user_id, b.code FROM role_buttons rb JOIN function_buttons b ON b.id = rb.button_id JOIN functions f ON f.id = b.function_id
      JOIN user_roles ur ON ur.role_id = rb.role_id
    WHERE f.path = '/sysMgr/statistics'
    ORDER BY 1 DESC, 2`)).rows;

  it('grants 统计 and 导出 to accounts -1 and -2, keeps -3, and no one else', async () => {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: folderBefore() });
    // The seed takes the services' view of the database (PGlite or node-postgres alike).
    await seedDatabase(db as unknown as Db, { initialAdminPassword: 'Correct-Horse-42', seedDemo: true, demoPassword: 'Correct-Horse-42', now: new Date() });
    // As the seed was before: 统计 was the audit administrator's alone.
    await client.exec(`
      DELETE FROM role_functions WHERE role_id IN (SELECT role_id FROM user_roles WHERE user_id IN (-1, -2))
        AND function_id = (SELECT id FROM functions WHERE path = '/sysMgr/statistics');
      DELETE FROM role_buttons WHERE role_id IN (SELECT role_id FROM user_roles WHERE user_id IN (-1, -2))
        AND button_id IN (SELECT b.id FROM function_buttons b JOIN functions f ON f.id = b.function_id WHERE f.path = '/sysMgr/statistics');`);
    expect(await holders()).toEqual([{ user_id: -3, what: 'export' }, { user_id: -3, what: 'function' }]);

    await migrate(db, { migrationsFolder: migrationsFolder() });
    expect(await holders()).toEqual([
      { user_id: -1, what: 'export' }, { user_id: -1, what: 'function' },
      { user_id: -2, what: 'export' }, { user_id: -2, what: 'function' },
      { user_id: -3, what: 'export' }, { user_id: -3, what: 'function' },
    ]);
  }, 120_000);
});
