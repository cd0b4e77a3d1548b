// The fake OpenAI-compatible model of the tests (tests/support/fake-llm.ts), for the benchmarks: in this process,
// or in a child process of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';

/** The fake model's module (TypeScript, stripped here for plain Node). */
export async function loadFakeLlm() {
  const dir = mkdtempSync(join(tmpdir(), 'kb-bench-fake-'));
  const source = fileURLToPath(new URL('../tests/support/fake-llm.ts', import.meta.url));
  const { code } = await transform(readFileSync(source, 'utf8'), { loader: 'ts', format: 'esm' });
  const file = join(dir, 'fake-llm.mjs');
  writeFileSync(file, code);
  const mod = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });
  return mod;
}

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
