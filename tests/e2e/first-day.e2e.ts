// A new user's first day (issue 12): a user the system administrator just created holds no role, yet opens
// 智能问答 and 知识库 without being signed out; an administrator opening another administrator's page by address
// lands on /sysMgr/index with 无权访问该页面 and stays signed in (D27); built-in buttons cannot be edited or deleted
// (D28); the recall test finds nothing for a nonsense question and highlights what a real one matched (D29).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoToken, spaceProcessed, tokenOf } from './support/api';
import { expectText, hashRoute, signedInPage, signInChangingPassword, signInThroughForm, waitForRoute } from './support/app';
import { freshPage, screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const USERNAME = 'xin.tongshi';
const NEW_PASSWORD = 'First#Day2026ok';
let oneTimePassword = '';
const EXPIRED = '登录已过期';

/** Every 403 the page met, and every answer with the session-ending message. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(res.url());
  });
  return refused;
}

beforeAll(async () => {
  const { server } = suite;
  // The system administrator creates the user (no role, lowest clearance), as 人员管理 does.
  const token = await tokenOf(server.url, 'sysadmin', ADMIN_PASSWORD);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tree = (await (await fetch(`${server.url}/api/sysMgr/depts/tree/-2`, { headers })).json()) as {
    results: { id: number; children?: { id: number }[] }[];
  };
  const deptId = tree.results[0].children?.[0]?.id ?? tree.results[0].id;
  const created = await fetch(`${server.url}/api/sysMgr/users`, {
    method: 'POST', headers, body: JSON.stringify({ username: USERNAME, fullName: '新同事', deptId }),
  });
  expect(created.status).toBe(200);
  oneTimePassword = ((await created.json()) as { results: { password: string } }).results.password;
});

describe('a new user’s first day', () => {
  it('a user without a role opens 智能问答 and 知识库 from /Transit and stays signed in', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    const refused = watchRefusals(page);
    await page.goto(`${server.url}/#/login`);
    await signInChangingPassword(page, USERNAME, oneTimePassword, NEW_PASSWORD);
    await waitForRoute(page, /^\/Transit$/);

    await page.getByRole('link', { name: /智能问答/ }).first().click();
    await waitForRoute(page, /^\/chatWindow/);
    await page.getByRole('textbox', { name: '输入问题' }).waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(1_000);
    await screenshotBoth(page, 'first-day-chat');
    expect(hashRoute(page)).toMatch(/^\/chatWindow/);

    await page.goto(`${server.url}/#/Transit`);
    await page.getByRole('link', { name: /知识库/ }).first().click();
    await waitForRoute(page, /^\/knowledgeBase/);
    await expectText(page, '示例知识库', 15_000);
    await page.waitForTimeout(1_000);
    await screenshotBoth(page, 'first-day-knowledge');
    expect(hashRoute(page)).toMatch(/^\/knowledgeBase/);

    expect(refused).toEqual([]);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });

  it('auditadmin opening /sysMgr/userMgr by address lands on /sysMgr/index with 无权访问该页面, still signed in', async () => {
    const { browser, server } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    const refused = watchRefusals(page);
    await page.goto(`${server.url}/#/sysMgr/userMgr`);
    await waitForRoute(page, /^\/sysMgr\/index$/);
    await expectText(page, '无权访问该页面');
    await screenshotBoth(page, 'first-day-no-access');
    expect(refused).toEqual([]);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // A bookmark opened in a new tab of the same session does the same.
    const tab = await context.newPage();
    await tab.goto(`${server.url}/#/sysMgr/userMgr`);
    await waitForRoute(tab, /^\/sysMgr\/index$/);
    await expectText(tab, '无权访问该页面');
    await context.close();
  });

  it('功能点管理 shows 智能问答’s built-in 上传文件 with 编辑 and 删除 disabled, and says why', async () => {
    const { browser, server } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.goto(`${server.url}/#/implConfigMgr/funcMgr`);
    await page.getByText('业务功能').click();
    await page.locator('.search-tree').getByText('智能问答').first().click();
    const upload = page.locator('tr', { hasText: '上传文件' }).first();
    await upload.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await upload.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
    expect(await upload.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    await upload.getByTestId('row-tools-locked').hover();
    await expectText(page, '系统内置按钮，不能编辑或删除');
    await screenshotBoth(page, 'first-day-builtin-buttons');
    await context.close();
  });

  it('the recall test finds nothing for 量子纠缠超导材料 and highlights the words a real question matched', async () => {
    const { browser, server } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'demo', DEMO_PASSWORD);
    await spaceProcessed(server.url, await demoToken(server.url), '示例知识库');
    await page.goto(`${server.url}/#/knowledgeList?space=${encodeURIComponent('示例知识库')}`);
    await page.getByRole('button', { name: /召回测试/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('问题').fill('量子纠缠超导材料');
    await dialog.getByRole('button', { name: /测\s*试/ }).click();
    await expectText(dialog, '没有相关度达到召回阈值的分段');
    expect(await page.getByTestId('recall-hit').count()).toBe(0);
    await dialog.getByLabel('问题').fill('出差住宿标准是多少');
    await dialog.getByRole('button', { name: /测\s*试/ }).click();
    await page.getByTestId('recall-hit').first().waitFor({ timeout: 15_000 });
    const marks = await page.getByTestId('recall-hit').first().locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    await screenshotBoth(page, 'first-day-recall');
    await context.close();
  });
  it('a first visit to the bare address opens the sign-in page quietly, and /subLogin without a token keeps a session', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/`);
    await waitForRoute(page, /^\/login/);
    await page.waitForTimeout(1_000);
    expect(await page.getByText('登录信息无效').count()).toBe(0);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    await signInThroughForm(page, 'demo', DEMO_PASSWORD);
    await waitForRoute(page, /^\/(Transit|profile)$/);
    await page.goto(`${server.url}/#/subLogin`);
    await waitForRoute(page, /^\/(Transit|profile|chatWindow)$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });

  it('at 1280×720 the 新增知识空间 dialog fits the window and resizes, and the document list keeps 删除 in view', async () => {
    const { browser, server } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'demo', DEMO_PASSWORD);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${server.url}/#/knowledgeBase`);
    await page.getByRole('button', { name: /新增空间/ }).click();
    const box = page.locator('.ant-modal-container, .ant-modal-content').first();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).waitFor();
    const before = await box.boundingBox();
    expect(before).not.toBeNull();
    expect(before!.y).toBeGreaterThanOrEqual(0);
    expect(before!.y + before!.height).toBeLessThanOrEqual(720);
    const ok = await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).boundingBox();
    expect(ok!.y + ok!.height).toBeLessThanOrEqual(720);
    // The corner handle resizes the dialog (spec §2), never past the window.
    const handle = page.getByRole('dialog').getByTestId('dialog-resize');
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x - 120, h.y - 80, { steps: 5 });
    await page.mouse.up();
    const after = (await box.boundingBox())!;
    expect(after.width).toBeLessThan(before!.width - 60);
    expect(after.y + after.height).toBeLessThanOrEqual(720);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/#/knowledgeList?space=${encodeURIComponent('示例知识库')}`);
    const row = page.locator('.ant-table-row').first();
    await row.waitFor({ timeout: 15_000 });
    const del = (await row.getByRole('button', { name: '删除' }).boundingBox())!;
    expect(del.x + del.width).toBeLessThanOrEqual(1280);
    await screenshotBoth(page, 'first-day-document-list');
    await context.close();
  });
});
