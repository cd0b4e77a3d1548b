/* global window -- the page.evaluate callbacks run in the browser */
// Kit paint times in Chromium: the data table with 200 rows × 20 columns, and a 5,000-node department
// tree filtered by a search; each the median of several runs, from the change to the painted frame.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { launchForBench } from './browser.mjs';
import { round } from './lib.mjs';

const OUT = resolve('bench/out/kit');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const RUNS = 15;

function serve() {
  const server = createServer((req, res) => {
    const path = join(OUT, decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html');
    if (!path.startsWith(OUT) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(res);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchKitPaint() {
  await build({ configFile: resolve('bench/kit/vite.config.ts'), mode: 'production' });
  const server = await serve();
  const { browser, close } = await launchForBench();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => 'bench' in window);
    const table = [];
    for (let i = 0; i < RUNS; i++) table.push(await page.evaluate(() => window.bench.mount('table')));
    const tree = [];
    await page.evaluate(() => window.bench.mount('tree'));
    for (let i = 0; i < RUNS; i++) {
      tree.push(await page.evaluate(() => window.bench.search('研发')));
      await page.evaluate(() => window.bench.search(''));
    }
    console.error('table min', Math.min(...table), 'tree min', Math.min(...tree));
    return [
      { name: 'data table 200×20 rendered and painted, median (ms)', value: round(median(table), 1), budget: 100, unit: 'ms' },
      { name: '5,000-node tree filtered by search and painted, median (ms)', value: round(median(tree), 1), budget: 100, unit: 'ms' },
    ];
  } finally {
    await close();
    server.close();
  }
}
