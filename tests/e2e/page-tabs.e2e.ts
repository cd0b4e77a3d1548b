// Page tabs (spec §9, issue 17) in Chromium: three pages opened from the side menu become tabs, a filter typed on
// one survives switching, the context menu and × close tabs, and the open tabs come back after a reload.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotBoth } from './support/browser';
import { DEMO_PASSWORD } from './support/server';
import { serverAndBrowser } from './support/suite';
import { signedInPage, waitForRoute } from './support/app';

const suite = serverAndBrowser();

const tabTitles = (page: Page) => page.getByTestId('page-tab').allTextContents();
const tab = (page: Page, title: string) => page.getByTestId('page-tab').filter({ hasText: title });
const menu = (page: Page, title: string) => page.getByTestId('side-menu').getByRole('menuitem', { name: title });

describe('page tabs', () => {
  it('opens three pages as tabs, keeps a filter when switching, closes and restores them', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'demo', DEMO_PASSWORD);
    await page.goto(`${suite.server.url}/#/knowledgeBase`);
    const filter = page.getByPlaceholder('按名称或描述筛选');
    await filter.fill('制度');
    await menu(page, '数据库').click();
    await waitForRoute(page, /^\/sqlBase$/);
    await menu(page, '个人中心').click();
    await waitForRoute(page, /^\/profile$/);
    await expect.poll(() => tabTitles(page)).toEqual(['智能问答', '知识库', '数据库', '个人中心']);
    // The tab bar is 40 px high and its function area 128 px wide (spec §9).
    const bar = await page.getByRole('tablist', { name: '已打开的页面' }).boundingBox();
    expect(Math.round(bar?.height ?? 0)).toBe(40);
    const functions = await page.getByTestId('tab-functions').boundingBox();
    expect(Math.round(functions?.width ?? 0)).toBe(128);
    await screenshotBoth(page, 'page-tabs-three-open');

    await tab(page, '知识库').click();
    await waitForRoute(page, /^\/knowledgeBase$/);
    await expect.poll(() => filter.inputValue()).toBe('制度');
    // The side menu leads to the open tab instead of a second one.
    await menu(page, '数据库').click();
    await waitForRoute(page, /^\/sqlBase$/);
    expect(await tabTitles(page)).toHaveLength(4);

    // 关闭右侧 on 知识库: 数据库 and 个人中心 go, 知识库 is shown.
    await tab(page, '知识库').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧' }).click();
    await waitForRoute(page, /^\/knowledgeBase$/);
    await expect.poll(() => tabTitles(page)).toEqual(['智能问答', '知识库']);
    await screenshotBoth(page, 'page-tabs-closed-right');

    // After a reload the same tabs are there, the page from the address active.
    await page.reload();
    await expect.poll(() => tabTitles(page)).toEqual(['智能问答', '知识库']);
    // × on 知识库 leaves the home tab, which has no ×.
    await page.getByRole('button', { name: '关闭知识库', exact: true }).click();
    await waitForRoute(page, /^\/chatWindow$/);
    await expect.poll(() => tabTitles(page)).toEqual(['智能问答']);
    expect(await page.getByRole('button', { name: '关闭智能问答', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('hides a page\'s dialog when the browser goes Back, and shows it again, as it was, on Forward (issue 27 §6)', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'demo', DEMO_PASSWORD);
    await page.goto(`${suite.server.url}/#/profile`);
    await waitForRoute(page, /^\/profile$/);
    await menu(page, '知识库').click();
    await waitForRoute(page, /^\/knowledgeBase$/);
    await page.getByRole('button', { name: /新增空间/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('空间名称').fill('返回测试');
    await page.goBack();
    await waitForRoute(page, /^\/profile$/);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await screenshotBoth(page, 'page-tabs-back-hides-dialog');
    await page.goForward();
    await waitForRoute(page, /^\/knowledgeBase$/);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('空间名称').inputValue()).toBe('返回测试');
    await context.close();
  });

  it('keeps a space name of 100 letters inside the tab bar and the page (issue 27 §6)', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, 'demo', DEMO_PASSWORD);
    const name = `Long-${'x'.repeat(95)}`;
    await page.goto(`${suite.server.url}/#/knowledgeBase`);
    await page.getByRole('button', { name: /新增空间/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('空间名称').fill(name);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${suite.server.url}/#/knowledgeList?space=${name}`);
    await page.getByRole('heading', { name }).waitFor();
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
      await page.setViewportSize(size);
      // Nothing pushes the window sideways, and the tab is cut with … (its whole name in its title).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const label = tab(page, name);
      expect((await label.boundingBox())!.width).toBeLessThanOrEqual(240);
      expect(await label.getAttribute('title')).toBe(`文档：${name}`);
      const heading = (await page.getByRole('heading', { name }).boundingBox())!;
      expect(heading.x + heading.width).toBeLessThanOrEqual(size.width);
    }
    await screenshotBoth(page, 'page-tabs-long-space-name');
    await context.close();
  });
});

