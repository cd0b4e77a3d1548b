// Web build: the JavaScript the /login page loads (gzipped), and all JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchForBench } from './browser.mjs';
import { DEMO_PASSWORD, round, startServer } from './lib.mjs';

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
    const login = new Set(loaded);

    // The chat page with everything it loads, signed in (an answer's chart loads ECharts only when one is shown).
    await page.getByPlaceholder('请输入用户名').fill('demo');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/Transit/);
    await page.goto(`${s.url}/#/chatWindow`, { waitUntil: 'networkidle' });
    await page.getByLabel('输入问题').waitFor();
    const size = (paths) => [...paths].reduce((n, p) => n + gz(readFileSync(join('dist/web', p))), 0);
    const chatLoaded = new Set(loaded);
    // An answer's chart imports ECharts (components/chart/echarts-setup) on the first chart shown: import that module
    // in the page, as the chart does, and count every file it brings.
    const setup = all.find((f) => f.startsWith('echarts-setup-'));
    if (!setup) throw new Error('no echarts-setup chunk in dist/web/assets');
    const echartsLoaded = [...chatLoaded].filter((p) => p.includes('echarts-setup-')).length;
    await page.evaluate((url) => import(url), `/assets/${setup}`);
    await page.waitForLoadState('networkidle');
    const withChart = new Set(loaded);
    return [
      { name: 'initial JS for /login, gzipped (KB)', value: round(initialGz / 1024, 1), budget: 200, unit: 'KB' },
      { name: 'all JS, gzipped (KB)', value: round(totalGz / 1024, 1), unit: 'KB' },
      { name: 'JS files loaded by /login', value: login.size, unit: '' },
      { name: 'chat page JS with all it loads, gzipped (KB)', value: round(size(chatLoaded) / 1024, 1), budget: 600, unit: 'KB' },
      { name: 'chat page JS with an answer\'s chart (ECharts added), gzipped (KB)', value: round(size(withChart) / 1024, 1), budget: 600, unit: 'KB' },
      { name: 'ECharts chunks loaded by the chat page without a chart', value: echartsLoaded, budget: 0, unit: '' },
    ];
  } finally {
    await close();
    await s.stop();
  }
}
