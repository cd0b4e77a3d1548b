// Web build: the JavaScript each page loads from a cold start, gzipped (issue 16's goals: /login ≤ 200 KB, the
// knowledge page ≤ 330 KB with axios in it (issue 27, D90), the chat page with all it loads, an answer with code and a
// table drawn, ≤ 600 KB), and all JavaScript. A page's figure is every script fetched from opening it until it is idle. BENCH_WEB_FILES=1 also prints
// each page's files with their gzipped sizes, largest first.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { launchForBench, signInAsDemo } from './browser.mjs';
import { loadFakeLlm } from './fake-llm-lib.mjs';
import { round, startServer } from './lib.mjs';

/** The chunk of components/chart/chart-setup.ts (the chart library), named after the module by the bundler. */
const CHART_CHUNK = /^chart-setup-[\w-]+\.js$/;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** The gzipped size of the scripts a page fetches while `run` opens it (and until the network is idle). */
async function scriptsOf(context, run) {
  const page = await context.newPage();
  const loaded = new Set();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.pathname.endsWith('.js')) loaded.add(u.pathname);
  });
  await run(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  if (process.env.BENCH_WEB_FILES) {
    const sized = [...loaded].map((p) => [p, gz(readFileSync(join('dist/web', p)))]).sort((a, b) => b[1] - a[1]);
    process.stdout.write(`${sized.map(([p, n]) => `  ${(n / 1024).toFixed(1).padStart(6)}  ${p}`).join('\n')}\n`);
  }
  return { kb: round([...loaded].reduce((n, p) => n + gz(readFileSync(join('dist/web', p))), 0) / 1024, 1), files: loaded.size, paths: loaded };
}

export async function benchWebBuild() {
  const assets = join('dist/web/assets');
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const totalGz = all.reduce((n, f) => n + gz(readFileSync(join(assets, f))), 0);
  const { startFakeLlm } = await loadFakeLlm();
  const llm = await startFakeLlm();
  const s = await startServer({ env: { SEED_DEMO: 'true', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat' } });
  const { browser, close } = await launchForBench();
  try {
    const login = await scriptsOf(await browser.newContext(), (page) => page.goto(`${s.url}/#/login`, { waitUntil: 'networkidle' }));
    // Signed in once in a context; each page then opened cold in a new tab of it (the session is in its storage).
    const context = await browser.newContext({ locale: 'zh-CN' });
    const signing = await context.newPage();
    await signInAsDemo(signing, s.url);
    await signing.close();
    const knowledge = await scriptsOf(context, async (page) => {
      await page.goto(`${s.url}/#/knowledgeBase`);
      await page.getByText('新增空间').first().waitFor({ timeout: 30_000 });
    });
    const chat = await scriptsOf(context, async (page) => {
      await page.goto(`${s.url}/#/chatWindow`);
      const input = page.getByLabel('输入问题');
      await input.waitFor({ timeout: 30_000 });
      await input.fill('请给出一段示例 [long:3000]');
      await input.press('Enter');
      await page.locator('[data-testid="chat-answer"][data-status="complete"]').first().waitFor({ timeout: 60_000 });
    });
    // The chat page with an answer's chart drawn, as a user gets one (D77): a new dialogue in 表格问答, a small sheet
    // uploaded, a question whose answer the fake model writes as SQL; the chart drawn on its canvas (the chart library,
    // components/chart/chart-setup, and the answer's own chunk are fetched then, D66). The chart-setup chunk is found
    // by its name; exactly one, or the bench stops rather than count the wrong file.
    const setups = all.filter((f) => CHART_CHUNK.test(f));
    if (setups.length !== 1) throw new Error(`expected one chart-setup chunk in dist/web/assets, found ${setups.length}`);
    const sheetDir = mkdtempSync(join(tmpdir(), 'bench-web-sheet-'));
    const sheet = join(sheetDir, '部门人数.xlsx');
    const book = new ExcelJS.Workbook();
    const rows = book.addWorksheet('人员');
    rows.addRow(['部门', '姓名', '人数']);
    for (const row of [['研发部', '张伟', 12], ['市场部', '王芳', 5], ['研发部', '李娜', 8], ['财务部', '赵敏', 3]]) rows.addRow(row);
    await book.xlsx.writeFile(sheet);
    const withChart = await scriptsOf(context, async (page) => {
      await page.goto(`${s.url}/#/chatWindow`);
      await page.getByRole('complementary', { name: '对话列表' }).getByRole('button', { name: /新建对话/ }).click({ timeout: 30_000 });
      const input = page.getByLabel('输入问题');
      await input.waitFor({ timeout: 30_000 });
      await page.getByLabel('对话模式').getByText('表格问答', { exact: true }).click();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: /上传表格/ }).click()]);
      await chooser.setFiles(sheet);
      await page.locator('.ant-select').filter({ has: page.getByLabel('数据表') }).getByText('部门人数.xlsx').first().waitFor({ timeout: 60_000 });
      await input.fill('按部门统计人数');
      await input.press('Enter');
      await page.locator('[data-testid="chat-answer"][data-status="complete"]').last().waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="chart-answer"] canvas[data-series]').last().waitFor({ timeout: 60_000 });
    });
    rmSync(sheetDir, { recursive: true, force: true });
    const chartLoaded = [...withChart.paths].some((p) => CHART_CHUNK.test(p.split('/').pop()));
    if (!chartLoaded) throw new Error('the chart answer was drawn without the chart-setup chunk');
    return [
      { name: `initial JS for /login, gzipped (KB; ${login.files} files)`, value: login.kb, budget: 200, unit: 'KB' },
      { name: `initial JS for the knowledge page (/knowledgeBase, signed in), gzipped (KB; ${knowledge.files} files)`, value: knowledge.kb, budget: 330, unit: 'KB' },
      { name: `JS of the chat page with all it loads (an answer with code and a table drawn), gzipped (KB; ${chat.files} files)`, value: chat.kb, budget: 600, unit: 'KB' },
      { name: `JS of the chat page with an answer's chart drawn (表格问答, a sheet uploaded), gzipped (KB; ${withChart.files} files)`, value: withChart.kb, budget: 600, unit: 'KB' },
      { name: 'chart library chunks loaded by the chat page without a chart', value: [...chat.paths].filter((p) => CHART_CHUNK.test(p.split('/').pop())).length, budget: 0, unit: '' },
      { name: 'all JS, gzipped (KB)', value: round(totalGz / 1024, 1), unit: 'KB' },
    ];
  } finally {
    await close();
    await s.stop();
    await llm.close();
  }
}
