import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tempDataDir } from '../test-support/pglite-template';
import { openDatabase, pgliteDir } from './client';
import { migrationsFolder } from './migrations-folder';
import { buildTemplate, removePartialTemplates, restoreTemplate, templateStamp } from './pglite-template';
import { users } from './schema';
import { migrateAndSeed } from './setup';

describe('the migrated PGlite template of the server build (D19)', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = tempDataDir('pg-template');
    template = path.join(root, 'pgdata-template');
    await buildTemplate(template, migrationsFolder());
  }, 60_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('holds a stamp of the database builds and the migrations, and no half-built folder', () => {
    const stamp = JSON.parse(fs.readFileSync(path.join(template, 'template.json'), 'utf8')) as { stamp: string };
    expect(stamp.stamp).toBe(templateStamp(migrationsFolder()));
    expect(fs.readdirSync(root)).toEqual(['pgdata-template']);
  });

  it('a new data directory starts from it: migrated, then seeded at the first start as usual', async () => {
    const dataDir = path.join(root, 'fresh');
    const database = await openDatabase({ dataDir, databaseUrl: null, pgliteTemplate: template });
    try {
      const { seed } = await migrateAndSeed(database, { dataDir, initialAdminPassword: 'Template-admin-2030', seedDemo: false, demoPassword: null });
      expect(seed.created).toBe(true);
      const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'sysadmin'));
      expect(rows).toEqual([{ id: -1 }]);
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(dataDir)).toContain('pgdata');
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('partial'))).toEqual([]);
  });

  it('an existing data directory is never overwritten', () => {
    const dataDir = path.join(root, 'existing');
    fs.mkdirSync(pgliteDir(dataDir), { recursive: true });
    fs.writeFileSync(path.join(pgliteDir(dataDir), 'marker'), 'mine');
    expect(restoreTemplate(template, pgliteDir(dataDir), migrationsFolder())).toBe(false);
    expect(fs.readdirSync(pgliteDir(dataDir))).toEqual(['marker']);
  });

  it('a template made with other migrations is ignored', () => {
    const other = path.join(root, 'other-migrations');
    fs.cpSync(migrationsFolder(), other, { recursive: true });
    fs.writeFileSync(path.join(other, '9999_later.sql'), 'select 1;');
    const target = path.join(root, 'ignored', 'pgdata');
    expect(restoreTemplate(template, target, other)).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('no template, or an unreadable one, means initdb as before', () => {
    expect(restoreTemplate(null, path.join(root, 'none', 'pgdata'), migrationsFolder())).toBe(false);
    const broken = path.join(root, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'template.json'), '{not json');
    expect(restoreTemplate(broken, path.join(root, 'none', 'pgdata'), migrationsFolder())).toBe(false);
  });

  it('a copy left by a killed start is removed before the next one', () => {
    const dataDir = path.join(root, 'killed');
    fs.mkdirSync(path.join(dataDir, 'pgdata.partial-4242'), { recursive: true });
    removePartialTemplates(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
