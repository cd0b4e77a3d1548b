// Builds the web app with Vite when dist/web is missing or older than its sources.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SOURCES = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));

/** Rebuilds dist/web when stale; returns true when it built. */
export async function buildWebIfStale({ force = false, log = console.log } = {}) {
  const marker = join(root, 'dist/web/index.html');
  if (!force && !isStale(marker, WEB_SOURCES)) return false;
  log('正在构建 Web 应用（dist/web）…');
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
