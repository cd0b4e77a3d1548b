import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolItem, ToolSet } from '../../../contract/api';
import { AUTH_PATHS, DEPT_PATHS, ROLE_PATHS, TOOL_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../test/fake-adapter';
import { aiFail, aiOk, bodyOf, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { argumentsOf, fieldsOfSchema } from './schema-form';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const manager = userDetail({
  allFunc: ['/toolsBase', '/toolsList', '/chatWindow', '/testCase'],
  allBtn: { '/toolsBase#add': true, '/toolsBase#edit': true, '/toolsBase#delete': true },
});
const member = userDetail({ allFunc: ['/toolsBase', '/toolsList', '/chatWindow'], allBtn: {} });

const SET: ToolSet = {
  id: 7, name: '工单与订单', kind: 'mcp', url: 'https://mcp.example.com/mcp', description: '订单查询与工单', has_credential: true,
  auth_header: '', secrecy: 'internal', secrecy_name: '内部', review_role: '5', review_role_names: ['研发人员'], dept_ids: '', dept_names: [],
  tool_count: 2, enabled_count: 2, usable: true, open_to_all: false, refreshed_at: '2030-01-01T00:00:00.000Z', refresh_error: '', owner: 'zhangwei',
  gmt_created: '2030-01-01T00:00:00.000Z', gmt_modified: '2030-01-01T00:00:00.000Z',
};
const TOOLS: ToolItem[] = [
  {
    id: 1, set_id: 7, name: 'lookup_order', description: '按订单号查询', risk: 'read', risk_name: '只读', risk_overridden: false, enabled: true,
    parameters: { type: 'object', properties: { order_id: { type: 'string', description: '订单号' } }, required: ['order_id'] },
  },
  {
    id: 2, set_id: 7, name: 'create_ticket', description: '创建工单', risk: 'write', risk_name: '写入', risk_overridden: false, enabled: true,
    parameters: { type: 'object', properties: { title: { type: 'string' }, priority: { type: 'integer' } }, required: ['title'] },
  },
];

function serve(who: ReturnType<typeof userDetail>, extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(who),
    [`GET ${AUTH_PATHS.grades}`]: ok({ allowed: ['public', 'internal'], lowest: 'public', map: {}, list: [{ code: 'public', text: '公开', rank: 10 }, { code: 'internal', text: '内部', rank: 20 }] }),
    [`GET ${ROLE_PATHS.options}`]: ok([{ id: 5, name: '研发人员' }]),
    [`GET ${DEPT_PATHS.tree.replace(':id', '-2')}`]: ok([{ id: -2, name: '总部', children: [{ id: 4, name: '测试部', children: [] }] }]),
    [`POST ${TOOL_PATHS.setList}`]: aiOk([SET]),
    [`POST ${TOOL_PATHS.list}`]: aiOk(TOOLS),
    ...extra,
  });
  restore = server.restore;
  return server;
}

/** The member opens 试用 of lookup_order in set 7 and runs it for order SO-1. */
async function runLookupOrder() {
  const { user } = renderSignedIn('/toolsList?set=7', member);
  const page = await screen.findByTestId('tools-list-page', {}, LOAD);
  await user.click(within((await within(page).findByText('lookup_order', {}, LOAD)).closest('tr') as HTMLElement).getByRole('button', { name: '试用' }));
  const drawer = await screen.findByRole('dialog');
  await user.type(within(drawer).getByLabelText('order_id'), 'SO-1');
  await user.click(within(drawer).getByTestId('tool-run'));
  return { user, page, drawer };
}

describe('工具库 (/toolsBase, /toolsList)', { timeout: 120_000 }, () => {
  it('shows the built-in tools the user holds and the granted sets; only the buttons held', async () => {
    serve(member);
    renderSignedIn('/toolsBase', member);
    const page = await screen.findByTestId('tools-base-page', {}, LOAD);
    const card = await within(page).findByTestId('toolset-工单与订单', {}, LOAD);
    expect(card).toHaveTextContent('2 / 2 个工具');
    expect(card).toHaveTextContent('密级上限 内部');
    expect(within(page).getByTestId('builtin-knowledge')).toBeInTheDocument();
    // 用例生成 is not held: its built-in card is not offered.
    expect(within(page).queryByTestId('builtin-testcase')).not.toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: /新增工具集/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });

  it('adds an MCP set with its credential and grants, and says when its tools could not be read', async () => {
    const server = serve(manager, {
      [`POST ${TOOL_PATHS.setAdd}`]: aiOk({ ...SET, id: 8, name: '知识工单', tool_count: 0, enabled_count: 0, refresh_error: '工具服务拒绝访问：请检查凭据' }),
    });
    const { user } = renderSignedIn('/toolsBase', manager);
    await user.click(await screen.findByRole('button', { name: /新增工具集/ }, LOAD));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入工具集名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('名称'), '知识工单');
    await user.type(within(dialog).getByLabelText('MCP 服务地址'), 'https://mcp.example.com/mcp');
    await user.type(within(dialog).getByLabelText('凭据'), 'secret-token');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(/已保存“知识工单”，但读取工具失败：工具服务拒绝访问/, {}, LOAD)).toBeInTheDocument();
    const [body] = server.calls.filter((c) => c.url === TOOL_PATHS.setAdd).map((c) => bodyOf(c));
    expect(body).toMatchObject({ name: '知识工单', kind: 'mcp', url: 'https://mcp.example.com/mcp', credential: 'secret-token', secrecy: 'public', review_role: '', dept_ids: '' });
  });

  it('tries a read tool at once, and a 写入 tool only after the user confirms', async () => {
    const server = serve(member, {
      [`POST ${TOOL_PATHS.call}`]: (config) => {
        const body = bodyOf(config) as { tool_id: number; confirm?: boolean };
        if (body.tool_id === 2 && !body.confirm) return aiFail(409, '该工具会写入数据或对外发送，调用前需要确认');
        return aiOk({ content: body.tool_id === 1 ? '订单 SO-1：已发货' : '已创建工单 T-1001', is_error: false, truncated: false, duration_ms: 12 });
      },
    });
    const { user, page, drawer } = await runLookupOrder();
    const rowOf = async (name: string) => (await within(page).findByText(name, {}, LOAD)).closest('tr') as HTMLElement;
    expect(await within(drawer).findByText('订单 SO-1：已发货')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('订单 SO-1：已发货')).not.toBeInTheDocument());

    await user.click(within(await rowOf('create_ticket')).getByRole('button', { name: '试用' }));
    const second = await screen.findByRole('dialog');
    await user.type(within(second).getByLabelText('title'), '打印机故障');
    await user.click(within(second).getByTestId('tool-run'));
    // Asked inside the drawer first: nothing is called before the yes.
    expect(within(await within(second).findByRole('alertdialog')).getByText('确认调用“create_ticket”？')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url === TOOL_PATHS.call)).toHaveLength(1);
    await user.click(within(second).getByRole('button', { name: '确认调用' }));
    expect(await screen.findByText('已创建工单 T-1001')).toBeInTheDocument();
    const calls = server.calls.filter((c) => c.url === TOOL_PATHS.call).map((c) => bodyOf(c));
    expect(calls).toEqual([
      expect.objectContaining({ tool_id: 1, arguments: { order_id: 'SO-1' }, confirm: false }),
      expect.objectContaining({ tool_id: 2, arguments: { title: '打印机故障' }, confirm: true }),
    ]);
  });
});

describe('试用 of a tool that answers images or runs long (issue 27 §6)', { timeout: 120_000 }, () => {
  const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUg==';

  it('shows an image of the answer as an image, not as base64 text', async () => {
    serve(member, {
      [`POST ${TOOL_PATHS.call}`]: aiOk({
        content: '销售图表：\n[图片 image/png]', is_error: false, truncated: false, duration_ms: 30, images: [{ mime_type: 'image/png', data: PNG_BASE64 }],
      }),
    });
    const { drawer } = await runLookupOrder();
    const image = await within(drawer).findByRole('img', { name: 'lookup_order 返回的图片 1' });
    expect(image).toHaveAttribute('src', `data:image/png;base64,${PNG_BASE64}`);
    expect(within(drawer).getByTestId('tool-result')).not.toHaveTextContent(PNG_BASE64);
  });

  it('shows a running call with its elapsed seconds and 取消, which stops it at the server by its call id', async () => {
    let finish: ((reply: FakeReply) => void) | undefined;
    const server = serve(member, {
      [`POST ${TOOL_PATHS.call}`]: () => new Promise<FakeReply>((resolve) => (finish = resolve)),
      [`POST ${TOOL_PATHS.callCancel}`]: () => {
        finish?.(aiFail(409, '调用已取消'));
        return aiOk(true);
      },
    });
    const { user, drawer } = await runLookupOrder();
    const running = await within(drawer).findByTestId('running-task');
    expect(running).toHaveTextContent('正在调用 lookup_order');
    expect(running).toHaveTextContent(/已用 \d+ 秒/);
    await user.click(within(running).getByRole('button', { name: /取\s*消/ }));
    expect(await within(drawer).findByText('调用已取消')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('running-task')).not.toBeInTheDocument();
    const sent = bodyOf(server.calls.find((c) => c.url === TOOL_PATHS.call)!) as { call_id: string };
    const cancel = bodyOf(server.calls.find((c) => c.url === TOOL_PATHS.callCancel)!) as { call_id: string };
    expect(sent.call_id).toMatch(/^[0-9a-f]{32}$/);
    expect(cancel.call_id).toBe(sent.call_id);
  });
});

describe('the 试用 form from a JSON Schema', () => {
  it('reads fields, required marks and enums, and leaves empty fields out of the arguments', () => {
    const fields = fieldsOfSchema({
      type: 'object', required: ['q'],
      properties: { q: { type: 'string' }, n: { type: 'integer' }, mode: { enum: ['a', 'b'] }, filter: { type: 'object' }, on: { type: ['boolean', 'null'] } },
    });
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['q', 'string', true], ['n', 'integer', false], ['mode', 'enum', false], ['filter', 'json', false], ['on', 'boolean', false],
    ]);
    expect(argumentsOf(fields, { q: '你好', n: undefined, filter: '{"x":1}', on: false })).toEqual({ q: '你好', filter: { x: 1 }, on: false });
    expect(() => argumentsOf(fields, { q: 'x', filter: '{bad' })).toThrow('参数 filter 不是合法的 JSON');
  });
});

describe('one text for one refusal (issue 27 item 8)', { timeout: 120_000 }, () => {
  it('a set the user may not see reads as the server refuses it: 工具集不存在或您无权使用', async () => {
    serve(member);
    renderSignedIn('/toolsList?set=99', member);
    expect(await screen.findByText('工具集不存在或您无权使用', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('工具集不存在或您无权查看')).toBeNull();
  });
});
