import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, pgliteDir } from '../db/client';
import { migrateAndSeed } from '../db/setup';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from './test-config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEMPLATES = path.join(ROOT, '.tmp', 'pglite-templates');

/** Which template: only migrated (for first-start tests), or migrated and seeded with the test passwords. */
export type TemplateKind = 'migrated' | 'seeded';

function sourceHash(): string {
  // Rebuild when the schema, migrations, seed or the PGlite version change.
  const hash = createHash('sha256');
  const dbDir = path.join(ROOT, 'server', 'db');
  const files = fs.readdirSync(dbDir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.endsWith('.test.ts')).sort();
  for (const f of files) {
    const full = path.join(dbDir, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  hash.update(TEST_ADMIN_PASSWORD + TEST_DEMO_PASSWORD);
  return hash.digest('hex').slice(0, 16);
}

async function build(dir: string): Promise<void> {
  const migrated = path.join(dir, 'migrated');
  const seeded = path.join(dir, 'seeded');
  fs.rmSync(dir, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: migrated, databaseUrl: null });
  await db.migrate((await import('../db/migrations-folder')).migrationsFolder());
  await db.close();
  fs.cpSync(migrated, seeded, { recursive: true });
  const db2 = await openDatabase({ dataDir: seeded, databaseUrl: null });
  await migrateAndSeed(db2, { dataDir: seeded, initialAdminPassword: TEST_ADMIN_PASSWORD, seedDemo: true, demoPassword: TEST_DEMO_PASSWORD });
  await db2.close();
  fs.writeFileSync(path.join(dir, 'READY'), '');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The template data dirs, built once (initdb costs about 2.5 s) under .tmp/ and shared by every
 * test file and run until the database sources change. A mkdir lock serialises parallel workers.
 */
export async function ensureTemplates(): Promise<string> {
  const dir = path.join(TEMPLATES, sourceHash());
  const lock = `${dir}.lock`;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'READY'))) return dir;
    fs.mkdirSync(TEMPLATES, { recursive: true });
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another worker builds it; take over a lock left by a killed run.
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs;
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(100);
      continue;
    }
    try {
      if (!fs.existsSync(path.join(dir, 'READY'))) await build(dir);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A fresh data dir copied from a template (its pgdata only). */
export async function copyTemplate(kind: TemplateKind, target: string): Promise<void> {
  const dir = await ensureTemplates();
  fs.mkdirSync(target, { recursive: true });
  fs.cpSync(pgliteDir(path.join(dir, kind)), pgliteDir(target), { recursive: true });
}

/** A new, unique temporary data dir under .tmp/. */
export function tempDataDir(label: string): string {
  const dir = path.join(ROOT, '.tmp', 'data', `${label}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
