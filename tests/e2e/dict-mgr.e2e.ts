// 字典管理 in Chromium (issue 17): the system administrator adds a 职务 entry, renames it, and finds it in the
// user form's 职务 select at once; the shipped entries are samples, editable and deletable (issue 27 §6).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshotBoth } from './support/browser';
import { ADMIN_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { expectText, signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

const dialog = (page: Page): Locator => page.getByRole('dialog').last();
const row = (page: Page, text: string): Locator => page.locator('tr.ant-table-row', { hasText: text }).first();

describe('字典管理', () => {
  it('an entry added and renamed in 字典管理 is offered by the user form\'s 职务 select', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '字典管理' }).click();
    await expectText(page.getByRole('region', { name: '字典项' }), '总经理');
    // A shipped entry is a sample: no 内置 tag, 编辑 and 删除 enabled.
    const gm = row(page, '总经理');
    expect(await gm.textContent()).not.toContain('内置');
    expect(await gm.getByRole('button', { name: /编辑/ }).isDisabled()).toBe(false);
    expect(await gm.getByRole('button', { name: /删除/ }).isDisabled()).toBe(false);
    await screenshotBoth(page, 'dict-mgr');

    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await dialog(page).getByLabel('编码').fill('TECHNICIAN');
    await dialog(page).getByLabel('名称').fill('技术员');
    await screenshotBoth(page, 'dict-mgr-add');
    await dialog(page).getByRole('button', { name: /确\s*定/ }).click();
    await expectText(row(page, 'TECHNICIAN'), '技术员');
    await row(page, 'TECHNICIAN').getByRole('button', { name: /编辑/ }).click();
    await dialog(page).getByLabel('名称').fill('高级技术员');
    await dialog(page).getByRole('button', { name: /确\s*定/ }).click();
    await expectText(row(page, 'TECHNICIAN'), '高级技术员');

    // The user form in another tab: its 职务 select reads the dictionary when it opens.
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '人员管理' }).click();
    await waitForRoute(page, /^\/sysMgr\/userMgr$/);
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: '职务' }).click();
    const option = (text: string) => page.locator('.ant-select-item-option', { hasText: text }).first();
    await option('高级技术员').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await option('总经理').isVisible()).toBe(true);
    await screenshotBoth(page, 'dict-in-user-form');
    await context.close();
  });
});

describe('错误日志', () => {
  it('lists the server\'s errors for the system administrator, filterable by kind', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'sysadmin', ADMIN_PASSWORD, /^\/sysMgr\/index$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '错误日志' }).click();
    await waitForRoute(page, /^\/sysMgr\/errorLog$/);
    await expectText(page.getByRole('region', { name: '错误记录' }), '不记录密码与请求参数');
    await page.getByRole('combobox', { name: '类型' }).click();
    await page.locator('.ant-select-item-option', { hasText: '后台任务失败' }).first().click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await screenshotBoth(page, 'error-log');
    await context.close();
  });
});
