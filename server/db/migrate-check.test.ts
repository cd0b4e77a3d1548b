import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchPglite } from '../test-support/scratch-pglite';
import { upToDate } from './client';
import { migrationsFolder } from './migrations-folder';

// D80: a start on an existing data directory skips drizzle's migrator when the newest migration is recorded; the
// check must agree with the migrator's own rule, or a pending migration would never be applied.
describe('the migrations check of the embedded database (D80)', () => {
  let root: string;
  let client: PGlite;
  let close = async () => {};
  beforeAll(async () => {
    ({ root, client, close } = await openScratchPglite('migrate-check'));
  }, 60_000);
  afterAll(() => close());

  /** The real folder with one more migration, newer than all, appended to its journal. */
  function folderWithNewerMigration(): string {
    const folder = path.join(root, 'migrations');
    fs.cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_check' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(folder, '9999_check.sql'), 'CREATE TABLE migrate_check (id integer);');
    return folder;
  }

  it('is false before the first migration, true once every migration is applied, false again when one is added', async () => {
    expect(await upToDate(client, migrationsFolder())).toBe(false);
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    expect(await upToDate(client, migrationsFolder())).toBe(true);
    const newer = folderWithNewerMigration();
    expect(await upToDate(client, newer)).toBe(false);
    // The migrator agrees: it applies the added one, after which the check says up to date.
    await migrate(db, { migrationsFolder: newer });
    expect((await client.query('select count(*)::int as n from migrate_check')).rows).toEqual([{ n: 0 }]);
    expect(await upToDate(client, newer)).toBe(true);
  }, 60_000);

  it('leaves an unreadable journal to the migrator', async () => {
    expect(await upToDate(client, path.join(root, 'no-such-folder'))).toBe(false);
  });
});
