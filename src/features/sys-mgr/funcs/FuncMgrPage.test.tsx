import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, FUNC_PATHS, fillPath } from '../../../../contract/api/runtime';
import type { FuncNode } from '../../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { FuncMgrPage } from './FuncMgrPage';
import { renderPage } from './render-page.test-util';

const ALL_BUTTONS = ['add', 'edit', 'delete', 'addButton', 'editButton', 'deleteButton'];
const sysadmin = (buttons = ALL_BUTTONS) => userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', '/implConfigMgr', '/implConfigMgr/funcMgr'],
  allBtn: Object.fromEntries(buttons.map((b) => [`/implConfigMgr/funcMgr#${b}`, true])),
});

function node(overrides: Partial<FuncNode>): FuncNode {
  return { id: 1, parentId: null, name: '', path: '/', icon: 'iconfont icon_bangzhu', type: 2, sort: 0, hidden: false, builtin: false, buttons: [], children: [], ...overrides };
}

const REPORTS = node({
  id: 20, name: '统计报表', path: '/reports', sort: 5,
  buttons: [{ id: 201, code: 'exportAll', name: '全部导出', sort: 0, builtin: false }],
});
const MANAGEMENT = [
  node({
    id: 6, name: '系统管理', path: '/sysMgr', builtin: true,
    children: [node({ id: 8, parentId: 6, name: '人员管理', path: '/sysMgr/userMgr', builtin: true, buttons: [{ id: 81, code: 'add', name: '新增', sort: 0, builtin: true }] })],
  }),
  REPORTS,
];
const BUSINESS = [
  node({ id: 1, name: '知识库', path: '/knowledgeBase', type: 1, builtin: true }),
  node({
    id: 2, name: '智能问答', path: '/chatWindow', type: 1, builtin: true,
    buttons: [
      { id: 21, code: 'upload', name: '上传文件', sort: 0, builtin: true },
      { id: 22, code: 'share', name: '分享对话', sort: 1, builtin: false },
    ],
  }),
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());
const LOAD = { timeout: 30_000 };

function serve(detail = sysadmin(), extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = installFakeServer({
    [`GET ${AUTH_PATHS.userDetail}`]: ok(detail),
    [`GET ${fillPath(FUNC_PATHS.tree, { type: 2 })}`]: ok(MANAGEMENT),
    [`GET ${fillPath(FUNC_PATHS.tree, { type: 1 })}`]: ok(BUSINESS),
    ...extra,
  });
  restore = server.restore;
  return server;
}

/** Waits for the tree to be read again after a change (so nothing renders after the test ends). */
async function treeReloaded(calls: { url?: string }[]) {
  const url = fillPath(FUNC_PATHS.tree, { type: 2 });
  const before = calls.filter((c) => c.url === url).length;
  await waitFor(() => expect(calls.filter((c) => c.url === url).length).toBeGreaterThan(before), LOAD);
  await new Promise((r) => setTimeout(r, 300));
}

const bodyOf = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method?.toUpperCase() === method && c.url === url)?.data ?? 'null')) as unknown;

async function openReports(detail = sysadmin(), extra: Record<string, FakeHandler | FakeReply> = {}) {
  const server = serve(detail, extra);
  const app = renderPage(<FuncMgrPage />, detail);
  await app.user.click(await screen.findByText('统计报表', {}, LOAD));
  await screen.findByText('功能信息：统计报表', {}, LOAD);
  return { ...app, server };
}

describe('功能点管理', { timeout: 120_000 }, () => {
  it('shows the management functions first, then the business ones', async () => {
    const server = serve();
    const { user } = renderPage(<FuncMgrPage />, sysadmin());
    expect(await screen.findByText('功能信息：系统管理', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('系统内置')).toBeInTheDocument();
    await user.click(screen.getByText('业务功能'));
    expect(await screen.findByText('功能信息：知识库', {}, LOAD)).toBeInTheDocument();
    expect(server.calls.map((c) => c.url)).toContain(fillPath(FUNC_PATHS.tree, { type: 1 }));
  });

  it('saves the selected function’s form', async () => {
    const update = `PUT ${FUNC_PATHS.update}`;
    const { user, server } = await openReports(sysadmin(), { [update]: ok({ ...REPORTS, name: '报表中心' }) });
    fireEvent.change(screen.getByDisplayValue('统计报表'), { target: { value: '报表中心' } });
    const reload = treeReloaded(server.calls);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await reload;
    await waitFor(() => expect(bodyOf(server.calls, 'PUT', FUNC_PATHS.update)).toMatchObject({ id: 20, name: '报表中心', path: '/reports', type: 2, parentId: null }), LOAD);
  });

  it('adds a button, refusing a malformed code before calling the server', async () => {
    const { user, server } = await openReports(sysadmin(), {
      [`POST ${FUNC_PATHS.createButton}`]: ok({ id: 202, code: 'archive', name: '归档', sort: 1, builtin: false }),
    });
    expect(screen.getByText('全部导出')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /新\s*增$/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    fireEvent.change(within(dialog).getByPlaceholderText('如 add、export'), { target: { value: '1-a' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '按钮名称' }), { target: { value: '归档' } });
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('按钮编码只能包含字母和数字，且以字母开头', {}, LOAD)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('如 add、export'), { target: { value: 'archive' } });
    const reload = treeReloaded(server.calls);
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await reload;
    await waitFor(() => expect(bodyOf(server.calls, 'POST', FUNC_PATHS.createButton)).toEqual({ functionId: 20, code: 'archive', name: '归档' }), LOAD);
  });

  it('deletes a function from its operations after confirmation', async () => {
    const url = fillPath(FUNC_PATHS.remove, { id: 20 });
    const { user, server } = await openReports(sysadmin(), { [`DELETE ${url}`]: ok(null) });
    await user.click(screen.getByRole('button', { name: '统计报表 操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '删除' }, LOAD));
    const confirm = await waitFor(() => {
      const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
      expect(box).toHaveTextContent('确认删除？');
      return box as HTMLElement;
    }, LOAD);
    expect(confirm).toHaveTextContent('删除功能“统计报表”（/reports）及其 1 个按钮');
    const reload = treeReloaded(server.calls);
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await reload;
    await waitFor(() => expect(server.calls.some((c) => c.method?.toUpperCase() === 'DELETE' && c.url === url)).toBe(true), LOAD);
  });

  it('shows no change without the grants', async () => {
    await openReports(sysadmin([]));
    expect(screen.queryByRole('button', { name: /保\s*存/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增顶级功能/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '统计报表 操作' })).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('统计报表')).toBeDisabled();
  });

  it('locks built-in buttons and functions: 编辑 and 删除 disabled with a tooltip, custom ones editable (D28)', async () => {
    serve();
    const { user } = renderPage(<FuncMgrPage />, sysadmin());
    await screen.findByText('功能信息：系统管理', {}, LOAD);
    await user.click(screen.getByText('业务功能'));
    await user.click(await screen.findByText('智能问答', {}, LOAD));
    await screen.findByText('功能信息：智能问答', {}, LOAD);
    const builtinRow = screen.getByText('上传文件').closest('tr') as HTMLElement;
    const customRow = screen.getByText('分享对话').closest('tr') as HTMLElement;
    expect(within(builtinRow).getByRole('button', { name: '编辑' })).toBeDisabled();
    expect(within(builtinRow).getByRole('button', { name: '删除' })).toBeDisabled();
    expect(within(customRow).getByRole('button', { name: '编辑' })).toBeEnabled();
    expect(within(customRow).getByRole('button', { name: '删除' })).toBeEnabled();
    await user.hover(within(builtinRow).getByTestId('row-tools-locked'));
    expect(await screen.findByText('系统内置按钮，不能编辑或删除', {}, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '智能问答 操作' }));
    const del = await screen.findByRole('menuitem', { name: '删除（系统内置）' }, LOAD);
    expect(del).toHaveAttribute('aria-disabled', 'true');
  });
});
