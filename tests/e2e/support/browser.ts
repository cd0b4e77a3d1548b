import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from './chromium-path.mjs';

export const VIEWPORTS = {
  large: { width: 1440, height: 900 },
  small: { width: 1280, height: 720 },
} as const;

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** Launches Debian's Chromium headless with the flags this machine needs (playwright gives it a fresh profile). */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed (apt-get install -y chromium fonts-noto-cjk)');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

/** Saves a screenshot of the page at both review sizes (1440×900 and 1280×720). */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${label === 'large' ? '1440x900' : '1280x720'}.png`) });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Turns off CSS transitions and animations so screenshots and clicks are stable. antd's own motion is off through
 * the context's reduced-motion setting (the app honours it); this covers the rest of the page's CSS.
 */
export async function disableMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const style = document.createElement('style');
    // Zero durations, not `none`: antd waits for animationend/transitionend, which zero-length ones still fire.
    style.textContent = '*,*::before,*::after{transition-duration:0s!important;animation-duration:0s!important;animation-delay:0s!important}';
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  });
}

/** A new context (1440×900, zh-CN, reduced motion, no stored session) and page, with motion turned off. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: the app then turns antd's animations off. Zero-length CSS animations alone were not enough: one
  // now and then finished without firing animationend, and a dialog stayed in its opening state, taking no pointer
  // events and losing what was typed into it.
  const context = await browser.newContext({ viewport: VIEWPORTS.large, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await disableMotion(page);
  return { context, page };
}
