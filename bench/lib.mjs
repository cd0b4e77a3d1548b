// Shared helpers for the benchmarks: a real server process, percentiles, a load loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ADMIN_PASSWORD = 'Bench#2026admin';
export const DEMO_PASSWORD = 'Bench#2026demo';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the built server; resolves once /readyz answers, with the time that took. BENCH_NODE_ARGS (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`) are given to the server's node, for profiling a benchmark. With `npmStart`
 * the server is started the way the README starts it, `npm start` (npm, the stale-build checks, then the server). */
export async function startServer({ dataDir, env = {}, nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), npmStart = false } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'kb-bench-'));
  const started = performance.now();
  const [command, args] = npmStart ? ['npm', ['start', '--silent']] : [process.execPath, [...nodeArgs, 'dist-server/main.js']];
  const child = spawn(command, args, {
    // npm's own process and the server's are one group, stopped together.
    detached: npmStart,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_PASSWORD,
      LOG_LEVEL: 'error',
      LOG_FILE_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    // Polled often enough that the wait adds little to the time measured.
    await new Promise((r) => setTimeout(r, 5));
    if (performance.now() - started > 120_000) throw new Error(`server not ready:\n${out}`);
  }
  const readyMs = performance.now() - started;
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      if (npmStart) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await exited;
    }
    // npm may end before the server it started has closed its database.
    while (npmStart && groupAlive(child.pid)) await new Promise((r) => setTimeout(r, 10));
    if (!keepData) rmSync(dir, { recursive: true, force: true });
  };
  return { url, dataDir: dir, readyMs, stop, output: () => out, pid: child.pid };
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signs in with the password grant and returns the access token. */
export async function signIn(url, username, password) {
  const q = new URLSearchParams({ grant_type: 'password', username, password });
  const res = await fetch(`${url}/api/login/webapi/auth/open/oauth-token?${q}`);
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The p-th percentile (0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)];
}

/** The median: the middle value, or the mean of the two middle ones (not the lower one: issue 16). */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The spread of rounds as `min–max`, printed beside a median. */
export function spread(values) {
  if (values.length === 0) return 'no rounds';
  return `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
}

/** Loads a URL with `connections` keep-alive connections for `seconds`; exact latency percentiles. */
export async function load({ url, method = 'GET', headers = {}, body, requests, connections = 20, seconds = 10 }) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({ url, method, headers, body, requests, connections, duration: seconds });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const non2xx = Object.entries(statuses)
    .filter(([s]) => !s.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  return {
    requests: latencies.length,
    rps: Math.round(result.requests.average),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts + non2xx,
  };
}

export function round(n, digits = 2) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** POSTs JSON with the bearer token to an AI-family call and answers its data; a failure throws its Chinese message. */
export async function callApi(url, token, path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${path}: ${json.err_msg}`);
  return json.data;
}

/** The PostgreSQL of this machine (BENCH_PG_HOST/BENCH_PG_PORT, default 127.0.0.1:5432) as root or postgres, or null. */
export async function pgAdmin() {
  const host = process.env.BENCH_PG_HOST ?? '127.0.0.1';
  const port = Number(process.env.BENCH_PG_PORT ?? 5432);
  for (const user of ['root', 'postgres']) {
    const client = new pg.Client({ host, port, user, database: 'postgres', connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return { client, user, host, port };
    } catch {
      await client.end().catch(() => {});
    }
  }
  return null;
}
