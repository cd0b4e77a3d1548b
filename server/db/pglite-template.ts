import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated, empty PGlite data directory made when the server is built (D19). PGlite's initdb runs PostgreSQL's
 * bootstrap in WebAssembly and takes about 3 s; a first start on a new DATA_DIR copies this instead. The stamp ties
 * it to the PGlite and pgvector builds and the migrations it was made with; a template that does not match is
 * ignored, and the start runs initdb as before.
 */
const STAMP_FILE = 'template.json';
const PGDATA = 'pgdata';

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? 'unknown';
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}

/** What a template must have been made with to be used: the database builds and every migration file. */
export function templateStamp(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')}\n`);
  hash.update(`pgvector ${packageVersion('@electric-sql/pglite-pgvector')}\n`);
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const f of files) {
    const full = path.join(migrationsFolder, f);
    if (fs.statSync(full).isFile()) hash.update(f).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

/** The template folder beside the running bundle (dist-server/pgdata-template), or null from source. */
export function templateFolder(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist-server/main.js or dist-server/chunks/*.js
  const candidates = [path.join(here, 'pgdata-template'), path.join(here, '..', 'pgdata-template')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, STAMP_FILE))) ?? null;
}

/**
 * Fills a new `target` PGlite directory from the template when it matches; true when it did. The copy goes to a
 * temporary name first and is renamed, so a start killed half-way leaves no directory that looks like a database.
 */
export function restoreTemplate(template: string | null, target: string, migrationsFolder: string): boolean {
  if (!template || fs.existsSync(target)) return false;
  let stamp: { stamp?: string };
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(template, STAMP_FILE), 'utf8')) as { stamp?: string };
  } catch {
    return false;
  }
  if (stamp.stamp !== templateStamp(migrationsFolder)) return false;
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(path.join(template, PGDATA), partial, { recursive: true });
  fs.renameSync(partial, target);
  return true;
}

/** Removes copies a killed start left behind in `dataDir`. */
export function removePartialTemplates(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(`${PGDATA}.partial-`)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * Makes the template in `folder`: a PGlite directory with every migration applied and nothing seeded (no accounts,
 * no passwords: those are made at the first start with the operator's settings).
 */
export async function buildTemplate(folder: string, migrationsFolder: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const work = `${folder}.building-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const client = await PGlite.create(path.join(work, PGDATA), { extensions: { vector } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.close();
  }
  fs.writeFileSync(path.join(work, STAMP_FILE), `${JSON.stringify({ stamp: templateStamp(migrationsFolder), made: new Date().toISOString() })}\n`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(work, folder);
}
