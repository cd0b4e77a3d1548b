// In Chromium: the chat window streaming a 20,000-character answer with code and tables. The longest
// main-thread task while it streams (Long Tasks API: tasks over 50 ms; none means every task was shorter), and
// the longest gap between animation frames as a finer figure of the same thing.
/* global window, document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { pathToFileURL } from 'node:url';
import { launchForBench } from './browser.mjs';
import { loadFakeLlm } from './fake-llm-lib.mjs';
import { DEMO_PASSWORD, round, startServer } from './lib.mjs';

const CHARS = 20_000;

export async function benchChatRender() {
  const { startFakeLlm } = await loadFakeLlm();
  const llm = await startFakeLlm();
  const s = await startServer({ env: { SEED_DEMO: 'true', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat' } });
  const { browser, close } = await launchForBench();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await page.goto(`${s.url}/#/login`);
    await page.getByPlaceholder('请输入用户名').fill('demo');
    await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/Transit/);
    await page.goto(`${s.url}/#/chatWindow`);
    const input = page.getByLabel('输入问题');
    await input.waitFor();
    // A short answer first, so the page's code (markdown, highlighting) is loaded before measuring.
    await input.fill('预热');
    await input.press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').first().waitFor({ timeout: 60_000 });

    await page.evaluate(() => {
      const w = window;
      w.__tasks = [];
      w.__gaps = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration))).observe({ type: 'longtask' });
      let last = performance.now();
      const tick = (t) => {
        w.__gaps.push(t - last);
        last = t;
        if (!w.__stopFrames) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const t0 = performance.now();
    await input.fill(`[long:${CHARS}] 请输出一份包含代码和表格的长文档`);
    await input.press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').nth(1).waitFor({ timeout: 120_000 });
    const streamed = performance.now() - t0;
    // The page may still be rendering what arrived (deferred rendering): wait until the shown text stops growing.
    const shownLength = () => page.evaluate(() => {
      const answers = document.querySelectorAll('[data-testid="chat-answer"]');
      return answers[answers.length - 1].textContent.length;
    });
    let shown = await shownLength();
    for (let stable = 0; stable < 5 && performance.now() - t0 < 120_000;) {
      await page.waitForTimeout(100);
      const now = await shownLength();
      stable = now === shown ? stable + 1 : 0;
      shown = now;
    }
    const wall = performance.now() - t0 - 500;
    const { tasks, gaps } = await page.evaluate(() => {
      const w = window;
      w.__stopFrames = true;
      return { tasks: w.__tasks, gaps: w.__gaps };
    });
    if (process.env.BENCH_DEBUG) await page.screenshot({ path: '.tmp/chat-render.png', fullPage: false });
    if (shown < CHARS * 0.4) throw new Error(`the answer shows only ${shown} characters`);
    return [
      { name: `chat streaming a ${CHARS}-character answer in Chromium: longest main-thread task (ms; 0 = none over 50; ${tasks.length} long tasks, ${round(wall / 1000, 1)} s)`, value: round(Math.max(0, ...tasks)), budget: 50, unit: 'ms' },
      { name: 'for scale: longest gap between animation frames while streaming (ms)', value: round(Math.max(0, ...gaps.slice(1))), unit: 'ms' },
      { name: `for scale: answer fully shown after (ms; the stream itself ended after ${round(streamed)})`, value: round(wall), unit: 'ms' },
    ];
  } finally {
    await close();
    await s.stop();
    await llm.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchChatRender());
}
