// The worker-only process (issue 29 §6) without PostgreSQL: it runs every queue a server runs, refuses the embedded
// database with its Chinese message, and RUN_JOBS=false is refused there too. The run on PostgreSQL, two workers and a
// server, is server/worker-cluster.test.ts.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config';
import type * as JobWorker from './jobs/worker';
import { createTestApp, type TestApp } from './test-support/test-app';
import { jobHandlers, NEEDS_POSTGRES } from './worker-process';

// Every queue a server starts a worker for (app.ts and the routes), as the app is built.
const started = vi.hoisted(() => [] as string[]);
vi.mock('./jobs/worker', async (importOriginal) => {
  const original = await importOriginal<typeof JobWorker>();
  return {
    ...original,
    startWorker: (...args: Parameters<typeof original.startWorker>) => {
      started.push(args[1].queue);
      return original.startWorker(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the worker-only process', { timeout: 90_000 }, () => {
  it('runs a worker for every queue the server runs, and no other', () => {
    expect(started.length).toBeGreaterThanOrEqual(4);
    expect(jobHandlers(t.deps).map((h) => h.queue).sort()).toEqual([...new Set(started)].sort());
  });

  it('refuses to start on the embedded database, saying why in Chinese', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker-main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: t.config.dataDir, LOG_FILE_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(NEEDS_POSTGRES);
    expect(stderr).toContain('后台处理进程需要与服务端共用的 PostgreSQL');
  });

  it('lets a server leave its jobs to workers (RUN_JOBS=false) only on PostgreSQL', () => {
    expect(loadConfig({}).runJobs).toBe(true);
    expect(() => loadConfig({ RUN_JOBS: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ RUN_JOBS: '0' })).toThrow(/^配置项 RUN_JOBS 无效：只有使用 PostgreSQL（设置 DATABASE_URL）时才能关闭/);
    expect(loadConfig({ RUN_JOBS: 'false', DATABASE_URL: 'postgres://kb@db.example/kb' }).runJobs).toBe(false);
  });
});
