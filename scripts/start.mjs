// `npm start`: build what is stale, then run the server that serves the API and the web app.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { buildWebIfStale } from './build-web-lib.mjs';
import { buildServerIfStale } from './build-server-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await buildWebIfStale();
await buildServerIfStale();

// The server runs in this process (a second Node.js start was a tenth of `npm start`, D84); stack traces point
// into the sources, as `--enable-source-maps` would make them.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, 'dist-server/main.js')).href);
