import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium-path.mjs';
import { DEMO_PASSWORD } from './lib.mjs';

export async function launchForBench() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  return { browser, close: async () => { await browser.close(); } };
}

/** Signs the page in as demo through the sign-in form and waits for the landing page. */
export async function signInAsDemo(page, url) {
  await page.goto(`${url}/#/login`);
  await page.getByPlaceholder('请输入用户名').fill('demo');
  await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/#\/Transit/);
}
