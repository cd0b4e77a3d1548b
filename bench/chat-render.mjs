// In Chromium: the chat window streaming 6,000-character answers with code and tables at a model's pace (300, 450
// and 600 characters a second, one answer each). The longest main-thread task of each run (Long Tasks API: tasks over
// 50 ms; none means every task was shorter), and the longest gap between animation frames as a finer figure.
/* global window, document, requestAnimationFrame -- the page.evaluate callbacks run in the browser */
import { pathToFileURL } from 'node:url';
import { launchForBench, signInAsDemo } from './browser.mjs';
import { loadFakeLlm } from './fake-llm-lib.mjs';
import { round, startServer } from './lib.mjs';

const CHARS = 6_000;
const RATES = [300, 450, 600];

export async function benchChatRender() {
  const { startFakeLlm } = await loadFakeLlm();
  const llm = await startFakeLlm();
  const s = await startServer({ env: { SEED_DEMO: 'true', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat' } });
  const { browser, close } = await launchForBench();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInAsDemo(page, s.url);
    await page.goto(`${s.url}/#/chatWindow`);
    const input = page.getByLabel('输入问题');
    await input.waitFor();
    // A short answer first, so the page's code (markdown, highlighting) is loaded before measuring.
    await input.fill('预热');
    await input.press('Enter');
    await page.locator('[data-testid="chat-answer"][data-status="complete"]').first().waitFor({ timeout: 60_000 });

    // Three answers at a model's pace (300, 450 and 600 characters a second), each measured on its own.
    const runs = [];
    for (const [k, rate] of RATES.entries()) {
      await page.evaluate(() => {
        const w = window;
        w.__tasks = [];
        w.__gaps = [];
        w.__stopFrames = false;
        if (!w.__observing) {
          w.__observing = true;
          new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration))).observe({ type: 'longtask' });
        }
        let last = performance.now();
        const tick = (t) => {
          w.__gaps.push(t - last);
          last = t;
          if (!w.__stopFrames) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const t0 = performance.now();
      await input.fill(`[long:${CHARS}] [rate:${rate}] 请输出一份包含代码和表格的长文档（第 ${k + 1} 份）`);
      await input.press('Enter');
      await page.locator('[data-testid="chat-answer"][data-status="complete"]').nth(k + 1).waitFor({ timeout: 180_000 });
      const streamed = performance.now() - t0;
      const shown = await page.evaluate(() => {
        const answers = document.querySelectorAll('[data-testid="chat-answer"]');
        return answers[answers.length - 1].textContent.length;
      });
      const { tasks, gaps } = await page.evaluate(() => {
        const w = window;
        w.__stopFrames = true;
        return { tasks: w.__tasks, gaps: w.__gaps };
      });
      if (shown < CHARS * 0.4) throw new Error(`the answer shows only ${shown} characters`);
      runs.push({ rate, longest: Math.max(0, ...tasks), count: tasks.length, gap: Math.max(0, ...gaps.slice(1)), streamed });
    }
    if (process.env.BENCH_DEBUG) await page.screenshot({ path: '.tmp/chat-render.png', fullPage: false });
    const worst = Math.max(...runs.map((r) => r.longest));
    return [
      {
        name: `chat streaming ${CHARS}-character answers at a model's pace in Chromium: longest main-thread task of every run (ms; 0 = none over 50; ${runs.map((r) => `${r.rate}/s: ${round(r.longest)} ms, ${r.count} long, ${round(r.streamed / 1000, 1)} s`).join('; ')})`,
        value: round(worst), budget: 50, unit: 'ms',
      },
      { name: 'for scale: longest gap between animation frames while streaming, worst run (ms)', value: round(Math.max(...runs.map((r) => r.gap))), unit: 'ms' },
    ];
  } finally {
    await close();
    await s.stop();
    await llm.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchChatRender());
}
