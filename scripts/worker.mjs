// `npm run worker`: build the server when stale, then run the worker-only process (server/worker-main.ts): it takes
// background jobs from the PostgreSQL of DATABASE_URL and serves no pages (docs/scaling.md).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { buildServerIfStale } from './build-server-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await buildServerIfStale();

// In this process, as `npm start` runs the server; stack traces point into the sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, 'dist-server/worker.js')).href);
