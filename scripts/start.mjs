// `npm start`: build what is stale, then run the server that serves the API and the web app.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { buildWebIfStale } from './build-web-lib.mjs';
import { buildServerIfStale } from './build-server-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await buildWebIfStale();
await buildServerIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist-server/main.js')], {
  stdio: 'inherit',
  cwd: root,
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
