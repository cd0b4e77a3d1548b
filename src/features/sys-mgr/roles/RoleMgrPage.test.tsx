import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPath, ROLE_PATHS, USER_PATHS } from '../../../../contract/api/runtime';
import type { RoleGrants, RoleItem, RoleMember } from '../../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeReply } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const ALL_BUTTONS = ['add', 'edit', 'delete', 'grant', 'assign'];
const secadmin = (buttons = ALL_BUTTONS) =>
  userDetail({
    user: { id: -2, fullName: '安全保密管理员', username: 'secadmin', deptId: -2, roles: [{ id: 2, name: '安全保密管理员' }] },
    roles: [{ id: 2, name: '安全保密管理员' }],
    allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/roleMgr', '/sysMgr/userMgr'],
    allBtn: Object.fromEntries(buttons.map((b) => [`/sysMgr/roleMgr#${b}`, true])),
  });

const role = (id: number, name: string, extra: Partial<RoleItem> = {}): RoleItem => ({
  id, name, description: `${name}的说明`, system: 'false', memberCount: 0,
  createdAt: '2026-11-01T08:00:00.000Z', updatedAt: '2026-11-01T08:00:00.000Z', ...extra,
});
const ROLES = [role(2, '安全保密管理员', { system: 'true', memberCount: 1 }), role(5, '市场人员', { memberCount: 2 }), role(6, '部门负责人')];
const page = (list: RoleItem[]) => ok({ list, total: list.length, page: 1, pageSize: 25 });

function serve(routes: Record<string, FakeHandler | FakeReply>) {
  const server = installFakeServer({ [`GET ${ROLE_PATHS.list}`]: page(ROLES), ...routes });
  restore = server.restore;
  return server;
}
/** The table row of a role (the first render loads the page lazily, hence the longer wait). */
async function rowOf(name: string): Promise<HTMLElement> {
  const cells = await screen.findAllByText(name, { selector: 'td, td *' }, { timeout: 15_000 });
  return cells[0].closest('tr') as HTMLElement;
}
/** Types by pasting: key-by-key typing is slow in jsdom and adds nothing here. */
async function typeInto(user: { click: (e: Element) => Promise<void>; paste: (t: string) => Promise<void> }, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}
const bodyOf = (data: unknown) => JSON.parse(String(data)) as Record<string, unknown>;

// Whole-app renders with antd tables and dialogs are slow in jsdom, more so while other suites run.
describe('role management', { timeout: 90_000 }, () => {
  it('lists roles; system roles cannot be edited or deleted and show their grants read-only', async () => {
    const server = serve({});
    renderSignedIn('/sysMgr/roleMgr', secadmin());
    const system = await rowOf('安全保密管理员');
    expect(within(system).getByRole('button', { name: '编辑' })).toBeDisabled();
    expect(within(system).getByRole('button', { name: '删除' })).toBeDisabled();
    expect(within(system).getByRole('button', { name: '查看权限' })).toBeEnabled();
    expect(within(system).getByText('系统角色')).toBeInTheDocument();
    const market = await rowOf('市场人员');
    expect(within(market).getByRole('button', { name: '编辑' })).toBeEnabled();
    expect(within(market).getByRole('button', { name: '授权' })).toBeEnabled();
    expect(within(market).getByRole('button', { name: '分配人员' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /新增/ })).toBeInTheDocument();
    expect(server.calls[server.calls.length - 1].params).toMatchObject({ page: 1, limit: 25 });
  });

  it('shows only the buttons the account holds', async () => {
    serve({});
    renderSignedIn('/sysMgr/roleMgr', secadmin(['edit']));
    const market = await rowOf('市场人员');
    expect(within(market).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(market).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(market).queryByRole('button', { name: '授权' })).toBeNull();
    expect(within(market).queryByRole('button', { name: '分配人员' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
  });

  it('searches by keyword from the first page', async () => {
    const server = serve({});
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await rowOf('市场人员');
    await typeInto(user, screen.getByPlaceholderText('搜索角色名称或描述'), '市场');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.calls.some((c) => (c.params as { keyword?: string })?.keyword === '市场')).toBe(true));
  });

  async function openAddDialog(routes: Record<string, FakeHandler | FakeReply>) {
    serve(routes);
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await rowOf('市场人员');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    return { user, dialog, name: within(dialog).getByPlaceholderText('请输入角色名称') };
  }

  it('checks the name before calling, and shows the server’s refusal under it', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user, dialog, name } = await openAddDialog({
      [`POST ${ROLE_PATHS.create}`]: (config) => (
        bodies.push(bodyOf(config.data)), { status: 400, data: { code: 400, message: '角色名称“质量组”已存在', results: null } }
      ),
    });
    await typeInto(user, name, '质量<组>');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('不能包含特殊字符')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(name);
    await typeInto(user, name, '质量组');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('角色名称“质量组”已存在')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: '质量组', description: '' }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('adds a role with its name and description trimmed', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user, dialog, name } = await openAddDialog({
      [`POST ${ROLE_PATHS.create}`]: (config) => (bodies.push(bodyOf(config.data)), ok(role(9, '质量小组'))),
    });
    await typeInto(user, name, ' 质量小组 ');
    await typeInto(user, within(dialog).getByPlaceholderText(/说明该角色的用途/), '质量体系 ');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('角色已新增');
    expect(bodies).toEqual([{ name: '质量小组', description: '质量体系' }]);
  });

  it('edits a role with its current values', async () => {
    const bodies: Record<string, unknown>[] = [];
    serve({ [`PUT ${ROLE_PATHS.update}`]: (config) => (bodies.push(bodyOf(config.data)), ok(role(5, '市场部人员'))) });
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await user.click(within(await rowOf('市场人员')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByPlaceholderText('请输入角色名称');
    expect(name).toHaveValue('市场人员');
    await user.clear(name);
    await typeInto(user, name, '市场部人员');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('角色已保存');
    expect(bodies).toEqual([{ id: 5, name: '市场部人员', description: '市场人员的说明' }]);
  });

  it('deletes a role after 确认删除？', async () => {
    const server = serve({ [`DELETE ${fillPath(ROLE_PATHS.remove, { id: 6 })}`]: ok(null) });
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await user.click(within(await rowOf('部门负责人')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('已删除角色“部门负责人”');
    expect(server.calls.some((c) => c.method === 'delete' && c.url === fillPath(ROLE_PATHS.remove, { id: 6 }))).toBe(true);
  });

  it('grants a button, which brings its function, and saves both', async () => {
    const grants: RoleGrants = {
      roleId: 5, system: false, functionIds: [3], buttonIds: [],
      functions: [
        { id: 1, name: '知识库', path: '/knowledgeBase', type: 1, hidden: false, buttons: [{ id: 11, code: 'add', name: '新增' }], children: [] },
        { id: 3, name: '智能问答', path: '/chatWindow', type: 1, hidden: false, buttons: [], children: [] },
        { id: 6, name: '系统管理', path: '/sysMgr', type: 2, hidden: false, buttons: [], children: [] },
      ],
    };
    const bodies: Record<string, unknown>[] = [];
    serve({
      [`GET ${fillPath(ROLE_PATHS.grants, { id: 5 })}`]: ok(grants),
      [`PUT ${fillPath(ROLE_PATHS.grants, { id: 5 })}`]: (config) => (bodies.push(bodyOf(config.data)), ok(grants)),
    });
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await user.click(within(await rowOf('市场人员')).getByRole('button', { name: '授权' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('业务功能')).toBeInTheDocument();
    expect(within(dialog).getByText('系统管理功能')).toBeInTheDocument();
    expect(within(dialog).getByTestId('grant-counts')).toHaveTextContent('已选功能点 1 项，按钮 0 项');
    const addButton = within(dialog).getAllByText('新增').at(-1) as HTMLElement;
    await user.click(addButton.closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement);
    expect(within(dialog).getByTestId('grant-counts')).toHaveTextContent('已选功能点 2 项，按钮 1 项');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('授权已保存，该角色的人员重新登录后生效');
    expect(bodies).toEqual([{ functionIds: [1, 3], buttonIds: [11] }]);
  });

  it('assigns people through the transfer', async () => {
    const members: RoleMember[] = [{ id: 21, username: 'staff', fullName: '普通员工', deptName: '市场部', disabled: false }];
    const users = [
      { id: 21, username: 'staff', fullName: '普通员工', deptName: '市场部', disabled: false, system: 'false' },
      { id: 22, username: 'lina', fullName: '李娜', deptName: '综合管理部', disabled: false, system: 'false' },
      { id: -1, username: 'sysadmin', fullName: '系统管理员', deptName: '总部', disabled: false, system: 'true' },
    ];
    const bodies: Record<string, unknown>[] = [];
    serve({
      [`GET ${fillPath(ROLE_PATHS.members, { id: 5 })}`]: ok(members),
      [`GET ${USER_PATHS.list}`]: ok({ list: users, total: 3, page: 1, pageSize: 200 }),
      [`PUT ${fillPath(ROLE_PATHS.members, { id: 5 })}`]: (config) => (bodies.push(bodyOf(config.data)), ok(members)),
    });
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await user.click(within(await rowOf('市场人员')).getByRole('button', { name: '分配人员' }));
    const dialog = await screen.findByRole('dialog');
    const [left, right] = Array.from(dialog.querySelectorAll('.ant-transfer-section')) as HTMLElement[];
    expect(await within(right).findByText(/普通员工/)).toBeInTheDocument();
    await within(left).findByText(/李娜/);
    // System accounts keep their own roles, so they are not offered.
    expect(within(left).queryByText(/sysadmin/)).toBeNull();
    await user.click(within(left).getByText(/李娜/));
    await user.click(dialog.querySelector('.ant-transfer-actions button') as HTMLElement);
    expect(await within(right).findByText(/李娜/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('人员分配已保存，变动人员重新登录后生效');
    expect(bodies.map((b) => [...(b.userIds as number[])].sort((x, y) => x - y))).toEqual([[21, 22]]);
  });
  it('shows a system role’s people read-only: only its system account is tagged 系统账号, and one 关闭', async () => {
    const members: RoleMember[] = [{ id: -2, username: 'secadmin', fullName: '安全保密管理员', deptName: '总部', disabled: false }];
    const users = [{ id: 22, username: 'lina', fullName: '李娜', deptName: '综合管理部', disabled: false, system: 'false' }];
    serve({
      [`GET ${fillPath(ROLE_PATHS.members, { id: 2 })}`]: ok(members),
      [`GET ${USER_PATHS.list}`]: ok({ list: users, total: 1, page: 1, pageSize: 200 }),
    });
    const { user } = renderSignedIn('/sysMgr/roleMgr', secadmin());
    await user.click(within(await rowOf('安全保密管理员')).getByRole('button', { name: '查看人员' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('查看人员 — 安全保密管理员')).toBeInTheDocument();
    const [left, right] = Array.from(dialog.querySelectorAll('.ant-transfer-section')) as HTMLElement[];
    const lina = await within(left).findByText(/李娜/);
    expect(within(lina.closest('li') as HTMLElement).queryByText('系统账号')).toBeNull();
    const secadminItem = await within(right).findByText(/secadmin/);
    expect(within(secadminItem.closest('li') as HTMLElement).getByText('系统账号')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    await user.click(within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /关\s*闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
