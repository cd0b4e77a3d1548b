import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshPage, launchBrowser, screenshotBoth } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { expectText, signInThroughForm, waitForRoute } from './support/app';

let server: TestServer;
/** 国密 mode, plain passwords refused (D91). */
let sm2Server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  // No operator passwords: every account gets a generated one that must be changed at first sign-in.
  server = await startServer({ INITIAL_ADMIN_PASSWORD: '', DEMO_PASSWORD: '' });
  sm2Server = await startServer({ INITIAL_ADMIN_PASSWORD: '', DEMO_PASSWORD: '', LOGIN_CRYPTO: 'sm2', LOGIN_PLAIN_PASSWORD: 'refuse' });
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
  await sm2Server?.stop();
});

/** Every request the page sends: its URL and body, as a proxy or the browser's tools would record them. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`));
  return seen;
}

/** Whether any recorded request carries `secret` in clear, as it is or URL-encoded. */
function carries(seen: string[], secret: string): string[] {
  return seen.filter((r) => r.includes(secret) || r.includes(encodeURIComponent(secret)) || r.includes(new URLSearchParams({ s: secret }).toString().slice(2)));
}

function generatedPassword(username: string, from: TestServer = server): string {
  const text = readFileSync(join(from.dataDir, 'first-run.txt'), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`${username} `));
  if (!line) throw new Error(`no generated password for ${username}`);
  return line.trim().split(/\s+/)[1];
}

describe('first sign-in with a generated password', () => {
  it('forces a password change, then signs in with the new password', async () => {
    const { context, page } = await freshPage(browser);
    const seen = recordRequests(page);
    const initial = generatedPassword('staff');
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'staff', initial);
    await expectText(page, '修改初始密码');
    await screenshotBoth(page, 'forced-password-change');

    const dialog = page.getByRole('dialog');
    const fields = dialog.locator('input[type="password"]');
    await fields.nth(0).fill(initial);
    await fields.nth(1).fill('Blue-river-2030');
    await fields.nth(2).fill('Blue-river-2030');
    await dialog.getByRole('button', { name: /确认修改/ }).click();
    await waitForRoute(page, /^\/(Transit|profile)$/);

    // Neither password went anywhere in clear (D91): sign-in, the change and the sign-in after it are encrypted.
    expect(seen.some((r) => r.includes('/oauth-token?') && decodeURIComponent(r).includes('password=enc1:rsa:'))).toBe(true);
    expect(carries(seen, initial)).toEqual([]);
    expect(carries(seen, 'Blue-river-2030')).toEqual([]);

    // A client written to the spec's contract may still send it plain (LOGIN_PLAIN_PASSWORD=accept by default).
    const q = new URLSearchParams({ grant_type: 'password', username: 'staff', password: 'Blue-river-2030' });
    const res = await fetch(`${server.url}/api/login/webapi/auth/open/oauth-token?${q}`);
    expect(res.status).toBe(200);
    await context.close();
  });

  it('in 国密 mode encrypts with SM2 and the server refuses a plain password', async () => {
    const { context, page } = await freshPage(browser);
    const seen = recordRequests(page);
    const initial = generatedPassword('staff', sm2Server);
    await page.goto(`${sm2Server.url}/#/login`);
    await signInThroughForm(page, 'staff', initial);
    await expectText(page, '修改初始密码');
    const dialog = page.getByRole('dialog');
    const fields = dialog.locator('input[type="password"]');
    await fields.nth(0).fill(initial);
    await fields.nth(1).fill('Green-hill-2031');
    await fields.nth(2).fill('Green-hill-2031');
    await dialog.getByRole('button', { name: /确认修改/ }).click();
    await waitForRoute(page, /^\/(Transit|profile)$/);

    expect(seen.filter((r) => r.includes('/oauth-token?') && decodeURIComponent(r).includes('password=enc1:sm2:'))).toHaveLength(2);
    expect(carries(seen, initial)).toEqual([]);
    expect(carries(seen, 'Green-hill-2031')).toEqual([]);

    const q = new URLSearchParams({ grant_type: 'password', username: 'staff', password: 'Green-hill-2031' });
    const res = await fetch(`${sm2Server.url}/api/login/webapi/auth/open/oauth-token?${q}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('参数 password 须加密传送：服务器不接受明文密码，请使用本产品的网页或桌面客户端');
    await context.close();
  });
});
