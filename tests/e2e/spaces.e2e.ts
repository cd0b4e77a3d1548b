// Spaces limited to departments and roles, and a knowledge answer from several spaces, in Chromium (issue 27 §2, §6;
// D93): demo opens the dialog of a space with its 可见角色 and 可见部门, then asks 示例知识库 and that space at once
// and sees each citation named with its space.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { KNOWLEDGE_PATHS, ROLE_PATHS } from '../../contract/api/paths';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { expectText, signedInPage } from './support/app';
import { launchBrowser, screenshotBoth } from './support/browser';
import { DEMO_PASSWORD, startServer, type TestServer } from './support/server';

let llm: FakeLlm;
let server: TestServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let context: BrowserContext;
let page: Page;
let token = '';
const SPACE = `研发差旅${Date.now() % 100000}`;

const api = (path: string, body: BodyInit, json = true) => fetch(`${server.url}${path}`, {
  method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
});

/** Waits until every document of `space` is processed. */
async function processed(space: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await api(KNOWLEDGE_PATHS.documentList.replace(':space', encodeURIComponent(space)), JSON.stringify({ page: 1, page_size: 50 }));
    const docs = ((await res.json()) as { data: { data: { status: string }[] } }).data.data;
    if (docs.length > 0 && docs.every((d) => d.status === 'FINISHED')) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`documents of ${space} were not processed in time`);
}

beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startServer({ LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', LLM_API_KEY: 'test-key' });
  ({ browser, close: closeBrowser } = await launchBrowser());
  ({ context, page } = await signedInPage(browser, server.url, 'demo', DEMO_PASSWORD));
  const tokenRes = await fetch(`${server.url}/api/login/webapi/auth/open/oauth-token?grant_type=password&username=demo&password=${encodeURIComponent(DEMO_PASSWORD)}`);
  token = ((await tokenRes.json()) as { access_token: string }).access_token;
  // A space (limited to the role 研发人员 where the role list answers) with one document about lodging.
  const roles = (await (await fetch(`${server.url}${ROLE_PATHS.options}`, { headers: { authorization: `Bearer ${token}` } })).json().catch(() => null)) as { data?: { id: number; name: string }[] } | null;
  const roleId = roles?.data?.find((r) => r.name === '研发人员')?.id;
  expect((await api(KNOWLEDGE_PATHS.spaceAdd, JSON.stringify({ name: SPACE, desc: '研发中心的差旅补充规定', ...(roleId ? { review_role: String(roleId) } : {}) }))).status).toBe(200);
  const form = new FormData();
  form.set('secrecy', 'public');
  form.set('doc_file', new Blob(['研发中心差旅补充规定。出差住宿标准在一线城市可上浮两百元，须部门负责人审批。'], { type: 'text/plain' }), '研发差旅补充.txt');
  const up = await api(KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(SPACE)), form, false);
  const ids = ((await up.json()) as { data: number[] }).data;
  expect((await api(KNOWLEDGE_PATHS.taskCreate, JSON.stringify({ doc_ids: ids }))).status).toBe(200);
  await processed('示例知识库');
  await processed(SPACE);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await closeBrowser?.();
  await server?.stop();
  await llm?.close();
});

describe('spaces for the people they are for', () => {
  it('shows the space dialog with who may see the space', async () => {
    await page.goto(`${server.url}/#/knowledgeBase`);
    const card = page.getByTestId(`space-${SPACE}`);
    await card.waitFor();
    await card.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog');
    await expectText(dialog, '可见部门');
    const depts = dialog.locator('.ant-form-item').filter({ has: page.locator('label:text-is("可见部门")') });
    await depts.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: '研发中心' }).first().click();
    await page.keyboard.press('Escape');
    await expectText(dialog, /只有属于任一所选角色或部门/);
    await screenshotBoth(page, 'knowledge-space-access-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('answers from two spaces at once and names each citation’s space', async () => {
    await page.goto(`${server.url}/#/chatWindow`);
    await page.getByText('知识库问答').first().click();
    const picker = page.locator('.ant-select').filter({ has: page.getByLabel('知识空间') });
    // The newest space is picked first; 示例知识库 is added.
    await expectText(picker, SPACE);
    await picker.locator('input').click();
    await page.keyboard.type('示例');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '示例知识库' }).first().click({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        await screenshotBoth(page, 'debug-space-picker');
        throw error;
      });
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: '输入问题' }).fill('出差住宿标准是多少？');
    await page.keyboard.press('Enter');
    const sources = page.getByLabel('引用来源').last();
    await sources.waitFor({ timeout: 30_000 });
    await expectText(sources, `（${SPACE}）`, 30_000);
    await expectText(sources, '（示例知识库）', 30_000);
    await screenshotBoth(page, 'chat-knowledge-several-spaces');
  });
});
