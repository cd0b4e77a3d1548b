import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, fillPath, USER_PATHS, type UserListItem, type UserPage } from '../../../contract/api';
import { auditLog, departments, functionButtons, functions, knowledgeSpaces, roleButtons, userRoles, users } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { lockAccount } from '../../identity/lockout';
import { SYSTEM_ACTOR } from '../../identity/audit';
import { createAdminTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn, tokenUrl, userDetailStatus } from '../../test-support/http';

let t: TestApp;
let tok: Record<string, string> = {};
beforeAll(async () => {
  ({ t, tokens: tok } = await createAdminTestApp());
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tok[who]), ...(payload ? { payload } : {}) });
const list = async (query: Record<string, string> = {}, who = 'sysadmin') => {
  const res = await call(who, 'GET', `${USER_PATHS.list}?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as UserPage;
};
const idOf = async (username: string) => (await t.deps.db.select().from(users).where(eq(users.username, username)))[0].id;
const deptId = async (name: string) => (await t.deps.db.select().from(departments).where(eq(departments.name, name)))[0].id;
const audits = (action: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.action, action));
let seq = 0;
const newUser = async (extra: Record<string, unknown> = {}) => {
  seq += 1;
  const res = await call('sysadmin', 'POST', USER_PATHS.create, {
    username: `tester${seq}`, fullName: `测试${seq}`, deptId: await deptId('测试部'), mobile: '13912345678', ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { user: UserListItem; password: string };
};

/** Removes one button grant from the system administrator's role, as a function-point change would. */
async function withoutButton(code: string, fn: () => Promise<void>) {
  const [btn] = await t.deps.db
    .select({ id: functionButtons.id })
    .from(functionButtons)
    .innerJoin(functions, eq(functions.id, functionButtons.functionId))
    .where(and(eq(functions.path, '/sysMgr/userMgr'), eq(functionButtons.code, code)));
  const [role] = await t.deps.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, -1));
  await t.deps.db.delete(roleButtons).where(and(eq(roleButtons.roleId, role.roleId), eq(roleButtons.buttonId, btn.id)));
  invalidateIdentity(t.deps.db);
  try {
    await fn();
  } finally {
    await t.deps.db.insert(roleButtons).values({ roleId: role.roleId, buttonId: btn.id });
    invalidateIdentity(t.deps.db);
  }
}

describe('user list', () => {
  it('lists every account with department, clearance name, roles and the system flag as a string', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.total).toBeGreaterThanOrEqual(8);
    const sysadmin = page.list.find((u) => u.username === 'sysadmin');
    expect(sysadmin).toMatchObject({ id: -1, system: 'true', deptName: '总部', roles: [{ name: '系统管理员' }], locked: false });
    // One truth with their home page's 机密 (D28): every system account holds the highest grade.
    for (const u of page.list.filter((row) => row.system === 'true')) expect(u).toMatchObject({ clearance: 'confidential', clearanceName: '机密' });
    const zhangwei = page.list.find((u) => u.username === 'zhangwei');
    expect(zhangwei).toMatchObject({ system: 'false', deptName: '研发中心', clearance: 'confidential', clearanceName: '机密', disabled: false });
    expect(zhangwei?.roles.map((r) => r.name).sort()).toEqual(['研发人员', '部门负责人'].sort());
    // System accounts come first.
    expect(page.list.slice(0, 3).map((u) => u.id).sort((a, b) => a - b)).toEqual([-3, -2, -1]);
  });

  it('filters with the spec §3 query filter, the department subtree and a keyword', async () => {
    const like = await list({ filters: JSON.stringify([{ filterName: 'username', operation: 'Like', filterValue: 'ZHANG' }]) });
    expect(like.list.map((u) => u.username)).toEqual(['zhangwei']);
    const orFilter = await list({
      filters: JSON.stringify([
        { filterName: 'clearance', operation: 'Equal', filterValue: 'public' },
        { filterName: 'system', operation: 'Equal', expressType: 'boolean', filterValue: false },
        { filterName: 'username', operation: 'In', filterValue: ['demo', 'staff'], connection: 'Or' },
      ]),
    });
    expect(orFilter.list.map((u) => u.username).sort()).toEqual(['demo', 'lina', 'staff']);
    const rd = await list({ deptId: String(await deptId('研发中心')) });
    expect(rd.list.map((u) => u.username).sort()).toEqual(expect.arrayContaining(['demo', 'wangfang', 'zhangwei']));
    expect(rd.list.some((u) => u.username === 'staff')).toBe(false);
    expect((await list({ keyword: '李娜' })).list.map((u) => u.username)).toEqual(['lina']);
    expect((await list({ keyword: '%' })).total).toBe(0);
  });

  it('pages and sorts on the server', async () => {
    const asc = await list({ limit: '3', page: '2', sorting: JSON.stringify({ property: 'username', direction: 'ASC' }) });
    expect(asc.pageSize).toBe(3);
    expect(asc.list).toHaveLength(3);
    const all = (await list({ limit: '200', sorting: JSON.stringify({ property: 'username', direction: 'ASC' }) })).list.map((u) => u.username);
    expect(asc.list.map((u) => u.username)).toEqual(all.slice(3, 6));
    expect([...all].sort()).toEqual(all);
  });

  it('sorts by a list of sort items (spec §3), the first deciding first', async () => {
    const byName = (await list({ limit: '200', sorting: JSON.stringify({ property: 'username', direction: 'DESC' }) })).list.map((u) => u.username);
    const listed = (await list({ limit: '200', sorting: JSON.stringify([{ property: 'username', direction: 'DESC' }]) })).list.map((u) => u.username);
    expect(listed).toEqual(byName);
    const two = (await list({ limit: '200', sorting: JSON.stringify([{ property: 'disabled', direction: 'ASC' }, { property: 'username', direction: 'ASC' }]) })).list;
    const key = (u: { disabled: boolean; username: string }) => `${u.disabled ? 1 : 0}${u.username}`;
    expect(two.map(key)).toEqual(two.map(key).sort());
  });

  it.each([
    [{ filters: JSON.stringify([{ filterName: 'passwordHash', operation: 'Like', filterValue: 'a' }]) }, '第 1 条条件：不支持按字段 passwordHash 筛选'],
    [{ filters: '[{' }, '筛选条件不是有效的 JSON'],
    [{ filters: JSON.stringify([{ filterName: 'username', operation: 'BetweenAnd', filterValue: 'a' }]) }, '第 1 条条件：BetweenAnd 需要两个值（起、止）'],
    [{ sorting: JSON.stringify({ property: 'password_hash', direction: 'ASC' }) }, '不支持按字段 password_hash 排序'],
    [{ sorting: JSON.stringify({ property: 'username', direction: 'UP' }) }, '排序方向只能是 ASC 或 DESC'],
    [{ sorting: JSON.stringify([{ property: 'username', direction: 'ASC' }, { direction: 'ASC' }]) }, '第 2 个排序项：不支持按字段 undefined 排序'],
  ])('refuses bad input %j with a Chinese message', async (query, message) => {
    const res = await call('sysadmin', 'GET', `${USER_PATHS.list}?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('refuses a page size over 200', async () => {
    const res = await call('sysadmin', 'GET', `${USER_PATHS.list}?limit=201`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/limit/);
  });

  it.each([['sysadmin', 200], ['secadmin', 200], ['auditadmin', 403], ['staff', 403]])('is read by %s → %i', async (who, status) => {
    expect((await call(who, 'GET', USER_PATHS.list)).statusCode).toBe(status);
    expect((await call(who, 'GET', fillPath(USER_PATHS.one, { id: -1 }))).statusCode).toBe(status);
  });

  it('answers one user, or 404', async () => {
    const res = await call('sysadmin', 'GET', fillPath(USER_PATHS.one, { id: await idOf('demo') }));
    expect(res.json().results).toMatchObject({ username: 'demo', fullName: '演示用户', deptName: '软件研发部' });
    expect((await call('sysadmin', 'GET', fillPath(USER_PATHS.one, { id: 99999 }))).json()).toEqual({ code: 404, message: '用户不存在', results: null });
  });

  it('shows a sign-in lock', async () => {
    await lockAccount(t.deps, 'lina', SYSTEM_ACTOR);
    const lina = (await list({ keyword: 'lina' })).list[0];
    expect(lina.locked).toBe(true);
    expect((await list({ locked: 'true' })).list.map((u) => u.username)).toEqual(['lina']);
    const res = await call('secadmin', 'PUT', `/api/sysMgr/webapi/account-strategy/unlock-user?userId=${lina.id}`);
    expect(res.statusCode).toBe(200);
    expect((await list({ keyword: 'lina' })).list[0].locked).toBe(false);
  });
});

describe('name check', () => {
  it('answers true when the username is free', async () => {
    expect((await call('sysadmin', 'GET', `${USER_PATHS.nameUnique}?username=nobody-here`)).json().results).toBe(true);
    expect((await call('sysadmin', 'GET', `${USER_PATHS.nameUnique}?username=demo`)).json().results).toBe(false);
    expect((await call('staff', 'GET', `${USER_PATHS.nameUnique}?username=demo`)).statusCode).toBe(403);
  });
});

describe('create', () => {
  it('creates a user with the lowest clearance and a one-time password that must be changed', async () => {
    const { user, password } = await newUser({ email: 'li.ming@example.com', position: '工程师', phone: '010-12345678' });
    expect(user).toMatchObject({ clearance: 'public', clearanceName: '公开', deptName: '测试部', mustChangePassword: true, system: 'false' });
    expect(password).toHaveLength(16);
    const token = await signIn(t.app, user.username, password);
    const detail = await t.app.inject({ method: 'GET', url: AUTH_PATHS.userDetail, headers: bearer(token) });
    expect(detail.json().results.mustChangePassword).toBe(true);
    const [entry] = (await audits('user-create')).filter((a) => a.target === user.username);
    expect(entry).toMatchObject({ actorUsername: 'sysadmin', result: 'success' });
  });

  it('shows a new user in the list at once (pages kept between writes follow every write)', async () => {
    const before = await list();
    const { user } = await newUser();
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.list.some((u) => u.id === user.id)).toBe(true);
  });

  it.each([
    [{ username: '1abc' }, '用户名须以字母开头，由 3–32 位字母、数字、下划线、点或连字符组成'],
    [{ username: 'demo' }, '用户名 demo 已存在'],
    [{ fullName: '' }, '姓名不能为空'],
    [{ fullName: '张三#' }, '姓名不能包含特殊字符'],
    [{ mobile: '12345678901' }, '手机：请输入正确的手机号码'],
    [{ phone: '12' }, '座机：请输入正确的座机号码'],
    [{ email: 'a@b' }, '邮箱：请输入正确的邮箱地址'],
    [{ deptId: 99999 }, '所属部门不存在'],
  ])('refuses %j', async (patch, message) => {
    const res = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'okname', fullName: '好名字', deptId: -2, ...patch });
    expect(res.json()).toEqual({ code: 400, message, results: null });
    expect(await t.deps.db.select().from(users).where(eq(users.username, 'okname'))).toHaveLength(0);
  });

  it('refuses unknown fields (clearance is not the system administrator’s to set)', async () => {
    const res = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'okname', fullName: '好名字', deptId: -2, clearance: 'secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('clearance');
  });

  it.each([['secadmin'], ['auditadmin'], ['staff']])('is refused to %s', async (who) => {
    const res = await call(who, 'POST', USER_PATHS.create, { username: 'okname', fullName: '好名字', deptId: -2 });
    expect(res.statusCode).toBe(403);
  });

  it('is refused on replay without the add button, and the refusal is audited', async () => {
    await withoutButton('add', async () => {
      const res = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'replayed', fullName: '重放', deptId: -2 });
      expect(res.statusCode).toBe(403);
    });
    expect((await audits('user-create')).some((a) => a.result === 'failure' && a.detail.includes('403'))).toBe(true);
  });

  it('is refused past the licensed number of users and after the licence expires', async () => {
    const saved = { users: t.config.licenseUsers, expires: t.config.licenseExpires };
    try {
      const used = (await t.app.inject({ method: 'GET', url: AUTH_PATHS.license, headers: bearer(tok.sysadmin) })).json().results.usedUsers;
      t.config.licenseUsers = used;
      const res = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'overlimit', fullName: '超额', deptId: -2 });
      expect(res.json()).toEqual({ code: 400, message: `已达到许可用户数上限（许可 ${used} 个，已启用 ${used} 个，剩余 0 个），不能新增用户`, results: null });
      t.config.licenseUsers = 1000;
      t.config.licenseExpires = new Date('2029-12-31T00:00:00Z');
      const expired = await call('sysadmin', 'POST', USER_PATHS.create, { username: 'overlimit', fullName: '超额', deptId: -2 });
      expect(expired.json().message).toBe('软件许可已于 2029-12-31 到期，不能新增用户，请联系供应商续期');
    } finally {
      t.config.licenseUsers = saved.users;
      t.config.licenseExpires = saved.expires;
    }
  });
});

describe('update', () => {
  it('changes the profile but never the username', async () => {
    const { user } = await newUser();
    const body = { id: user.id, username: user.username, fullName: '改名了', deptId: await deptId('市场部'), mobile: '', email: 'x@example.com' };
    const res = await call('sysadmin', 'PUT', USER_PATHS.update, body);
    expect(res.json().results).toMatchObject({ fullName: '改名了', deptName: '市场部', mobile: '', email: 'x@example.com' });
    const renamed = await call('sysadmin', 'PUT', USER_PATHS.update, { ...body, username: 'other' });
    expect(renamed.json()).toEqual({ code: 400, message: '用户名不能修改', results: null });
    expect((await audits('user-update')).filter((a) => a.target === user.username).map((a) => a.result)).toEqual(['success', 'failure']);
  });

  it('refuses system accounts, bad fields and other duties', async () => {
    expect((await call('sysadmin', 'PUT', USER_PATHS.update, { id: -2, fullName: '改', deptId: -2 })).json().message).toBe('系统账号不能编辑');
    const id = await idOf('demo');
    expect((await call('sysadmin', 'PUT', USER_PATHS.update, { id, fullName: '演示', deptId: -2, mobile: '123' })).json().message).toBe('手机：请输入正确的手机号码');
    expect((await call('secadmin', 'PUT', USER_PATHS.update, { id, fullName: '演示', deptId: -2 })).statusCode).toBe(403);
    expect((await call('staff', 'PUT', USER_PATHS.update, { id, fullName: '演示', deptId: -2 })).statusCode).toBe(403);
    await withoutButton('edit', async () => {
      expect((await call('sysadmin', 'PUT', USER_PATHS.update, { id, fullName: '演示', deptId: -2 })).statusCode).toBe(403);
    });
  });
});

describe('disable and enable', () => {
  it('disabling ends the user’s sessions; enabling lets it sign in again; both audited', async () => {
    const { user, password } = await newUser();
    const token = await signIn(t.app, user.username, password);
    const off = await call('sysadmin', 'DELETE', fillPath(USER_PATHS.disableStatus, { id: user.id }));
    expect(off.json().results).toMatchObject({ disabled: true });
    expect((await userDetailStatus(t.app, token)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: tokenUrl(user.username, password) })).statusCode).toBe(400);
    const on = await call('sysadmin', 'PUT', fillPath(USER_PATHS.disableStatus, { id: user.id }));
    expect(on.json().results).toMatchObject({ disabled: false });
    await signIn(t.app, user.username, password);
    expect((await audits('user-disable')).filter((a) => a.target === user.username)).toHaveLength(1);
    expect((await audits('user-enable')).filter((a) => a.target === user.username)).toHaveLength(1);
  });

  it('refuses system accounts, other duties and enabling past the licence', async () => {
    expect((await call('sysadmin', 'DELETE', fillPath(USER_PATHS.disableStatus, { id: -3 }))).json().message).toBe('系统账号不能停用');
    const { user } = await newUser();
    expect((await call('secadmin', 'DELETE', fillPath(USER_PATHS.disableStatus, { id: user.id }))).statusCode).toBe(403);
    await call('sysadmin', 'DELETE', fillPath(USER_PATHS.disableStatus, { id: user.id }));
    const saved = t.config.licenseUsers;
    try {
      t.config.licenseUsers = 1;
      const res = await call('sysadmin', 'PUT', fillPath(USER_PATHS.disableStatus, { id: user.id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^已达到许可用户数上限（许可 1 个，已启用 \d+ 个，剩余 0 个），不能启用用户$/);
    } finally {
      t.config.licenseUsers = saved;
    }
    await withoutButton('disable', async () => {
      expect((await call('sysadmin', 'PUT', fillPath(USER_PATHS.disableStatus, { id: user.id }))).statusCode).toBe(403);
    });
  });
});

describe('delete', () => {
  it('deletes an ordinary user and ends its sessions', async () => {
    const { user, password } = await newUser();
    const token = await signIn(t.app, user.username, password);
    const res = await call('sysadmin', 'DELETE', fillPath(USER_PATHS.remove, { id: user.id }));
    expect(res.json()).toEqual({ code: 200, message: '成功', results: null });
    expect((await userDetailStatus(t.app, token)).status).toBe(401);
    expect(await t.deps.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect((await audits('user-delete')).find((a) => a.target === user.username)?.result).toBe('success');
  });

  it('refuses a user who still owns a knowledge space (disable instead)', async () => {
    const { user } = await newUser();
    await t.deps.db.insert(knowledgeSpaces).values({ name: `空间${user.id}`, ownerId: user.id, createdAt: t.clock.now(), updatedAt: t.clock.now() });
    const res = await call('sysadmin', 'DELETE', fillPath(USER_PATHS.remove, { id: user.id }));
    expect(res.json()).toEqual({ code: 400, message: `用户「${user.fullName}」还拥有知识空间或文档，不能删除，可改为停用`, results: null });
    expect(await t.deps.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('refuses system accounts, unknown ids and other duties', async () => {
    expect((await call('sysadmin', 'DELETE', fillPath(USER_PATHS.remove, { id: -1 }))).json().message).toBe('系统账号不能删除');
    expect((await call('sysadmin', 'DELETE', fillPath(USER_PATHS.remove, { id: 99999 }))).statusCode).toBe(404);
    const id = await idOf('demo');
    expect((await call('auditadmin', 'DELETE', fillPath(USER_PATHS.remove, { id }))).statusCode).toBe(403);
    await withoutButton('delete', async () => {
      expect((await call('sysadmin', 'DELETE', fillPath(USER_PATHS.remove, { id }))).statusCode).toBe(403);
    });
    expect(await idOf('demo')).toBe(id);
  });
});

describe('reset password', () => {
  it('gives a new one-time password, ends sessions and forces a change', async () => {
    const { user, password } = await newUser();
    const token = await signIn(t.app, user.username, password);
    const res = await call('sysadmin', 'POST', fillPath(USER_PATHS.resetPassword, { id: user.id }));
    const fresh = res.json().results.password as string;
    expect(res.json().results.username).toBe(user.username);
    expect(fresh).not.toBe(password);
    expect((await userDetailStatus(t.app, token)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: tokenUrl(user.username, password) })).statusCode).toBe(400);
    const again = await signIn(t.app, user.username, fresh);
    const detail = await t.app.inject({ method: 'GET', url: AUTH_PATHS.userDetail, headers: bearer(again) });
    expect(detail.json().results.mustChangePassword).toBe(true);
    expect((await audits('user-reset-password')).find((a) => a.target === user.username)?.result).toBe('success');
  });

  it('refuses system accounts and other duties', async () => {
    expect((await call('sysadmin', 'POST', fillPath(USER_PATHS.resetPassword, { id: -2 }))).json().message).toBe('系统账号的密码不能在此重置');
    const id = await idOf('wangfang');
    expect((await call('secadmin', 'POST', fillPath(USER_PATHS.resetPassword, { id }))).statusCode).toBe(403);
    await withoutButton('resetPassword', async () => {
      expect((await call('sysadmin', 'POST', fillPath(USER_PATHS.resetPassword, { id }))).statusCode).toBe(403);
    });
  });
});

describe('clearance', () => {
  it('is set by the security administrator to a known grade and ends the user’s sessions', async () => {
    const { user, password } = await newUser();
    const token = await signIn(t.app, user.username, password);
    const res = await call('secadmin', 'PUT', fillPath(USER_PATHS.clearance, { id: user.id }), { clearance: 'secret' });
    expect(res.json().results).toMatchObject({ clearance: 'secret', clearanceName: '秘密' });
    expect((await userDetailStatus(t.app, token)).status).toBe(401);
    const [entry] = (await audits('user-clearance')).filter((a) => a.target === user.username);
    // Grade names, not codes (D28).
    expect(entry).toMatchObject({ actorUsername: 'secadmin', result: 'success', detail: '公开 → 秘密' });
  });

  it('refuses unknown grades, system accounts and everyone but the security administrator', async () => {
    const id = await idOf('wangfang');
    const url = fillPath(USER_PATHS.clearance, { id });
    expect((await call('secadmin', 'PUT', url, { clearance: 'top' })).json()).toEqual({ code: 400, message: '密级 top 不存在', results: null });
    expect((await call('secadmin', 'PUT', fillPath(USER_PATHS.clearance, { id: -1 }), { clearance: 'secret' })).json().message).toBe('系统账号的密级不能修改');
    for (const who of ['sysadmin', 'auditadmin', 'staff']) expect((await call(who, 'PUT', url, { clearance: 'secret' })).statusCode).toBe(403);
    expect((await t.deps.db.select().from(users).where(eq(users.id, id)))[0].clearance).toBe('internal');
  });
});
