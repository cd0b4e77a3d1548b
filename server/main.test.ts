import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyTemplate, tempDataDir } from './test-support/pglite-template';
import { TEST_ADMIN_PASSWORD } from './test-support/test-config';

/** The README's example of what `npm start` prints (the first fenced block after its heading). */
function readmeBannerExample(): string[] {
  const readme = fs.readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## What `npm start` prints'));
  const start = section.indexOf('```\n') + 4;
  return section.slice(start, section.indexOf('```', start)).split('\n');
}

// The process entry runs as a child (tsx), on a copy of the seeded template: prints the banner, exits 0 on SIGTERM.
describe.skipIf(Boolean(process.env.DATABASE_URL))('server/main.ts', () => {
  const dataDir = tempDataDir('main');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops with exit code 2 and a message naming a bad variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('配置项 PORT 无效');
    expect(stderr).toContain('Invalid PORT');
  });

  it('stops with exit code 1 and the start-failure message when the data directory cannot be opened', async () => {
    const blocker = `${dataDir}-file`;
    fs.writeFileSync(blocker, '');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: path.join(blocker, 'data') }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    fs.rmSync(blocker, { force: true });
    expect(code).toBe(1);
    // The entry's own message, not Node's report of an unhandled rejection.
    expect(stderr).toMatch(/^启动失败 \/ Start failed: Error: ENOTDIR/);
  });

  it('listens, prints the address and the accounts, and exits 0 on SIGTERM', async () => {
    await copyTemplate('seeded', dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: '', LOG_FILE_LEVEL: '', LLM_BASE_URL: '', LLM_MODEL: '', EMBEDDING_MODEL: '', WEB_DIST: path.join(dataDir, 'none') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const listening = new Promise<string>((resolve) => {
      child.stdout.on('data', (d) => {
        stdout += d;
        const m = /Server listening: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (m && stdout.includes('Accounts')) resolve(m[1]);
      });
    });
    const address = await listening;
    expect(stdout).toMatch(/sysadmin\s+系统管理员/);
    expect(stdout).toMatch(/demo\s+演示用户/);
    expect(stdout).not.toContain(TEST_ADMIN_PASSWORD);
    // Without a model the administrator reads how to set one up (staff only read that there is none).
    expect(stdout).toContain('未配置大模型');
    expect(stdout).toMatch(/LLM_BASE_URL.*LLM_MODEL/);
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    expect((await fetch(`${address}/api/sysMgr/users`)).status).toBe(401);
    // The console is for a person: no JSON request lines; the requests are in DATA_DIR/logs/server.log.
    await new Promise((r) => setTimeout(r, 200));
    expect(stdout).not.toMatch(/"reqId"|request completed/);
    expect(stdout).toContain(path.join(dataDir, 'logs', 'server.log'));
    expect(fs.readFileSync(path.join(dataDir, 'logs', 'server.log'), 'utf8')).toContain('/api/sysMgr/users');
    // The README shows the banner as it is: every line but the accounts' and the one saying where their passwords
    // come from (this run's differ from a first start's) stands there, with the README's directory and address.
    const readmeBlock = readmeBannerExample();
    const shown = stdout.slice(stdout.indexOf('知识库服务已启动')).split('\n').filter((l) => l.trim() && !/^ {2}\w+ {2,}/.test(l) && !/^(以上生成|密码为|首次启动生成)/.test(l));
    for (const line of shown) {
      const generic = line.replaceAll(dataDir, 'data').replace(address, 'http://127.0.0.1:8080');
      expect(readmeBlock, `README lacks the banner line: ${generic}`).toContain(generic);
    }
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
