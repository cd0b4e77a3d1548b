// Spaces limited to departments and roles, and a knowledge answer from several spaces, in Chromium (issue 27 §2, §6;
// D93): demo opens the dialog of a space with its 可见角色 and 可见部门, then asks 示例知识库 and that space at once
// and sees each citation named with its space.
import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PATHS, ROLE_PATHS } from '../../contract/api/paths';
import { expectText } from './support/app';
import { demoToken, spaceProcessed } from './support/api';
import { screenshotBoth } from './support/browser';
import { signedInWithLlm } from './support/suite';

const suite = signedInWithLlm('demo');
let token = '';
const SPACE = `研发差旅${Date.now() % 100000}`;

const api = (path: string, body: BodyInit, json = true) => fetch(`${suite.server.url}${path}`, {
  method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
});

beforeAll(async () => {
  const { server } = suite;
  token = await demoToken(server.url);
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
  await spaceProcessed(server.url, token, '示例知识库');
  await spaceProcessed(server.url, token, SPACE);
}, 180_000);

describe('spaces for the people they are for', () => {
  it('shows the space dialog with who may see the space', async () => {
    const { server, page } = suite;
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
    const { server, page } = suite;
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
