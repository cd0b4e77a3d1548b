// `npm run test:e2e`: build the web app and the server when stale, then run the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebIfStale } from './build-web-lib.mjs';
import { buildServerIfStale } from './build-server-lib.mjs';
import { chromiumPath } from '../tests/e2e/support/chromium-path.mjs';

if (!chromiumPath()) {
  const msg = '未找到 Chromium（/usr/bin/chromium）：请先运行 apt-get install -y chromium fonts-noto-cjk';
  if (process.env.CI) {
    console.error(msg);
    process.exit(1);
  }
  console.warn(`${msg}；跳过端到端测试。`);
  process.exit(0);
}
await buildWebIfStale();
await buildServerIfStale();
if (!existsSync('dist-server/main.js')) throw new Error('dist-server/main.js was not built');
const args = ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
