import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import { ACCOUNT_PATHS, AUTH_PATHS, DICT_PATHS, USER_PATHS } from '../../../../contract/api/runtime';
import type { DeptTreeNode, ImportResult, UserListItem } from '../../../../contract/api';
import { installFakeServer, type FakeHandler, type FakeRequest } from '../../../test/fake-adapter';
import { ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

// Test support of the 人员管理 screen tests: accounts, a small in-memory user server and page helpers.

const SCREEN = '/sysMgr/userMgr';
export const sysadmin = userDetail({
  user: { id: -1, fullName: '系统管理员', username: 'sysadmin', deptId: -2, roles: [] },
  roles: [],
  allFunc: ['/sysMgr', '/sysMgr/index', SCREEN],
  allBtn: Object.fromEntries(['add', 'edit', 'delete', 'disable', 'resetPassword', 'import', 'license', 'unlock'].map((c) => [`${SCREEN}#${c}`, true])),
});
export const secadmin = userDetail({
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
  id: -2, name: '总部', parentId: null, code: '', sort: 0, userCount: 1, disabled: false,
  children: [
    { id: 1, name: '研发中心', parentId: -2, code: '', sort: 0, userCount: 2, disabled: false, children: [] },
    { id: 4, name: '市场部', parentId: -2, code: '', sort: 1, userCount: 1, disabled: false, children: [] },
  ],
}];

const refuse = (message: string) => ({ status: 400, data: { code: 400, message, results: null } });
const body = (c: FakeRequest) => JSON.parse(c.data as string) as Record<string, unknown>;

/** An in-memory user server answering the calls the screen makes; `calls` records them. */
export function userServer(detail = sysadmin) {
  let users: UserListItem[] = [
    user(-1, 'sysadmin', '系统管理员', { system: 'true', deptId: -2, deptName: '总部', clearance: 'public', clearanceName: '公开' }),
    user(-2, 'secadmin', '安全保密管理员', { system: 'true', deptId: -2, deptName: '总部', locked: true, lockedUntil: '2030-01-01T09:00:00Z' }),
    user(3, 'zhangwei', '张伟', { mobile: '13812345678', roles: [{ id: 5, name: '研发人员' }] }),
    user(4, 'lina', '李娜', { deptId: 4, deptName: '市场部', locked: true, lockedUntil: '2030-01-01T09:00:00Z' }),
  ];
  const writes: { method: string; url: string; body?: unknown }[] = [];
  const record = (c: FakeRequest) =>
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
      if ((form.get('file') as File).name.startsWith('bad')) {
        const rows = [{ ...report.rows[0] }, { ...report.rows[1], problems: ['用户名 imp.b 已存在', '部门「火星部」不存在'] }];
        const bad = { ...report, valid: 1, invalid: 1, rows };
        return report.dryRun ? ok(bad) : { status: 400, data: { code: 400, message: '1 行有问题，未导入任何用户，请修改后重新导入', results: bad } };
      }
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

export const WAIT = { timeout: 8000 };
let restore: (() => void) | undefined;

/** Restores the network after each test and renders at the review width (below 1400 px the tree starts collapsed). */
export function installUserServerHooks() {
  afterEach(() => restore?.());
  beforeEach(() => void Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true }));
}

export async function fill(u: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await u.click(input);
  await u.paste(text);
}

export async function open(detail = sysadmin) {
  const rendered = renderSignedIn(SCREEN, detail);
  await within(await screen.findByRole('region', { name: '人员列表' }, WAIT)).findByText('张伟', {}, WAIT);
  return rendered;
}
export const table = () => screen.getByRole('region', { name: '人员列表' });
export const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

