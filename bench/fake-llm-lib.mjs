// The fake OpenAI-compatible model of the tests (tests/support/fake-llm.ts), for the benchmarks: in this process,
// or in a child process of its own.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * A module of tests/support (TypeScript, bundled with the support modules it imports, for plain Node). Written under
 * node_modules/.cache so the packages it imports (the MCP SDK) resolve as from the repository.
 */
export async function loadTestSupport(name) {
  const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'kb-bench-'));
  const file = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [fileURLToPath(new URL(`../tests/support/${name}.ts`, import.meta.url))],
    outfile: file, bundle: true, packages: 'external', format: 'esm', platform: 'node', logLevel: 'error',
  });
  const mod = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return mod;
}

/** The fake model's module. */
export const loadFakeLlm = () => loadTestSupport('fake-llm');

/** Starts the fake model in a child process; resolves with its URL and a close function. */
export async function startFakeLlmProcess() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./fake-llm-process.mjs', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    child.once('exit', (code) => reject(new Error(`fake model exited with ${code}`)));
  });
  const close = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { url, close };
}
