import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolSet } from '../../../contract/api';
import { AUTH_PATHS, DEPT_PATHS, ROLE_PATHS, TOOL_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../test/fake-adapter';
import { aiFail, aiOk, bodyOf, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const manager = userDetail({ allFunc: ['/toolsBase', '/toolsList'], allBtn: { '/toolsBase#add': true, '/toolsBase#edit': true } });
const editor = userDetail({ allFunc: ['/toolsBase', '/toolsList'], allBtn: { '/toolsBase#edit': true } });

const YAML = 'openapi: 3.0.3\ninfo:\n  title: 资产接口\n  version: 1.0.0\nservers:\n  - url: /api\npaths:\n  /assets/{id}:\n    get:\n      operationId: getAsset\n';
const DOC_URL = 'http://docs.intranet.example/v2/openapi.yaml';
const SET: ToolSet = {
  id: 9, name: '资产接口', kind: 'openapi', url: 'http://docs.intranet.example/api', description: '', has_credential: false, auth_header: '',
  secrecy: 'public', secrecy_name: '公开', review_role: '', review_role_names: [], dept_ids: '', dept_names: [], tool_count: 1, enabled_count: 1,
  usable: true, open_to_all: false, refreshed_at: '', refresh_error: '', owner: 'zhangwei', gmt_created: '', gmt_modified: '',
};

function serve(who: ReturnType<typeof userDetail>, extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(who),
    [`GET ${AUTH_PATHS.grades}`]: ok({ allowed: ['public'], lowest: 'public', map: {}, list: [{ code: 'public', text: '公开', rank: 10 }] }),
    [`GET ${ROLE_PATHS.options}`]: ok([]),
    [`GET ${DEPT_PATHS.tree.replace(':id', '-2')}`]: ok([]),
    [`POST ${TOOL_PATHS.setList}`]: aiOk([SET]),
    [`POST ${TOOL_PATHS.depts}`]: aiOk([]),
    ...extra,
  });
  restore = server.restore;
  return server;
}

describe('从 URL 导入 in the tool-set dialog', { timeout: 120_000 }, () => {
  /** Opens 新增工具集 as an OpenAPI set named 资产接口; `enter` sets the address at once, as a pasted one is. */
  async function openDialog(extra: Record<string, FakeHandler | FakeReply>) {
    const server = serve(manager, {
      [`POST ${TOOL_PATHS.specFetch}`]: (config) => {
        const { url } = bodyOf(config) as { url: string };
        if (url.includes('down')) return aiFail(502, '无法连接文档地址：连接被拒绝');
        return aiOk({ spec: YAML, url: DOC_URL, tool_count: 1, base_url: 'http://docs.intranet.example/api' });
      },
      ...extra,
    });
    const { user } = renderSignedIn('/toolsBase', manager);
    await user.click(await screen.findByRole('button', { name: /新增工具集/ }, LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '资产接口');
    await user.click(within(dialog).getByText('HTTP 接口（OpenAPI 3）'));
    const address = within(dialog).getByLabelText('文档地址');
    // Typing an address key by key costs seconds in jsdom.
    const enter = (text: string) => fireEvent.change(address, { target: { value: text } });
    const read = () => user.click(within(dialog).getByRole('button', { name: '读取文档' }));
    const fetched = () => server.calls.filter((c) => c.url === TOOL_PATHS.specFetch).map((c) => bodyOf(c).url);
    return { server, user, dialog, address, enter, read, fetched };
  }

  it('refuses a non-http address at once, and shows the server\'s failure under the address, losing nothing typed', async () => {
    const { dialog, address, enter, read, fetched } = await openDialog({});
    fireEvent.change(within(dialog).getByLabelText('OpenAPI 文档'), { target: { value: 'openapi: 3.0.3 # 草稿' } });
    enter('file:///etc/passwd');
    await read();
    expect(await within(dialog).findByText('请输入 http:// 或 https:// 开头的文档地址')).toBeInTheDocument();
    expect(fetched()).toEqual([]);

    enter('http://down.intranet.example/openapi.json');
    await read();
    expect(await within(dialog).findByText('无法连接文档地址：连接被拒绝')).toBeInTheDocument();
    expect(fetched()).toEqual(['http://down.intranet.example/openapi.json']);
    expect(address).toHaveValue('http://down.intranet.example/openapi.json');
    expect(within(dialog).getByLabelText('名称')).toHaveValue('资产接口');
    expect(within(dialog).getByLabelText('OpenAPI 文档')).toHaveValue('openapi: 3.0.3 # 草稿');
    // Shown in the dialog, not as a toast that goes away.
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('fills the document field with what the server read, and the address from its relative server; saving sends that text', async () => {
    const { server, user, dialog, enter, read, fetched } = await openDialog({ [`POST ${TOOL_PATHS.setAdd}`]: aiOk(SET) });
    enter(DOC_URL);
    await read();
    expect(await within(dialog).findByTestId('spec-url-done')).toHaveTextContent(`已读取 ${DOC_URL}：1 个接口`);
    expect(fetched()).toEqual([DOC_URL]);
    expect(within(dialog).getByLabelText('OpenAPI 文档')).toHaveValue(YAML);
    expect(within(dialog).getByLabelText('接口地址')).toHaveValue('http://docs.intranet.example/api');

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls.some((c) => c.url === TOOL_PATHS.setAdd)).toBe(true));
    const body = bodyOf(server.calls.find((c) => c.url === TOOL_PATHS.setAdd)!);
    expect(body).toMatchObject({ name: '资产接口', kind: 'openapi', spec: YAML, url: 'http://docs.intranet.example/api' });
    expect(body).not.toHaveProperty('spec_url');
  });

  it('is offered only to holders of the 新增工具集 button, as the server requires', async () => {
    serve(editor);
    const { user } = renderSignedIn('/toolsBase', editor);
    const card = await screen.findByTestId('toolset-资产接口', {}, LOAD);
    await user.click(within(card).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('OpenAPI 文档')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('文档地址')).toBeNull();
  });
});
