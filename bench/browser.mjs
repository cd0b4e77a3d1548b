import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium-path.mjs';

export async function launchForBench() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return { browser, close: async () => { await browser.close(); } };
}
