import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeLlm } from '../../support/fake-llm';

/** A real server process on a fresh data directory. */
export type TestServer = {
  url: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM (then SIGKILL after 10 s), and the data directory removed unless keepData. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** `kill -9`: the process dies at once; the data directory stays. */
  kill: () => Promise<void>;
};

export const ADMIN_PASSWORD = 'Admin#2026pass';
export const DEMO_PASSWORD = 'Demo#2026pass';

/** The server's settings that point it at the fake model. */
export function fakeLlmEnv(llm: FakeLlm): Record<string, string> {
  return { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', LLM_API_KEY: 'test-key' };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** Starts dist-server/main.js on a free port with a fresh data directory (or the given one, to restart). */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kb-e2e-'));
  let out = '';
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${out}`, { cause: err });
  }
  return {
    url,
    dataDir,
    output: () => out,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
