import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, fillPath, ROLE_PATHS, type GrantFunction, type UserDetail } from '../../../contract/api';
import { auditLog, functionButtons, functions, knowledgeDocuments, knowledgeSpaces, roleButtons, roles, users } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { createAdminTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn, userDetailStatus } from '../../test-support/http';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let tokens: Record<string, string> = {};
beforeAll(async () => {
  ({ t, tokens } = await createAdminTestApp());
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who = 'secadmin', payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
const as = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function roleId(name: string): Promise<number> {
  const [row] = await t.deps.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}
async function userId(username: string): Promise<number> {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}
async function lastAudit(action: string) {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
}
async function createRole(name: string, description = '') {
  const res = await call('POST', ROLE_PATHS.create, 'secadmin', { name, description });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { id: number; name: string };
}
function flatten(nodes: GrantFunction[]): GrantFunction[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
async function funcOf(path: string) {
  const [f] = await t.deps.db.select().from(functions).where(eq(functions.path, path));
  const buttons = await t.deps.db.select().from(functionButtons).where(eq(functionButtons.functionId, f.id));
  return { id: f.id, button: (code: string) => (buttons.find((b) => b.code === code) as { id: number }).id };
}

describe('role list and options', () => {
  it('pages roles with member counts and the string system flag', async () => {
    const res = await call('GET', `${ROLE_PATHS.list}?page=1&limit=4`);
    expect(res.statusCode).toBe(200);
    const page = res.json().results;
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(page.list).toHaveLength(4);
    // System roles come first by default.
    expect(page.list.slice(0, 3).map((r: { system: string }) => r.system)).toEqual(['true', 'true', 'true']);
    expect(page.list[0]).toMatchObject({ name: '系统管理员', memberCount: 1 });
    const second = (await call('GET', `${ROLE_PATHS.list}?page=2&limit=4`)).json().results;
    expect(second.list.map((r: { name: string }) => r.name)).toEqual(['市场人员', '部门负责人']);
  });

  it('answers every role without a page, filtered by keyword and sorted', async () => {
    const all = (await call('GET', ROLE_PATHS.list)).json().results;
    expect(all.total).toBe(6);
    expect(all.list).toHaveLength(6);
    const dev = all.list.find((r: { name: string }) => r.name === '研发人员');
    expect(dev).toMatchObject({ system: 'false', memberCount: 3, description: '知识库、智能问答、数据库与工具库' });
    expect(typeof dev.createdAt).toBe('string');
    const found = (await call('GET', `${ROLE_PATHS.list}?keyword=${encodeURIComponent('研发')}`)).json().results;
    expect(found.list.map((r: { name: string }) => r.name)).toEqual(['研发人员']);
    const byDescription = (await call('GET', `${ROLE_PATHS.list}?keyword=${encodeURIComponent('审计')}`)).json().results;
    expect(byDescription.list.map((r: { name: string }) => r.name)).toEqual(['安全审计员']);
    const literal = (await call('GET', `${ROLE_PATHS.list}?keyword=%25`)).json().results;
    expect(literal.total).toBe(0);
    const sorted = (await call('GET', `${ROLE_PATHS.list}?property=memberCount&direction=DESC`)).json().results;
    expect(sorted.list[0].name).toBe('研发人员');
  });

  it.each([
    ['limit 0', 'page=1&limit=0'],
    ['page not a number', 'page=abc'],
    ['unknown sort property', 'property=password'],
    ['unknown parameter', 'drop=1'],
  ])('refuses a bad query (%s) with a Chinese message', async (_n, query) => {
    const res = await call('GET', `${ROLE_PATHS.list}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('is read by the security and system administrators only', async () => {
    expect((await call('GET', ROLE_PATHS.list, 'sysadmin')).statusCode).toBe(200);
    expect((await call('GET', ROLE_PATHS.list, 'auditadmin')).statusCode).toBe(403);
    expect((await call('GET', ROLE_PATHS.list, 'staff')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: ROLE_PATHS.list })).statusCode).toBe(401);
  });

  it('offers the ordinary roles as { name, id } to any signed-in account', async () => {
    for (const who of ['staff', 'auditadmin', 'secadmin']) {
      const res = await call('GET', ROLE_PATHS.options, who);
      expect(res.statusCode).toBe(200);
      const names = res.json().results.map((o: { name: string }) => o.name);
      expect(names).toEqual(['研发人员', '市场人员', '部门负责人']);
      expect(Object.keys(res.json().results[0]).sort()).toEqual(['id', 'name']);
    }
    expect((await t.app.inject({ method: 'GET', url: ROLE_PATHS.options })).statusCode).toBe(401);
  });

  it('answers one role, 404 for an unknown id and 400 for a bad one', async () => {
    const id = await roleId('市场人员');
    const res = await call('GET', fillPath(ROLE_PATHS.one, { id }));
    expect(res.json().results).toMatchObject({ id, name: '市场人员', memberCount: 2, system: 'false' });
    const missing = await call('GET', fillPath(ROLE_PATHS.one, { id: 99999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('角色不存在');
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id: 'abc' }))).statusCode).toBe(400);
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id }), 'auditadmin')).statusCode).toBe(403);
  });
});

describe('creating, editing and deleting roles', () => {
  it('creates a role, trimmed, and audits it', async () => {
    const res = await call('POST', ROLE_PATHS.create, 'secadmin', { name: '  质量管理员 ', description: ' 质量体系文档 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ name: '质量管理员', description: '质量体系文档', system: 'false', memberCount: 0 });
    expect(await lastAudit('role-create')).toMatchObject({ actorUsername: 'secadmin', target: '质量管理员', result: 'success' });
  });

  it.each([
    ['an empty name', { name: '   ' }, '角色名称不能为空'],
    ['special characters', { name: '研发<组>' }, '角色名称不能包含特殊字符'],
    ['a long name', { name: '长'.repeat(51) }, '角色名称长度不能超过 50 个字符'],
    ['a long description', { name: '好名字', description: 'x'.repeat(201) }, '角色描述长度不能超过 200 个字符'],
    ['a taken name', { name: '研发人员' }, '角色名称“研发人员”已存在'],
    ['a system role’s name', { name: '安全审计员' }, '角色名称“安全审计员”已存在'],
    ['no name', { description: 'x' }, '参数 name 不能为空'],
    ['an unknown field', { name: '新角色', system: true }, '不支持的参数 system'],
  ])('refuses %s', async (_n, payload, message) => {
    const res = await call('POST', ROLE_PATHS.create, 'secadmin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('refuses a name differing only in letter case', async () => {
    await createRole('QA Team');
    const res = await call('POST', ROLE_PATHS.create, 'secadmin', { name: 'qa team' });
    expect(res.json().message).toBe('角色名称“qa team”已存在');
    expect(await lastAudit('role-create')).toMatchObject({ target: 'qa team', result: 'failure' });
  });

  it('edits an ordinary role, not a system one', async () => {
    const role = await createRole('待改名');
    const res = await call('PUT', ROLE_PATHS.update, 'secadmin', { id: role.id, name: '已改名', description: '新的说明' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ id: role.id, name: '已改名', description: '新的说明' });
    expect(await lastAudit('role-update')).toMatchObject({ target: '待改名', detail: '名称 待改名 → 已改名', result: 'success' });
    // Keeping its own name is not a clash.
    expect((await call('PUT', ROLE_PATHS.update, 'secadmin', { id: role.id, name: '已改名' })).statusCode).toBe(200);
    const clash = await call('PUT', ROLE_PATHS.update, 'secadmin', { id: role.id, name: '市场人员' });
    expect(clash.json().message).toBe('角色名称“市场人员”已存在');
    const system = await call('PUT', ROLE_PATHS.update, 'secadmin', { id: await roleId('安全审计员'), name: '审计' });
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe('系统角色不能编辑');
    const missing = await call('PUT', ROLE_PATHS.update, 'secadmin', { id: 99999, name: '无' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an ordinary role and signs its members out; refuses system roles', async () => {
    const role = await createRole('临时项目组');
    const wangfang = await userId('wangfang');
    expect((await call('PUT', fillPath(ROLE_PATHS.members, { id: role.id }), 'secadmin', { userIds: [wangfang] })).statusCode).toBe(200);
    const token = await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD);
    const res = await call('DELETE', fillPath(ROLE_PATHS.remove, { id: role.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: '成功', results: null });
    expect((await userDetailStatus(t.app, token)).status).toBe(401);
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id: role.id }))).statusCode).toBe(404);
    expect(await lastAudit('role-delete')).toMatchObject({ target: '临时项目组', detail: '成员 1 人', result: 'success' });
    const system = await call('DELETE', fillPath(ROLE_PATHS.remove, { id: await roleId('系统管理员') }));
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe('系统角色不能删除');
    expect(await lastAudit('role-delete')).toMatchObject({ target: '系统管理员', result: 'failure' });
    expect((await call('DELETE', fillPath(ROLE_PATHS.remove, { id: 99999 }))).statusCode).toBe(404);
  });

  it('refuses to delete a role that documents name as their review role', async () => {
    const role = await createRole('审阅小组');
    const now = t.clock.now();
    const owner = await userId('demo');
    const [space] = await t.deps.db.insert(knowledgeSpaces).values({ name: '角色测试空间', ownerId: owner, createdAt: now, updatedAt: now }).returning();
    await t.deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: '评审规范.txt', contentType: 'text/plain', filePath: '', size: 1, sha256: 'x', secrecy: 'internal',
      reviewRoles: [role.id], ownerId: owner, createdAt: now, updatedAt: now,
    });
    const res = await call('DELETE', fillPath(ROLE_PATHS.remove, { id: role.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('角色“审阅小组”是 1 个知识文档的审阅角色，请先修改这些文档的审阅角色再删除');
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id: role.id }))).statusCode).toBe(200);
  });

  it.each(['sysadmin', 'auditadmin', 'staff'])('refuses every write to %s with 403', async (who) => {
    const id = await roleId('市场人员');
    const writes: [Method, string, unknown][] = [
      ['POST', ROLE_PATHS.create, { name: '越权角色' }],
      ['PUT', ROLE_PATHS.update, { id, name: '越权' }],
      ['DELETE', fillPath(ROLE_PATHS.remove, { id }), undefined],
      ['PUT', fillPath(ROLE_PATHS.members, { id }), { userIds: [] }],
      ['PUT', fillPath(ROLE_PATHS.grants, { id }), { functionIds: [], buttonIds: [] }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id }))).json().results.name).toBe('市场人员');
  });
});

describe('role members', () => {
  it('lists members with their departments', async () => {
    const res = await call('GET', fillPath(ROLE_PATHS.members, { id: await roleId('研发人员') }));
    expect(res.statusCode).toBe(200);
    const members = res.json().results;
    expect(members.map((m: { username: string }) => m.username).sort()).toEqual(['demo', 'wangfang', 'zhangwei']);
    expect(members.find((m: { username: string }) => m.username === 'demo')).toMatchObject({ fullName: '演示用户', deptName: '软件研发部', disabled: false });
    expect((await call('GET', fillPath(ROLE_PATHS.members, { id: await roleId('研发人员') }), 'sysadmin')).statusCode).toBe(403);
    expect((await call('GET', fillPath(ROLE_PATHS.members, { id: 99999 }))).statusCode).toBe(404);
  });

  it('replaces the members and signs out exactly the users added or removed', async () => {
    const role = await createRole('文档审核组');
    const [demo, lina, wangfang] = [await userId('demo'), await userId('lina'), await userId('wangfang')];
    await call('PUT', fillPath(ROLE_PATHS.members, { id: role.id }), 'secadmin', { userIds: [demo, wangfang] });
    const tokens2 = {
      demo: await signIn(t.app, 'demo', TEST_DEMO_PASSWORD),
      lina: await signIn(t.app, 'lina', TEST_DEMO_PASSWORD),
      wangfang: await signIn(t.app, 'wangfang', TEST_DEMO_PASSWORD),
    };
    const res = await call('PUT', fillPath(ROLE_PATHS.members, { id: role.id }), 'secadmin', { userIds: [demo, lina, lina] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((m: { username: string }) => m.username).sort()).toEqual(['demo', 'lina']);
    expect((await userDetailStatus(t.app, tokens2.demo)).status).toBe(200);
    expect(await userDetailStatus(t.app, tokens2.lina)).toEqual({ status: 401, code: 10011039 });
    expect((await userDetailStatus(t.app, tokens2.wangfang)).status).toBe(401);
    expect(await lastAudit('role-members')).toMatchObject({ target: '文档审核组', detail: '新增 lina；移除 wangfang', result: 'success' });
    const cleared = await call('PUT', fillPath(ROLE_PATHS.members, { id: role.id }), 'secadmin', { userIds: [] });
    expect(cleared.json().results).toEqual([]);
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id: role.id }))).json().results.memberCount).toBe(0);
  });

  it.each([
    ['an unknown user', async () => ({ userIds: [await userId('demo'), 424242] }), '用户不存在：424242'],
    ['a system account', async () => ({ userIds: [-2] }), '系统账号不能分配到普通角色：secadmin'],
    ['a list that is not numbers', async () => ({ userIds: ['x'] }), '参数 userIds.0 类型错误，应为整数'],
    ['a missing list', async () => ({}), '参数 userIds 不能为空'],
  ])('refuses %s', async (_n, body, message) => {
    const res = await call('PUT', fillPath(ROLE_PATHS.members, { id: await roleId('市场人员') }), 'secadmin', await body());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps the members of system roles', async () => {
    const res = await call('PUT', fillPath(ROLE_PATHS.members, { id: await roleId('安全保密管理员') }), 'secadmin', { userIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('系统角色的成员不能修改');
    expect(await lastAudit('role-members')).toMatchObject({ target: '安全保密管理员', result: 'failure' });
    expect((await call('GET', fillPath(ROLE_PATHS.members, { id: await roleId('安全保密管理员') }))).json().results)
      .toEqual([expect.objectContaining({ id: -2, username: 'secadmin' })]);
  });
});

describe('role grants', () => {
  it('answers the granted ids with the whole function tree of both types', async () => {
    const res = await call('GET', fillPath(ROLE_PATHS.grants, { id: await roleId('市场人员') }));
    expect(res.statusCode).toBe(200);
    const grants = res.json().results as { system: boolean; functionIds: number[]; buttonIds: number[]; functions: GrantFunction[] };
    expect(grants.system).toBe(false);
    const all = flatten(grants.functions);
    expect(new Set(grants.functions.map((f) => f.type))).toEqual(new Set([1, 2]));
    const kb = all.find((f) => f.path === '/knowledgeBase') as GrantFunction;
    expect(kb.children.map((c) => c.path)).toEqual(['/knowledgeList']);
    expect(kb.buttons.map((b) => b.code)).toEqual(['add', 'edit', 'delete']);
    const held = all.filter((f) => grants.functionIds.includes(f.id)).map((f) => f.path).sort();
    expect(held).toEqual(['/chatWindow', '/knowledgeBase', '/knowledgeList']);
    const list = all.find((f) => f.path === '/knowledgeList') as GrantFunction;
    expect(list.buttons.filter((b) => grants.buttonIds.includes(b.id)).map((b) => b.code).sort()).toEqual(['refresh', 'upload']);
    const system = (await call('GET', fillPath(ROLE_PATHS.grants, { id: await roleId('安全保密管理员') }))).json().results;
    expect(system.system).toBe(true);
    expect((await call('GET', fillPath(ROLE_PATHS.grants, { id: await roleId('市场人员') }), 'sysadmin')).statusCode).toBe(403);
  });

  it('replaces the grants; a member signing in again holds them, and old sessions end', async () => {
    const id = await roleId('市场人员');
    const staffToken = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const demoToken = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    const sql = await funcOf('/sqlBase');
    const list = await funcOf('/knowledgeList');
    const chat = await funcOf('/chatWindow');
    // The button brings /sqlBase; /knowledgeList brings its parent /knowledgeBase.
    const res = await call('PUT', fillPath(ROLE_PATHS.grants, { id }), 'secadmin', {
      functionIds: [list.id, chat.id], buttonIds: [sql.button('add'), list.button('upload')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit('role-grants')).toMatchObject({ target: '市场人员', detail: '功能点 4 项，按钮 2 项', result: 'success' });
    expect(await userDetailStatus(t.app, staffToken)).toEqual({ status: 401, code: 10011039 });
    expect((await userDetailStatus(t.app, demoToken)).status).toBe(200);
    const again = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    const detail = (await as(again, 'GET', AUTH_PATHS.userDetail)).json().results as UserDetail;
    expect([...detail.allFunc].sort()).toEqual(['/chatWindow', '/knowledgeBase', '/knowledgeList', '/sqlBase']);
    expect(detail.allBtn).toEqual({ '/sqlBase#add': true, '/knowledgeList#upload': true });
    tokens.staff = again;
  });

  it.each([
    ['an unknown function', { functionIds: [987654], buttonIds: [] }, '功能点不存在：987654'],
    ['an unknown button', { functionIds: [], buttonIds: [987654] }, '按钮不存在：987654'],
    ['a missing list', { functionIds: [] }, '参数 buttonIds 不能为空'],
  ])('refuses %s', async (_n, body, message) => {
    const res = await call('PUT', fillPath(ROLE_PATHS.grants, { id: await roleId('部门负责人') }), 'secadmin', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps management functions with the system roles (三员分立)', async () => {
    const users2 = await funcOf('/sysMgr/userMgr');
    const res = await call('PUT', fillPath(ROLE_PATHS.grants, { id: await roleId('部门负责人') }), 'secadmin', {
      functionIds: [], buttonIds: [users2.button('add')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('系统管理功能只属于三员角色，不能授予普通角色：系统管理、人员管理');
    const system = await call('PUT', fillPath(ROLE_PATHS.grants, { id: await roleId('安全保密管理员') }), 'secadmin', {
      functionIds: [], buttonIds: [],
    });
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe('系统角色的权限不能修改');
    expect(await lastAudit('role-grants')).toMatchObject({ target: '安全保密管理员', result: 'failure' });
  });
});

describe('without the button', () => {
  it('refuses a replayed write once the security administrator lost the button', async () => {
    const secRole = await roleId('安全保密管理员');
    const id = await roleId('部门负责人');
    const roleMgr = await funcOf('/sysMgr/roleMgr');
    const codes = ['add', 'edit', 'delete', 'assign', 'grant'];
    await t.deps.db.delete(roleButtons).where(and(eq(roleButtons.roleId, secRole), inArray(roleButtons.buttonId, codes.map(roleMgr.button))));
    invalidateIdentity(t.deps.db);
    const writes: [Method, string, unknown][] = [
      ['POST', ROLE_PATHS.create, { name: '重放角色' }],
      ['PUT', ROLE_PATHS.update, { id, name: '重放' }],
      ['DELETE', fillPath(ROLE_PATHS.remove, { id }), undefined],
      ['PUT', fillPath(ROLE_PATHS.members, { id }), { userIds: [] }],
      ['PUT', fillPath(ROLE_PATHS.grants, { id }), { functionIds: [], buttonIds: [] }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, 'secadmin', payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Reads need only the function.
    expect((await call('GET', ROLE_PATHS.list)).statusCode).toBe(200);
    expect((await call('GET', fillPath(ROLE_PATHS.one, { id }))).json().results.name).toBe('部门负责人');
  });
});
