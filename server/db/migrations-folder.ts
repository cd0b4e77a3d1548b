import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrations folder, found from source (server/db/) and from the bundle (dist-server/ and its chunks/, which
 * gets a copy, or the project's server/db/migrations next to it).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'migrations'),
    // dist-server/chunks/ (the bundle's split chunks) → dist-server/migrations
    path.join(here, '..', 'migrations'),
    path.join(here, '..', 'server', 'db', 'migrations'),
    path.join(process.cwd(), 'server', 'db', 'migrations'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`找不到数据库迁移目录 / migrations folder not found (tried ${candidates.join(', ')})`);
  return found;
}
