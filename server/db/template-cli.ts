import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from './migrations-folder';
import { buildTemplate } from './pglite-template';

// Run by the server build (scripts/build-server-lib.mjs) from dist-server/: makes dist-server/pgdata-template.
const here = path.dirname(fileURLToPath(import.meta.url));
await buildTemplate(path.join(here, 'pgdata-template'), migrationsFolder());
