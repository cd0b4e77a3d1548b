// `npm run test:pg`: runs the identity and sign-in server tests once more against the PostgreSQL of this machine
// (127.0.0.1:5432, trust auth) in a database with a random name, dropped at the end; and the three-process test
// (server/multi-process.test.ts: built servers behind a round-robin proxy, in a database of its own), and the worker
// processes beside a server that runs no jobs (server/worker-cluster.test.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = process.env.PGHOST_TEST ?? '127.0.0.1';
const PORT = Number(process.env.PGPORT_TEST ?? 5432);
const TEST_FILES = ['server/identity', 'server/routes/auth', 'server/db', 'server/plugins/access.test.ts', 'server/jobs', 'server/knowledge', 'server/routes/knowledge',
  'server/routes/chat/chat.test.ts', 'server/routes/chat/files.test.ts', 'server/routes/chat/no-model.test.ts', 'server/routes/chat/shutdown.test.ts', 'server/routes/sqlbase',
  'server/routes/testcases', 'server/sys-mgr/statistics/statistics.test.ts', 'server/routes/sys-mgr/statistics.test.ts',
  'server/routes/sys-mgr/statistics-duties.test.ts', 'server/tools/cancel.test.ts', 'server/routes/tools/tool-results.test.ts',
  'server/multi-process.test.ts', 'server/worker-cluster.test.ts'];

async function connectAdmin() {
  const errors = [];
  for (const user of ['root', 'postgres']) {
    const client = new pg.Client({ host: HOST, port: PORT, user, database: 'postgres', connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return { client, user };
    } catch (err) {
      errors.push(`${user}: ${err.message}`);
      await client.end().catch(() => {});
    }
  }
  throw new Error(errors.join('; '));
}

let admin;
try {
  admin = await connectAdmin();
} catch (err) {
  const message = `PostgreSQL (${HOST}:${PORT}) 不可用 / unreachable: ${err.message}`;
  if (process.env.CI === 'true') {
    console.error(`${message}\nCI=true: PostgreSQL 测试必须运行 / the PostgreSQL tests must run under CI.`);
    process.exit(1);
  }
  console.warn(`跳过 PostgreSQL 测试 / SKIPPING the PostgreSQL tests: ${message}`);
  process.exit(0);
}

const dbName = `kb_test_${randomBytes(6).toString('hex')}`;
await admin.client.query(`create database ${dbName}`);
const url = `postgres://${admin.user}@${HOST}:${PORT}/${dbName}`;
console.log(`PostgreSQL 测试数据库 / test database: ${dbName}`);

let code;
try {
  code = await new Promise((resolve) => {
    // The document readers and OCR (server/knowledge/formats) touch no database: run once, in the unit stage. So is
    // the OCR progress and stop test (tesseract's work, ~30 s): its row writes are the document row's, covered here by
    // the knowledge route tests (停止 included) and the worker processes' test.
    const excluded = ['server/knowledge/formats/**', 'server/knowledge/ocr-progress.test.ts'].flatMap((glob) => ['--exclude', glob]);
    const child = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...excluded, ...TEST_FILES], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
} finally {
  await admin.client.query(`drop database if exists ${dbName} with (force)`).catch((err) => {
    console.error(`删除测试数据库失败 / could not drop ${dbName}: ${err.message}`);
  });
  await admin.client.end();
}
process.exit(code);
