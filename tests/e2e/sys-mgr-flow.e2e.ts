// The three system accounts run the organisation through the real screens: sysadmin creates a department and
// a user; secadmin gives the user a role and a clearance; the user signs in; auditadmin finds all of it in the log.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { freshPage, screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { expectText, signedInPage, signInChangingPassword, waitForRoute } from './support/app';

const suite = serverAndBrowser();
const DEPT = '质量保障部';
const USERNAME = 'qa.liu';
const FULL_NAME = '刘质检';
const NEW_PASSWORD = 'Quality#2026ok';
let oneTimePassword = '';

async function signedIn(username: string, password: string, home: RegExp): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(suite.browser, suite.server.url, username, password, home);
}

/** The open dialog (the kit's dialog is an antd modal). */
const dialog = (page: Page): Locator => page.getByRole('dialog').last();
/** The page of the active tab (the other tabs' pages stay mounted, hidden). */
const pane = (page: Page): Locator => page.locator('[data-testid="page-pane"][aria-hidden="false"]');
/**
 * Opens a management page and waits until its tab is the one shown. A hash change returns before the app has
 * routed, so without this the next locator matches the page still shown (the previous tab's tree and 新增).
 */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${suite.server.url}/#${path}`);
  await page.locator(`[data-testid="page-pane"][data-key="${path}"][aria-hidden="false"]`).waitFor({ timeout: 15_000 });
}
/** A table row holding a text. */
const row = (page: Page, text: string): Locator => pane(page).locator('tr.ant-table-row', { hasText: text }).first();

describe('system management end to end', () => {
  it('sysadmin creates a department and a user in it, and hands over the one-time password', async () => {
    const { context, page } = await signedIn('sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await openPage(page, '/sysMgr/deptMgr');
    await pane(page).getByRole('button', { name: /新增下级/ }).first().click();
    await dialog(page).getByPlaceholder('请输入部门名称').fill(DEPT);
    await dialog(page).getByRole('button', { name: /确\s*定/ }).click();
    await expectText(pane(page).locator('.search-tree'), DEPT);
    await screenshotBoth(page, 'flow-dept-created');

    await openPage(page, '/sysMgr/userMgr');
    // The tree's node (the management pages' trees also sit, hidden, in the other tabs and pickers).
    await pane(page).locator('.search-tree').getByText(DEPT, { exact: true }).filter({ visible: true }).first().click();
    await pane(page).getByRole('button', { name: /^\S*\s*新\s*增$/ }).filter({ visible: true }).first().click();
    const form = dialog(page);
    await form.getByPlaceholder('字母开头，如 zhang.wei').fill(USERNAME);
    await form.getByLabel('姓名').fill(FULL_NAME);
    await form.getByPlaceholder('11 位手机号').fill('13912345678');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    const password = page.getByTestId('one-time-password');
    await password.waitFor({ state: 'visible', timeout: 15_000 });
    oneTimePassword = (await password.textContent())?.trim() ?? '';
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
    await screenshotBoth(page, 'flow-user-created');
    await context.close();
  });

  it('secadmin puts the user in a role and raises the clearance', async () => {
    const { context, page } = await signedIn('secadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await openPage(page, '/sysMgr/roleMgr');
    await row(page, '市场人员').getByRole('button', { name: '分配人员' }).click();
    const members = dialog(page);
    await members.getByPlaceholder('搜索姓名、用户名或部门').first().fill(FULL_NAME);
    await members.locator('.ant-transfer-section').first().getByText(FULL_NAME).click();
    await members.locator('button:has(.anticon-right)').click();
    await expectText(members.locator('.ant-transfer-section').last(), FULL_NAME);
    await members.getByRole('button', { name: /保\s*存/ }).click();
    await members.waitFor({ state: 'detached', timeout: 15_000 });

    await openPage(page, '/sysMgr/userMgr');
    await row(page, USERNAME).getByRole('button', { name: '设置密级' }).click();
    const clearance = dialog(page);
    await clearance.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '秘密' }).click();
    await clearance.getByRole('button', { name: /确\s*定/ }).click();
    await clearance.waitFor({ state: 'detached', timeout: 15_000 });
    await expectText(row(page, USERNAME), '秘密');
    await screenshotBoth(page, 'flow-clearance-set');
    await context.close();
  });

  it('the user signs in, changes the one-time password and has the role and clearance', async () => {
    const { browser, server } = suite;
    const { context, page } = await freshPage(browser);
    await page.goto(`${server.url}/#/login`);
    await signInChangingPassword(page, USERNAME, oneTimePassword, NEW_PASSWORD);
    await waitForRoute(page, /^\/(Transit|profile)$/);
    await page.goto(`${server.url}/#/profile`);
    await expectText(page, '市场人员');
    await expect(page.getByTestId('profile-clearance').textContent()).resolves.toContain('秘密');
    await context.close();
  });

  it('auditadmin finds every step in the log', async () => {
    const { context, page } = await signedIn('auditadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await openPage(page, '/sysMgr/logMgr');
    const table = pane(page).locator('.ant-table-tbody');
    for (const [who, what] of [
      ['sysadmin', '新增部门'], ['sysadmin', '新增用户'], ['secadmin', '分配人员'], ['secadmin', '设置密级'], [USERNAME, '修改密码'],
    ]) {
      await table.locator('tr', { hasText: who }).filter({ hasText: what }).first().waitFor({ state: 'visible', timeout: 15_000 });
    }
    await screenshotBoth(page, 'flow-audit-log');
    await context.close();
  });
});
