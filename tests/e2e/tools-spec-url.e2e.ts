// 从 URL 导入 in Chromium (issue 27 §6): zhangwei makes an OpenAPI tool set from the address of its document, served
// on loopback by the test. A Swagger 2 address is refused under the address field with nothing typed lost; the
// document behind a redirect is read by the server and fills the document field for review; the set saved from it
// has the document's tools and calls the API with its key.
import { describe, expect, it } from 'vitest';
import { startOpenApiDocs } from '../support/openapi-docs';
import { API_KEY, startTestOpenApi } from '../support/openapi-service';
import { expectText, signedInPage, waitForRoute } from './support/app';
import { screenshotBoth } from './support/browser';
import { DEMO_PASSWORD } from './support/server';
import { serverWith } from './support/suite';

// The document's server closes before the API's, as it started after it.
const suite = serverWith(async () => {
  const api = await startTestOpenApi();
  return { docs: await startOpenApiDocs(api.spec), api };
}, () => ({ OUTBOUND_ALLOW: '127.0.0.1' }));
const SET = '资产接口';

describe('从 URL 导入 an OpenAPI tool set', () => {
  it('zhangwei imports the document from its address, reviews it, and saves a working set', async () => {
    const { browser, server, api, docs } = suite;
    const { context, page } = await signedInPage(browser, server.url, 'zhangwei', DEMO_PASSWORD);
    await page.goto(`${server.url}/#/toolsBase`);
    await waitForRoute(page, /^\/toolsBase$/);
    await page.getByRole('button', { name: /新增工具集/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(SET);
    await dialog.getByText('HTTP 接口（OpenAPI 3）').click();

    // A Swagger 2 document: the reason under the address, what was typed kept.
    const address = dialog.getByLabel('文档地址');
    await address.fill(`${docs.url}/swagger2`);
    await dialog.getByRole('button', { name: '读取文档' }).click();
    await expectText(dialog, '只支持 OpenAPI 3 文档（openapi: 3.x）', 15_000);
    expect(await dialog.getByLabel('名称').inputValue()).toBe(SET);
    expect(await address.inputValue()).toBe(`${docs.url}/swagger2`);
    await screenshotBoth(page, 'tools-spec-url-refused');

    // Behind a redirect: read by the server, shown for review.
    await address.fill(`${docs.url}/moved`);
    await dialog.getByRole('button', { name: '读取文档' }).click();
    await expectText(dialog.getByTestId('spec-url-done'), `已读取 ${docs.url}/openapi.json：2 个接口`, 15_000);
    expect(await dialog.getByLabel('OpenAPI 文档').inputValue()).toBe(api.spec);
    // The browser did not fetch the document itself (no CORS, intranet): only the server's requests reached it.
    expect(docs.requests.every((r) => r.headers['user-agent'] === 'kb-tools-openapi-import')).toBe(true);
    await screenshotBoth(page, 'tools-spec-url-read');

    await dialog.getByLabel('凭据', { exact: true }).fill(API_KEY);
    await dialog.getByLabel('凭据请求头').fill('X-API-Key');
    // Granted to zhangwei's own role, so that he may also try it.
    await dialog.getByLabel('授权角色').click();
    await page.locator('.ant-select-dropdown').getByText('部门负责人', { exact: true }).click();
    await page.keyboard.press('Escape');

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectText(page, `已保存“${SET}”：2 个工具`, 15_000);
    // The 只读 operation is on, the 写入 one waits for an administrator (D89).
    await expectText(page.getByTestId(`toolset-${SET}`), '1 / 2 个工具');
    await page.getByTestId(`toolset-${SET}`).getByRole('button', { name: /工具/ }).click();
    await waitForRoute(page, /^\/toolsList/);
    await page.locator('tr', { hasText: 'getAsset' }).getByRole('button', { name: '试用' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('id', { exact: true }).fill('A-7');
    await drawer.getByTestId('tool-run').click();
    await expectText(drawer.getByTestId('tool-result'), '笔记本电脑', 15_000);
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: '/assets/A-7', key: API_KEY });
    await context.close();
  });
});
