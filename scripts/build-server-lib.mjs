// Bundles the reference server (server/main.ts) into dist-server/main.js with esbuild (D5), and makes the migrated
// PGlite template a first start copies (D19).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SOURCES = ['server', 'contract', 'package.json'].map((p) => join(root, p));
const OUT_DIR = join(root, 'dist-server');
// Packages bundled into the server instead of loaded from node_modules at start: TypeBox alone is about 700 small
// ES modules, and loading them one by one was a fifth of the start (D19). Only pure-JS packages that resolve no
// files of their own at run time belong here.
const BUNDLED = new Set(['typebox', 'drizzle-orm']);

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** esbuild plugin: every bare import is external except the packages in BUNDLED. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || BUNDLED.has(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds dist-server/main.js (dependencies external, source map) and copies the migrations beside it. */
export async function buildServer({ log = console.log } = {}) {
  log('正在构建服务端（dist-server）…');
  const { build } = await import('esbuild');
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    // The text worker (server/workers) is an entry of its own: the pool starts its threads from dist-server/text-worker.js.
    entryPoints: { main: join(root, 'server/main.ts'), 'template-cli': join(root, 'server/db/template-cli.ts'), 'text-worker': join(root, 'server/workers/text-worker.ts') },
    outdir: OUT_DIR,
    // main.js opens the database first and imports the rest as chunks meanwhile (server/main.ts).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: true,
    logLevel: 'warning',
  });
  // server/db/migrations-folder.ts looks for ./migrations next to the running module first.
  cpSync(join(root, 'server/db/migrations'), join(OUT_DIR, 'migrations'), { recursive: true });
  const made = spawnSync(process.execPath, [join(OUT_DIR, 'template-cli.js')], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0) throw new Error('构建数据库模板失败 / building the database template failed');
}

/** Rebuilds dist-server when it is missing or older than any file under server/ or contract/; true when it built. */
export async function buildServerIfStale({ force = false, log = console.log } = {}) {
  if (!force && !isStale(join(OUT_DIR, 'main.js'), SERVER_SOURCES)) return false;
  await buildServer({ log });
  return true;
}
