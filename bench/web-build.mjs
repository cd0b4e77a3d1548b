// Web build: the JavaScript the /login page loads (gzipped), and all JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchForBench } from './browser.mjs';
import { round, startServer } from './lib.mjs';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

export async function benchWebBuild() {
  const assets = join('dist/web/assets');
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const totalGz = all.reduce((n, f) => n + gz(readFileSync(join(assets, f))), 0);
  const s = await startServer();
  const { browser, close } = await launchForBench();
  try {
    const page = await browser.newPage();
    const loaded = new Set();
    page.on('response', (res) => {
      const u = new URL(res.url());
      if (u.pathname.endsWith('.js')) loaded.add(u.pathname);
    });
    await page.goto(`${s.url}/#/login`, { waitUntil: 'networkidle' });
    const initialGz = [...loaded].reduce((n, p) => n + gz(readFileSync(join('dist/web', p))), 0);
    return [
      { name: 'initial JS for /login, gzipped (KB)', value: round(initialGz / 1024, 1), budget: 200, unit: 'KB' },
      { name: 'all JS, gzipped (KB)', value: round(totalGz / 1024, 1), unit: 'KB' },
      { name: 'JS files loaded by /login', value: loaded.size, unit: '' },
    ];
  } finally {
    await close();
    await s.stop();
  }
}
