// Bundles the reference server (server/main.ts) into dist-server/main.js with esbuild (D5).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SOURCES = ['server', 'contract', 'package.json'].map((p) => join(root, p));
const OUT_DIR = join(root, 'dist-server');

/** Builds dist-server/main.js (dependencies external, source map) and copies the migrations beside it. */
export async function buildServer({ log = console.log } = {}) {
  log('正在构建服务端（dist-server）…');
  const { build } = await import('esbuild');
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'server/main.ts')],
    outdir: OUT_DIR,
    // main.js opens the database first and imports the rest as chunks meanwhile (server/main.ts).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/db/migrations-folder.ts looks for ./migrations next to the running module first.
  cpSync(join(root, 'server/db/migrations'), join(OUT_DIR, 'migrations'), { recursive: true });
}

/** Rebuilds dist-server when it is missing or older than any file under server/ or contract/; true when it built. */
export async function buildServerIfStale({ force = false, log = console.log } = {}) {
  if (!force && !isStale(join(OUT_DIR, 'main.js'), SERVER_SOURCES)) return false;
  await buildServer({ log });
  return true;
}
