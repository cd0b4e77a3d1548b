import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freshPage, launchBrowser, screenshotBoth } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { expectText, signInThroughForm, waitForRoute } from './support/app';

let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  // No operator passwords: every account gets a generated one that must be changed at first sign-in.
  server = await startServer({ INITIAL_ADMIN_PASSWORD: '', DEMO_PASSWORD: '' });
  ({ browser, close: closeBrowser } = await launchBrowser());
});

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

function generatedPassword(username: string): string {
  const text = readFileSync(join(server.dataDir, 'first-run.txt'), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`${username} `));
  if (!line) throw new Error(`no generated password for ${username}`);
  return line.trim().split(/\s+/)[1];
}

describe('first sign-in with a generated password', () => {
  it('forces a password change, then signs in with the new password', async () => {
    const { context, page } = await freshPage(browser);
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

    const q = new URLSearchParams({ grant_type: 'password', username: 'staff', password: 'Blue-river-2030' });
    const res = await fetch(`${server.url}/api/login/webapi/auth/open/oauth-token?${q}`);
    expect(res.status).toBe(200);
    await context.close();
  });
});
