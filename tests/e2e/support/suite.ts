import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

/** A built server and Chromium for the file's tests, started before them and stopped after. */
export function serverAndBrowser(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const suite = {} as { server: TestServer; browser: Browser };
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    suite.server = await startServer(env);
    const launched = await launchBrowser();
    suite.browser = launched.browser;
    closeBrowser = launched.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await suite.server?.stop();
  });
  return suite;
}
