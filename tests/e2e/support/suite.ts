import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFakeLlm, type FakeLlm } from '../../support/fake-llm';
import { signedInPage } from './app';
import { launchBrowser } from './browser';
import { DEMO_PASSWORD, fakeLlmEnv, startServer, type TestServer } from './server';

/** A stand-in the file starts on loopback (a fake model, an MCP server…). */
type Service = { close: () => Promise<void> };

/** What a file's tests use: the built server and Chromium, and the file's own services. */
export type Suite<S = object> = S & { server: TestServer; browser: Browser };

/** A suite with one page, signed in before the tests and shared by them. */
export type SignedInSuite<S = object> = Suite<S> & { context: BrowserContext; page: Page };

/** A built server and Chromium for the file's tests, started before them and stopped after. */
export function serverAndBrowser(env: Record<string, string> = {}): Suite {
  return serverWith(async () => ({}), () => env);
}

/**
 * A built server and Chromium, with the file's services started first, so that the server's `env` can point at
 * them, and closed after it, in the order `start` lists them.
 */
export function serverWith<S extends Record<string, Service>>(start: () => Promise<S>, env: (services: S) => Record<string, string>): Suite<S> {
  const suite = {} as Suite<S>;
  let services: S | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    services = await start();
    Object.assign(suite, services);
    suite.server = await startServer(env(services));
    const launched = await launchBrowser();
    suite.browser = launched.browser;
    closeBrowser = launched.close;
  }, 120_000);
  afterAll(async () => {
    await closeBrowser?.();
    await suite.server?.stop();
    for (const service of Object.values(services ?? {})) await service.close();
  });
  return suite;
}

/**
 * The fake model, the built server pointed at it (and given `env`), Chromium, and one page signed in as `username`
 * (a demo user) for the file's tests; the page is closed first.
 */
export function signedInWithLlm(username: string, env: Record<string, string> = {}): SignedInSuite<{ llm: FakeLlm }> {
  const suite = serverWith(async () => ({ llm: await startFakeLlm() }), ({ llm }) => ({ ...fakeLlmEnv(llm), ...env })) as SignedInSuite<{ llm: FakeLlm }>;
  beforeAll(async () => {
    Object.assign(suite, await signedInPage(suite.browser, suite.server.url, username, DEMO_PASSWORD));
  });
  // Registered after serverWith's hook, so it runs before it (vitest runs after-hooks in reverse).
  afterAll(async () => {
    await suite.context?.close();
  });
  return suite;
}

/** The tools files' suite: an MCP server and the fake model on loopback, and the server allowed to call both. */
export function toolsSuite<M extends Service>(startMcp: () => Promise<M>): Suite<{ mcp: M; llm: FakeLlm }> {
  return serverWith(async () => {
    const [mcp, llm] = await Promise.all([startMcp(), startFakeLlm()]);
    return { mcp, llm };
  }, ({ llm }) => ({ OUTBOUND_ALLOW: '127.0.0.1', ...fakeLlmEnv(llm) }));
}
