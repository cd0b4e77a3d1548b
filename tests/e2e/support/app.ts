import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { freshPage } from './browser';

/** Fills the sign-in form and submits it. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in with a one-time password and replaces it with `newPassword` in the dialog that then asks for one. */
export async function signInChangingPassword(page: Page, username: string, oneTimePassword: string, newPassword: string): Promise<void> {
  await signInThroughForm(page, username, oneTimePassword);
  const change = page.getByRole('dialog');
  const fields = change.locator('input[type="password"]');
  await fields.nth(0).fill(oneTimePassword);
  await fields.nth(1).fill(newPassword);
  await fields.nth(2).fill(newPassword);
  await change.getByRole('button', { name: /确认修改/ }).click();
}

/** The hash route of the page, e.g. `/login?redirect=%2Fprofile`. */
export function hashRoute(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/**
 * Waits until the hash route matches and still matches a moment later: `page.goto` to a hash returns before
 * the route settles, so a single read can see the previous page's route.
 */
export async function waitForRoute(page: Page, pattern: RegExp, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let matchedSince: number | null = null;
  while (Date.now() < deadline) {
    if (pattern.test(hashRoute(page))) {
      matchedSince ??= Date.now();
      if (Date.now() - matchedSince >= 300) return;
    } else {
      matchedSince = null;
    }
    await page.waitForTimeout(50);
  }
  expect(hashRoute(page)).toMatch(pattern);
}

/** Waits until a text is visible somewhere on the page (hidden copies, such as a kept-alive pane's, do not count). */
export async function expectText(page: Page | Locator, text: string | RegExp, timeoutMs = 10_000): Promise<void> {
  await page.getByText(text).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: timeoutMs });
}

/** A fresh page signed in through the login form as `username`, waiting until the app has landed on `home`. */
export async function signedInPage(
  browser: Browser, baseUrl: string, username: string, password: string, home: RegExp = /^\/Transit$/,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await freshPage(browser);
  await page.goto(`${baseUrl}/#/login`);
  await signInThroughForm(page, username, password);
  await waitForRoute(page, home);
  return { context, page };
}

/**
 * What a chart (components/chart/Chart, Chart.js on a canvas) drew: the categories and series read back from the
 * chart after its last update, and how many of the canvas' pixels are painted. Waits until it has drawn.
 */
export async function drawnChart(chart: Locator, timeoutMs = 15_000): Promise<{ labels: string[]; series: { name: string; data: (number | null)[] }[]; painted: number }> {
  const canvas = chart.locator('canvas').first();
  await canvas.waitFor({ state: 'visible', timeout: timeoutMs });
  await expect.poll(async () => canvas.getAttribute('data-series'), { timeout: timeoutMs }).not.toBeNull();
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const pixels = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted += 1;
    return { labels: JSON.parse(el.dataset.labels ?? '[]') as string[], series: JSON.parse(el.dataset.series ?? '[]') as { name: string; data: (number | null)[] }[], painted };
  });
}
