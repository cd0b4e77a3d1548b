// Bundles the reference server (server/main.ts) into dist-server/main.js with esbuild (D5), the worker-only process
// (server/worker-main.ts) into worker.js, and makes the migrated PGlite template a first start copies (D19).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SOURCES = ['server', 'contract', 'package.json'].map((p) => join(root, p));
const OUT_DIR = join(root, 'dist-server');
// Packages bundled into the server instead of loaded from node_modules at start, with every package they import:
// resolving and reading several hundred small modules one by one was a third of the start on an existing data
// directory (TypeBox alone is about 700, D19; Fastify with its plugins, Ajv and semver about 300 more, D80). Only
// pure-JS packages that resolve no files of their own at run time belong here.
const BUNDLED = new Set([
  'typebox', 'drizzle-orm', 'fastify', '@fastify/ajv-compiler', '@fastify/cors', '@fastify/fast-json-stringify-compiler',
  '@fastify/helmet', '@fastify/multipart', '@fastify/static', '@fastify/type-provider-typebox', 'rate-limiter-flexible', 'ajv', 'ajv-formats', 'yauzl', 'pino',
]);
// Never bundled, even when a bundled package imports them: they load files (WebAssembly, workers, native code)
// relative to their own folder.
const NEVER_BUNDLED = new Set(['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'piscina', '@node-rs/argon2', 'thread-stream',
  'better-sqlite3', '@duckdb/node-api', 'libpg-query']);

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** esbuild plugin: every bare import is external except the packages in BUNDLED and what they import. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const pkg = packageOf(args.path);
      if (NEVER_BUNDLED.has(pkg)) return { path: args.path, external: true };
      if (BUNDLED.has(pkg) || args.importer.includes('/node_modules/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// Bundled CommonJS packages call require() for Node's own modules; an ES module has none, so each output file
// gets one.
const REQUIRE_BANNER = "import { createRequire as __kbCreateRequire } from 'node:module'; const require = __kbCreateRequire(import.meta.url);";

/** Builds dist-server/main.js and worker.js (dependencies external, source map) and copies the migrations beside them. */
export async function buildServer({ log = console.log } = {}) {
  log('正在构建服务端（dist-server）…');
  const { build } = await import('esbuild');
  rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    // The text worker (server/text-worker.ts) is an entry of its own: the pool starts its threads from dist-server/text-worker.js.
    // worker.js is the worker-only process of `npm run worker` (server/worker-main.ts), sharing the chunks of main.js.
    entryPoints: {
      main: join(root, 'server/main.ts'), worker: join(root, 'server/worker-main.ts'),
      'template-cli': join(root, 'server/db/template-cli.ts'), 'text-worker': join(root, 'server/text-worker.ts'),
    },
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
    // The maps point at the files under server/ rather than carrying them: `npm start` parses them as the modules
    // load, and 7 MB of maps was 30–40 ms of every start (D84).
    sourcesContent: false,
    banner: { js: REQUIRE_BANNER },
    // Whitespace and syntax only (names stay, for stack traces): a third less to parse at start.
    // KB_NO_MINIFY=1 keeps lines, for a CPU profile read line by line (positionTicks).
    minifyWhitespace: !process.env.KB_NO_MINIFY,
    minifySyntax: true,
    logLevel: 'warning',
  });
  // server/db/migrations-folder.ts looks for ./migrations next to the running module first.
  cpSync(join(root, 'server/db/migrations'), join(OUT_DIR, 'migrations'), { recursive: true });
  const made = spawnSync(process.execPath, [join(OUT_DIR, 'template-cli.js')], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0) throw new Error('构建数据库模板失败 / building the database template failed');
}

/** Rebuilds dist-server when an entry is missing or older than any file under server/ or contract/; true when it built. */
export async function buildServerIfStale({ force = false, log = console.log } = {}) {
  if (!force && !['main.js', 'worker.js'].some((entry) => isStale(join(OUT_DIR, entry), SERVER_SOURCES))) return false;
  await buildServer({ log });
  return true;
}
