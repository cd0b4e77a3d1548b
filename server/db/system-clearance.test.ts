import fs from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app';
import { migrationsFolder } from './migrations-folder';
import { users } from './schema';

// D28: the system accounts hold the highest grade, as their area's 机密 label says: seeded so, and migration 0010
// raises the accounts of databases seeded before it.
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'system-clearance' });
});
afterAll(async () => tdb?.drop().finally(() => tdb.database.close()));

const systemClearances = async () =>
  (await tdb.database.db.select({ clearance: users.clearance }).from(users).where(inArray(users.id, [-1, -2, -3]))).map((u) => u.clearance);

describe('system accounts’ clearance', () => {
  it('is the highest grade when seeded', async () => {
    expect(await systemClearances()).toEqual(['confidential', 'confidential', 'confidential']);
  });

  it('is raised to the highest grade by migration 0010 on a database seeded before it', async () => {
    await tdb.database.db.update(users).set({ clearance: 'public' }).where(inArray(users.id, [-1, -2, -3]));
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0010_'));
    expect(file).toBe('0010_system-accounts-clearance.sql');
    await tdb.database.db.execute(sql.raw(fs.readFileSync(path.join(migrationsFolder(), file!), 'utf8')));
    expect(await systemClearances()).toEqual(['confidential', 'confidential', 'confidential']);
    // Nobody else is touched.
    const others = await tdb.database.db.select({ clearance: users.clearance }).from(users).where(sql`${users.id} > 0`);
    expect(others.some((u) => u.clearance !== 'confidential')).toBe(true);
  });
});
