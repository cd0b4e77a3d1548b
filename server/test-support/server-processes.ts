// Several built servers (dist-server/main.js) on one PostgreSQL, as a scaled-out deployment runs them: each its
// own DATA_DIR, one FILES_DIR and one DB_SECRET_KEY for all (docs/scaling.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  /** SIGTERM and wait for the exit (no-op once exited). */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown, nothing handed back. */
  kill9: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts one server process; resolves when /readyz answers. */
export async function startServerProcess(env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'dist-server/main.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FILE_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return { url, child, dataDir, output: () => out, stop: () => signal('SIGTERM'), kill9: () => signal('SIGKILL') };
}

export type Cluster = {
  servers: ServerProcess[];
  filesDir: string;
  /** Starts one more process like the others (after one was killed). */
  add: () => Promise<ServerProcess>;
  close: () => Promise<void>;
};

/** Starts `count` processes on the database of `databaseUrl`, all at once (the first start's setup is locked). */
export async function startCluster(count: number, databaseUrl: string, env: Record<string, string> = {}): Promise<Cluster> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-cluster-'));
  const filesDir = path.join(base, 'shared-files');
  const shared = { DATABASE_URL: databaseUrl, FILES_DIR: filesDir, DB_SECRET_KEY: randomBytes(32).toString('hex'), ...env };
  let n = 0;
  const add = () => startServerProcess(shared, path.join(base, `data-${n++}`));
  const servers = await Promise.all(Array.from({ length: count }, add));
  return {
    servers,
    filesDir,
    add: async () => {
      const s = await add();
      servers.push(s);
      return s;
    },
    close: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
