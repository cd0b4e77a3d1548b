import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, AUTH_PATHS, DICT_PATHS, USER_PATHS } from '../../../../contract/api/runtime';
import type { DeptTreeNode, ImportResult, UserListItem } from '../../../../contract/api';
import { installFakeServer, type FakeHandler } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

const SCREEN = '/sysMgr/userMgr';
const sysadmin = userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', SCREEN],
  allBtn: Object.fromEntries(['add', 'edit', 'delete', 'disable', 'resetPassword', 'import', 'license'].map((c) => [`${SCREEN}#${c}`, true])),
});
const secadmin = userDetail({
  user: { id: -2, fullName: '安全保密管理员', username: 'secadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', SCREEN, '/sysMgr/roleMgr'],
  allBtn: { [`${SCREEN}#unlock`]: true, [`${SCREEN}#clearance`]: true },
});

const user = (id: number, username: string, fullName: string, more: Partial<UserListItem> = {}): UserListItem => ({
  id, username, fullName, deptId: 1, deptName: '研发中心', mobile: '', phone: '', email: '', position: '', remark: '',
  clearance: 'internal', clearanceName: '内部', roles: [], disabled: false, locked: false, lockedUntil: null, mustChangePassword: false,
  system: 'false', createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', ...more,
});
const tree: DeptTreeNode[] = [{
  id: -2, name: '总部', parentId: null, code: '', sort: 0, userCount: 1,
  children: [
    { id: 1, name: '研发中心', parentId: -2, code: '', sort: 0, userCount: 2, children: [] },
    { id: 4, name: '市场部', parentId: -2, code: '', sort: 1, userCount: 1, children: [] },
  ],
}];

const refuse = (message: string) => ({ status: 400, data: { code: 400, message, results: null } });
const body = (c: InternalAxiosRequestConfig) => JSON.parse(c.data as string) as Record<string, unknown>;

/** An in-memory user server answering the calls the screen makes; `calls` records them. */
function userServer(detail = sysadmin) {
  let users: UserListItem[] = [
    user(-1, 'sysadmin', '系统管理员', { system: 'true', deptId: -2, deptName: '总部', clearance: 'public', clearanceName: '公开' }),
    user(3, 'zhangwei', '张伟', { mobile: '13812345678', roles: [{ id: 5, name: '研发人员' }] }),
    user(4, 'lina', '李娜', { deptId: 4, deptName: '市场部', locked: true, lockedUntil: '2030-01-01T09:00:00Z' }),
  ];
  const writes: { method: string; url: string; body?: unknown }[] = [];
  const record = (c: InternalAxiosRequestConfig) =>
    writes.push({ method: (c.method ?? '').toUpperCase(), url: c.url ?? '', body: typeof c.data === 'string' ? JSON.parse(c.data) : c.data });
  const idOf = (url: string | undefined) => Number(url?.split('/').at(-2));
  const routes: Record<string, FakeHandler> = {
    [`GET ${AUTH_PATHS.userDetail}`]: () => ok(detail),
    [`GET /api/sysMgr/depts/tree/-2`]: () => ok(tree),
    [`GET ${DICT_PATHS.gradeOptions}`]: () => ok([{ id: 'public', name: '公开' }, { id: 'internal', name: '内部' }, { id: 'secret', name: '秘密' }]),
    [`GET ${AUTH_PATHS.license}`]: () => ok({ licensedUsers: 100, usedUsers: 2, expiresAt: '2031-06-30T00:00:00Z', expired: false }),
    [`GET ${USER_PATHS.list}`]: (c) => {
      const p = c.params as { deptId?: number; page: number; limit: number };
      const list = users.filter((u) => p.deptId === undefined || u.deptId === p.deptId);
      return ok({ list, total: list.length, page: p.page, pageSize: p.limit });
    },
    [`GET ${USER_PATHS.nameUnique}`]: (c) => ok(!users.some((u) => u.username === (c.params as { username: string }).username)),
    [`POST ${USER_PATHS.create}`]: (c) => {
      record(c);
      const b = body(c);
      if (b.fullName === '拒绝') return refuse('手机：请输入正确的手机号码');
      const created = user(10, String(b.username), String(b.fullName), { deptId: Number(b.deptId), mustChangePassword: true });
      users = [...users, created];
      return ok({ user: created, password: 'Xy7PqR2mN8kLwZ3a' });
    },
    [`PUT ${USER_PATHS.update}`]: (c) => {
      record(c);
      const b = body(c);
      users = users.map((u) => (u.id === b.id ? { ...u, ...b } : u));
      return ok(users.find((u) => u.id === b.id));
    },
    [`PUT ${ACCOUNT_PATHS.unlockUser}`]: (c) => {
      record(c);
      users = users.map((u) => (u.id === body(c).userId ? { ...u, locked: false, lockedUntil: null } : u));
      return ok(null);
    },
    [`POST ${USER_PATHS.import}`]: (c) => {
      const form = c.data as FormData;
      writes.push({ method: 'POST', url: USER_PATHS.import, body: { dryRun: form.get('dryRun'), file: (form.get('file') as File).name } });
      const report: ImportResult = {
        dryRun: form.get('dryRun') === 'true', total: 2, valid: 2, invalid: 0, created: [],
        rows: [
          { row: 3, username: 'imp.a', fullName: '甲', deptPath: '总部/研发中心', problems: [] },
          { row: 4, username: 'imp.b', fullName: '乙', deptPath: '', problems: [] },
        ],
      };
      if (report.dryRun) return ok(report);
      return ok({ ...report, created: [{ id: 20, username: 'imp.a', fullName: '甲', password: 'PassA-123456789a' }, { id: 21, username: 'imp.b', fullName: '乙', password: 'PassB-123456789b' }] });
    },
  };
  for (const id of [3, 4, 10]) {
    routes[`GET /api/sysMgr/users/${id}`] = () => ok(users.find((u) => u.id === id));
    routes[`POST /api/sysMgr/users/${id}/reset-password`] = (c) => {
      record(c);
      return ok({ username: users.find((u) => u.id === idOf(c.url))!.username, password: 'NewPass-8kLwZ3aQ' });
    };
    routes[`DELETE /api/sysMgr/users/${id}/disable-status`] = (c) => {
      record(c);
      users = users.map((u) => (u.id === idOf(c.url) ? { ...u, disabled: true } : u));
      return ok(users.find((u) => u.id === idOf(c.url)));
    };
    routes[`PUT /api/sysMgr/users/${id}/clearance`] = (c) => {
      record(c);
      users = users.map((u) => (u.id === idOf(c.url) ? { ...u, clearance: 'secret', clearanceName: '秘密' } : u));
      return ok(users.find((u) => u.id === idOf(c.url)));
    };
  }
  const server = installFakeServer(routes);
  restore = server.restore;
  const listCalls = () => server.calls.filter((c) => c.url === USER_PATHS.list && (c.method ?? 'get') === 'get').map((c) => c.params as Record<string, unknown>);
  return { server, writes, listCalls };
}

const WAIT = { timeout: 8000 };
let restore: (() => void) | undefined;
afterEach(() => restore?.());
// The review width: below 1400 px the department tree starts collapsed.
beforeEach(() => void Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true }));

async function fill(u: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await u.click(input);
  await u.paste(text);
}

async function open(detail = sysadmin) {
  const rendered = renderSignedIn(SCREEN, detail);
  await within(await screen.findByRole('region', { name: '人员列表' }, WAIT)).findByText('张伟', {}, WAIT);
  return rendered;
}
const table = () => screen.getByRole('region', { name: '人员列表' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

describe('人员管理', { timeout: 120_000 }, () => {
  it('lists users with the system account locked against edit and delete, and the licence for the system administrator', async () => {
    userServer();
    await open();
    const sys = rowOf('系统管理员');
    expect(within(sys).getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
    expect(within(sys).getByRole('button', { name: /删\s*除/ })).toBeDisabled();
    expect(within(rowOf('张伟')).getByRole('button', { name: /编\s*辑/ })).toBeEnabled();
    expect(within(table()).getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
    expect(within(table()).getByText('2 / 100')).toBeInTheDocument();
    expect(within(table()).getByText('到期：2031-06-30')).toBeInTheDocument();
    // Clearance and unlock are the security administrator's.
    expect(within(table()).queryByRole('button', { name: '设置密级' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument();
    expect(within(rowOf('李娜')).getByText('已锁定')).toBeInTheDocument();
    expect(within(rowOf('系统管理员')).getByText('系统账号')).toBeInTheDocument();
  });

  it('starts with the department tree collapsed on narrow screens', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    userServer();
    const { user: u } = await open();
    expect(screen.queryByRole('region', { name: '部门筛选' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByRole('region', { name: '部门筛选' }, WAIT)).toBeInTheDocument();
  });

  it('filters by the department picked in the tree and by the search bar (spec §3 filter)', async () => {
    const { listCalls } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('市场部'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ deptId: 4, page: 1 }), WAIT);
    await waitFor(() => expect(within(table()).queryByText('张伟')).not.toBeInTheDocument(), WAIT);
    await fill(u, screen.getByRole('textbox', { name: '关键字' }), '李');
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls().at(-1)?.filters).toBeDefined(), WAIT);
    const filters = JSON.parse(String(listCalls().at(-1)?.filters));
    expect(filters[0]).toMatchObject({ filterName: 'username', operation: 'Like', filterValue: '李' });
    expect(filters[0].childFilter.map((f: { filterName: string }) => f.filterName)).toEqual(['fullName', 'mobile', 'email']);
  });

  it('creates a user in the root department when none is picked', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await fill(u, within(dialog).getByPlaceholderText('字母开头，如 zhang.wei'), 'li.ming');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '李明');
    await fill(u, within(dialog).getByPlaceholderText('11 位手机号'), '13912345678');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('Xy7PqR2mN8kLwZ3a');
    expect(writes.at(-1)?.body).toMatchObject({ username: 'li.ming', fullName: '李明', deptId: -2, mobile: '13912345678' });
  });

  it('checks fields on the client and shows the server’s refusal beside the field', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('研发中心'));
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const name = within(dialog).getByPlaceholderText('字母开头，如 zhang.wei');
    await fill(u, within(dialog).getByPlaceholderText('11 位手机号'), '123');
    expect(await within(dialog).findByText('请输入正确的手机号码', {}, WAIT)).toBeInTheDocument();
    await u.clear(within(dialog).getByPlaceholderText('11 位手机号'));
    await fill(u, name, 'zhangwei');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '拒绝');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('用户名 zhangwei 已存在', {}, WAIT)).toBeInTheDocument();
    await u.clear(name);
    await fill(u, name, '9bad');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/用户名须以字母开头/, {}, WAIT)).toBeInTheDocument();
    await u.clear(name);
    await fill(u, name, 'li.ming');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'POST', body: { username: 'li.ming', fullName: '拒绝', deptId: 1 } }), WAIT);
    expect(await within(dialog).findByText('手机：请输入正确的手机号码', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('saves a new user in the picked department and shows its password with a copy button', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(screen.getByRole('region', { name: '部门筛选' })).getByText('研发中心'));
    await u.click(within(table()).getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await fill(u, within(dialog).getByPlaceholderText('字母开头，如 zhang.wei'), 'li.ming');
    await fill(u, within(dialog).getAllByRole('textbox')[1], '李明');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('Xy7PqR2mN8kLwZ3a');
    expect(writes.at(-1)?.body).toEqual({ username: 'li.ming', fullName: '李明', deptId: 1, mobile: '', phone: '', email: '', position: '', remark: '' });
    expect(screen.getByRole('button', { name: /复\s*制/ })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '我已记下密码' }));
    expect(await within(table()).findByText('李明', {}, WAIT)).toBeInTheDocument();
  });

  it('edits a user with the username fixed', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(rowOf('张伟')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const username = await within(dialog).findByDisplayValue('zhangwei', {}, WAIT);
    expect(username).toBeDisabled();
    await fill(u, within(dialog).getByPlaceholderText('如 010-12345678'), '010-87654321');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'PUT', body: { id: 3, username: 'zhangwei', phone: '010-87654321', mobile: '13812345678' } }), WAIT);
  });

  it('resets a password after confirmation and disables a user', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(rowOf('张伟')).getByRole('button', { name: '重置密码' }));
    await u.click(await screen.findByRole('button', { name: '确认重置' }, WAIT));
    expect(await screen.findByTestId('one-time-password', {}, WAIT)).toHaveTextContent('NewPass-8kLwZ3aQ');
    expect(writes.at(-1)).toMatchObject({ method: 'POST', url: '/api/sysMgr/users/3/reset-password' });
    await u.click(screen.getByRole('button', { name: '我已记下密码' }));
    await u.click(within(rowOf('张伟')).getByRole('button', { name: /停\s*用/ }));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }, WAIT));
    await waitFor(() => expect(writes.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/sysMgr/users/3/disable-status' }), WAIT);
    expect(await within(rowOf('张伟')).findByRole('button', { name: /启\s*用/ }, WAIT)).toBeInTheDocument();
  });

  it('imports: checks every row first, then imports and lists the one-time passwords', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await u.upload(input, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'people.xlsx'));
    expect(await within(dialog).findByText(/已选择：people\.xlsx/, {}, WAIT)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '检查文件' }));
    expect(await within(dialog).findByText('共 2 行，全部可以导入', {}, WAIT)).toBeInTheDocument();
    expect(writes.at(-1)).toEqual({ method: 'POST', url: USER_PATHS.import, body: { dryRun: 'true', file: 'people.xlsx' } });
    expect(within(dialog).getByText('（根部门）')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '确认导入 2 人' }));
    expect(await within(dialog).findByText('PassB-123456789b', {}, WAIT)).toBeInTheDocument();
    expect(writes.at(-1)?.body).toEqual({ dryRun: 'false', file: 'people.xlsx' });
  });

  it('refuses a file over the size limit before sending it', async () => {
    const { writes } = userServer();
    const { user: u } = await open();
    await u.click(within(table()).getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await u.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'people.xlsx'));
    expect(await screen.findByText('文件过大，不能超过 5 MB', {}, WAIT)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: '检查文件' }));
    expect(await within(dialog).findByText('请先选择要导入的文件', {}, WAIT)).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('the security administrator sets clearances and unlocks, and cannot add, edit, delete or import', async () => {
    const { writes } = userServer(secadmin);
    const { user: u } = await open(secadmin);
    expect(within(table()).queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
    expect(within(table()).queryByText('2 / 100')).not.toBeInTheDocument();
    expect(within(rowOf('系统管理员')).queryByRole('button', { name: '设置密级' })).not.toBeInTheDocument();
    expect(within(rowOf('系统管理员')).getByText('系统账号')).toBeInTheDocument();
    expect(within(rowOf('张伟')).queryByRole('button', { name: '解锁' })).not.toBeInTheDocument();

    await u.click(within(rowOf('张伟')).getByRole('button', { name: '设置密级' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await u.click(within(dialog).getByRole('combobox', { name: '密级' }));
    await u.click(await screen.findByTitle('秘密', {}, WAIT));
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', url: '/api/sysMgr/users/3/clearance', body: { clearance: 'secret' } }), WAIT);
    expect(await screen.findByText('已将「张伟」的密级设为秘密', {}, WAIT)).toBeInTheDocument();

    await u.click(within(rowOf('李娜')).getByRole('button', { name: '解锁' }));
    await u.click(await screen.findByRole('button', { name: '确认解锁' }, WAIT));
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PUT', url: ACCOUNT_PATHS.unlockUser, body: { userId: 4 } }), WAIT);
    await waitFor(() => expect(within(rowOf('李娜')).queryByText('已锁定')).not.toBeInTheDocument(), WAIT);
  });
});
