import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS, FUNC_PATHS, fillPath, LOG_PATHS, PlatformEnvelope, type FuncButton, type FuncNode, type FuncRecord, type LogEntry,
} from '../../../contract/api';
import { eq } from 'drizzle-orm';
import { roleButtons, userRoles, users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { invalidateIdentity } from '../../identity/identity-cache';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn, userDetailStatus } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

const PROBE = '/api/sysMgr/test-probe/knowledge-archive';

let t: TestApp;
let sys: string;
let sec: string;
let audit: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({
    // A call guarded by a business button, to replay after the button is removed.
    register: (app) => app.get(PROBE, {
      config: { access: 'session', button: '/knowledgeBase#archive' },
      schema: { querystring: Type.Object({}), response: { 200: PlatformEnvelope(Type.Null()) } },
    }, async () => ok(null)),
  });
  [sys, sec, audit, staff] = await Promise.all([
    signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD), signIn(t.app, 'secadmin', TEST_ADMIN_PASSWORD),
    signIn(t.app, 'auditadmin', TEST_ADMIN_PASSWORD), signIn(t.app, 'staff', TEST_DEMO_PASSWORD),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

async function tree(type = 2): Promise<FuncNode[]> {
  const res = await call('GET', fillPath(FUNC_PATHS.tree, { type }), sys);
  expect(res.statusCode).toBe(200);
  return res.json().results as FuncNode[];
}

function find(nodes: FuncNode[], path: string): FuncNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = find(n.children, path);
    if (hit) return hit;
  }
  return undefined;
}

async function create(payload: object, token = sys) {
  return call('POST', FUNC_PATHS.create, token, payload);
}

async function created(payload: object): Promise<FuncRecord> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as FuncRecord;
}

/** The auditor's newest entry of an action, read through the log call as the auditor would. */
async function lastAudit(action: string): Promise<LogEntry> {
  const res = await call('GET', `${LOG_PATHS.list}?action=${action}&limit=1`, audit);
  return (res.json().results.list as LogEntry[])[0];
}

describe('function tree', () => {
  it('answers the management functions nested, with their buttons and the built-in flag', async () => {
    const nodes = await tree(2);
    expect(nodes.map((n) => n.path)).toEqual(['/sysMgr', '/implConfigMgr']);
    const users = find(nodes, '/sysMgr/userMgr') as FuncNode;
    expect(users).toMatchObject({ name: '人员管理', type: 2, builtin: true, parentId: nodes[0].id, hidden: false });
    expect(users.buttons.map((b) => b.code)).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'unlock']));
    expect(find(nodes, '/sysMgr/index')?.hidden).toBe(true);
  });

  it('answers the business functions for type 1', async () => {
    const nodes = await tree(1);
    expect(find(nodes, '/knowledgeBase')?.children.map((c) => c.path)).toEqual(['/knowledgeList']);
    expect(find(nodes, '/sysMgr')).toBeUndefined();
  });

  it('is read by the function and role screens only', async () => {
    const url = fillPath(FUNC_PATHS.tree, { type: 2 });
    expect((await call('GET', url, sec)).statusCode).toBe(200);
    expect((await call('GET', url, audit)).statusCode).toBe(403);
    expect((await call('GET', url, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses an unknown type', async () => {
    const res = await call('GET', fillPath(FUNC_PATHS.tree, { type: 3 }), sys);
    expect(res.json()).toEqual({ code: 400, message: '参数 type 不能大于 2', results: null });
  });
});

describe('creating and changing functions', () => {
  it('creates a function with the default icon and the next sort, audited for the auditor', async () => {
    const parent = find(await tree(1), '/knowledgeBase') as FuncNode;
    const row = await created({ name: '知识统计', path: '/knowledgeStats', type: 1, parentId: parent.id });
    expect(row).toMatchObject({ icon: 'iconfont icon_bangzhu', sort: (parent.children.at(-1) as FuncNode).sort + 1, hidden: false, builtin: false, parentId: parent.id });
    expect(find(await tree(1), '/knowledgeStats')?.name).toBe('知识统计');
    expect(await lastAudit('func-create')).toMatchObject({ actorUsername: 'sysadmin', result: 'success', target: '知识统计（/knowledgeStats）' });
  });

  it.each([
    ['a path without /', { name: '甲', path: 'abc', type: 1 }, '路径必须以 / 开头'],
    ['a path with spaces', { name: '甲', path: '/a b', type: 1 }, '路径只能包含字母、数字、下划线、连字符和 /，且不能以 / 结尾'],
    ['a taken path', { name: '甲', path: '/chatWindow', type: 1 }, '路径 /chatWindow 已被其他功能使用'],
    ['a blank name', { name: '  ', path: '/blank', type: 1 }, '功能名称不能为空'],
    ['special characters', { name: '统计<1>', path: '/special', type: 1 }, '功能名称不能包含特殊字符'],
    ['a missing name', { path: '/noname', type: 1 }, '参数 name 不能为空'],
    ['an unknown type', { name: '甲', path: '/t3', type: 3 }, '参数 type 不能大于 2'],
    ['an unknown parent', { name: '甲', path: '/orphan', type: 1, parentId: 99999 }, '上级功能不存在'],
  ])('refuses %s', async (_n, payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('refuses a parent of the other type', async () => {
    const sysMgr = find(await tree(2), '/sysMgr') as FuncNode;
    const res = await create({ name: '甲', path: '/mixed', type: 1, parentId: sysMgr.id });
    expect(res.json().message).toBe('上级功能的类型与本功能不一致');
    expect((await lastAudit('func-create')).result).toBe('failure');
  });

  it('is refused to everyone but the system administrator', async () => {
    for (const token of [sec, audit, staff]) expect((await create({ name: '甲', path: '/nope', type: 1 }, token)).statusCode).toBe(403);
  });

  it('updates a function and records what changed', async () => {
    const row = await created({ name: '报表', path: '/reports', type: 1, icon: 'BarChartOutlined' });
    const res = await call('PUT', FUNC_PATHS.update, sys, { id: row.id, name: '统计报表', path: '/reports2', type: 1, hidden: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ name: '统计报表', path: '/reports2', icon: 'BarChartOutlined', hidden: true });
    const entry = await lastAudit('func-update');
    expect(entry.detail).toContain('名称：报表 → 统计报表');
    expect(entry.detail).toContain('路径：/reports → /reports2');
  });

  it('keeps the path, type and parent of built-in functions', async () => {
    const users = find(await tree(2), '/sysMgr/userMgr') as FuncNode;
    const base = { id: users.id, name: '人员管理', path: users.path, type: 2, parentId: users.parentId };
    const renamed = await call('PUT', FUNC_PATHS.update, sys, { ...base, name: '用户管理' });
    expect(renamed.statusCode).toBe(200);
    const moved = await call('PUT', FUNC_PATHS.update, sys, { ...base, path: '/sysMgr/people' });
    expect(moved.json().message).toBe('系统内置功能的路径、类型和上级功能不能修改');
    await call('PUT', FUNC_PATHS.update, sys, base);
  });

  it('refuses to move a function below itself', async () => {
    const top = await created({ name: '顶层', path: '/top', type: 1 });
    const child = await created({ name: '下层', path: '/top/child', type: 1, parentId: top.id });
    const res = await call('PUT', FUNC_PATHS.update, sys, { id: top.id, name: '顶层', path: '/top', type: 1, parentId: child.id });
    expect(res.json().message).toBe('不能将功能移动到其自身或其下级功能之下');
    expect((await call('PUT', FUNC_PATHS.update, sys, { id: 99999, name: '甲', path: '/x', type: 1 })).statusCode).toBe(404);
  });

  it('deletes a leaf function but refuses one with children and the built-in management ones', async () => {
    const top = await created({ name: '待删', path: '/doomed', type: 1 });
    const child = await created({ name: '待删子项', path: '/doomed/child', type: 1, parentId: top.id });
    const refused = await call('DELETE', fillPath(FUNC_PATHS.remove, { id: top.id }), sys);
    expect(refused.json()).toEqual({ code: 400, message: '该功能下还有下级功能，请先删除下级功能', results: null });
    expect((await call('DELETE', fillPath(FUNC_PATHS.remove, { id: child.id }), sys)).statusCode).toBe(200);
    expect((await call('DELETE', fillPath(FUNC_PATHS.remove, { id: top.id }), sys)).statusCode).toBe(200);
    expect(find(await tree(1), '/doomed')).toBeUndefined();
    expect(await lastAudit('func-delete')).toMatchObject({ result: 'success', target: '待删（/doomed）' });
    for (const path of ['/sysMgr', '/sysMgr/logMgr', '/implConfigMgr/funcMgr']) {
      const node = find(await tree(2), path) as FuncNode;
      const res = await call('DELETE', fillPath(FUNC_PATHS.remove, { id: node.id }), sys);
      expect(res.statusCode, path).toBe(400);
    }
    const logMgr = find(await tree(2), '/sysMgr/logMgr') as FuncNode;
    expect((await call('DELETE', fillPath(FUNC_PATHS.remove, { id: logMgr.id }), sys)).json().message)
      .toBe('系统内置的管理功能不能删除，否则管理员将无法进入系统管理');
    expect((await call('DELETE', fillPath(FUNC_PATHS.remove, { id: 99999 }), sys)).statusCode).toBe(404);
    expect((await call('DELETE', fillPath(FUNC_PATHS.remove, { id: logMgr.id }), sec)).statusCode).toBe(403);
  });
});

describe('buttons', () => {
  let func: FuncRecord;
  beforeAll(async () => {
    func = await created({ name: '项目管理', path: '/projects', type: 1 });
  });
  const buttons = async (functionId = func.id) =>
    (await call('GET', fillPath(FUNC_PATHS.buttons, { functionId }), sys)).json().results as FuncButton[];

  it('adds, lists, edits and deletes the buttons of a function, each audited', async () => {
    const add = await call('POST', FUNC_PATHS.createButton, sys, { functionId: func.id, code: 'archive', name: '归档' });
    expect(add.statusCode, add.body).toBe(200);
    const second = await call('POST', FUNC_PATHS.createButton, sys, { functionId: func.id, code: 'export2', name: '导出' });
    expect(second.json().results).toMatchObject({ sort: 1, builtin: false });
    expect((await buttons()).map((b) => b.code)).toEqual(['archive', 'export2']);
    expect(await lastAudit('button-create')).toMatchObject({ target: '/projects#export2（导出）', result: 'success' });
    const id = add.json().results.id as number;
    const edit = await call('PUT', fillPath(FUNC_PATHS.updateButton, { functionId: func.id }), sys, { id, code: 'archiveAll', name: '全部归档', sort: 5 });
    expect(edit.json().results).toMatchObject({ code: 'archiveAll', name: '全部归档', sort: 5 });
    expect((await lastAudit('button-update')).detail).toContain('编码：archive → archiveAll');
    expect((await call('DELETE', fillPath(FUNC_PATHS.removeButton, { functionId: func.id, buttonId: id }), sys)).statusCode).toBe(200);
    expect((await buttons()).map((b) => b.code)).toEqual(['export2']);
    expect((await lastAudit('button-delete')).target).toBe('/projects#archiveAll（全部归档）');
  });

  it.each([
    ['a code with symbols', { code: 'a-b', name: '甲' }, '按钮编码只能包含字母和数字，且以字母开头'],
    ['a code starting with a digit', { code: '1a', name: '甲' }, '按钮编码只能包含字母和数字，且以字母开头'],
    ['a taken code', { code: 'export2', name: '甲' }, '该功能下已有编码为 export2 的按钮'],
    ['a blank name', { code: 'ok', name: ' ' }, '按钮名称不能为空'],
    ['a missing code', { name: '甲' }, '参数 code 不能为空'],
  ])('refuses %s', async (_n, payload, message) => {
    const res = await call('POST', FUNC_PATHS.createButton, sys, { functionId: func.id, ...payload });
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });

  it('answers 404 for a button of another function or an unknown function', async () => {
    const [own] = await buttons();
    const other = find(await tree(1), '/chatWindow') as FuncNode;
    expect((await call('DELETE', fillPath(FUNC_PATHS.removeButton, { functionId: other.id, buttonId: own.id }), sys)).statusCode).toBe(404);
    expect((await call('PUT', fillPath(FUNC_PATHS.updateButton, { functionId: other.id }), sys, { id: own.id, code: 'x', name: '甲' })).json().message)
      .toBe('按钮不存在');
    expect((await call('POST', FUNC_PATHS.createButton, sys, { functionId: 99999, code: 'x', name: '甲' })).json().message).toBe('功能不存在');
  });

  it.each([
    [2, '/implConfigMgr/funcMgr', 'delete'],
    [1, '/chatWindow', 'upload'],
    [1, '/knowledgeList', 'upload'],
  ])('refuses to edit or delete a built-in button (system row, D28): %i %s#%s', async (type, path, code) => {
    const func = find(await tree(type), path) as FuncNode;
    const button = func.buttons.find((b) => b.code === code) as FuncButton;
    expect(button.builtin).toBe(true);
    const url = fillPath(FUNC_PATHS.updateButton, { functionId: func.id });
    for (const payload of [{ id: button.id, code: 'renamed', name: button.name }, { id: button.id, code, name: '改个名字' }, { id: button.id, code, name: button.name, sort: 9 }]) {
      const res = await call('PUT', url, sys, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: '系统内置按钮不能编辑或删除', results: null });
    }
    const res = await call('DELETE', fillPath(FUNC_PATHS.removeButton, { functionId: func.id, buttonId: button.id }), sys);
    expect(res.json()).toEqual({ code: 400, message: '系统内置按钮不能编辑或删除', results: null });
    const after = (find(await tree(type), path) as FuncNode).buttons.find((b) => b.id === button.id);
    expect(after).toEqual(button);
    expect(await lastAudit('button-delete')).toMatchObject({ result: 'failure', target: `${path}#${code}（${button.name}）` });
  });

  it('refuses to delete a built-in business function, which would take its built-in buttons along', async () => {
    for (const path of ['/chatWindow', '/knowledgeBase', '/sqlBase']) {
      const func = find(await tree(1), path) as FuncNode;
      const res = await call('DELETE', fillPath(FUNC_PATHS.remove, { id: func.id }), sys);
      expect(res.json(), path).toEqual({ code: 400, message: '系统内置功能不能删除', results: null });
      expect(find(await tree(1), path), path).toBeDefined();
    }
  });

  it('reads buttons for the function and role screens, writes for the system administrator only', async () => {
    expect((await call('GET', fillPath(FUNC_PATHS.buttons, { functionId: func.id }), sec)).statusCode).toBe(200);
    expect((await call('GET', fillPath(FUNC_PATHS.buttons, { functionId: func.id }), staff)).statusCode).toBe(403);
    for (const token of [sec, audit, staff]) {
      expect((await call('POST', FUNC_PATHS.createButton, token, { functionId: func.id, code: 'zz', name: '甲' })).statusCode).toBe(403);
    }
  });

  it('takes a removed button away from its holders: their sessions end and the call is refused on replay', async () => {
    // A custom button on a business function, granted to demo's roles (built-in ones cannot be removed, D28).
    const kb = find(await tree(1), '/knowledgeBase') as FuncNode;
    const added = await call('POST', FUNC_PATHS.createButton, sys, { functionId: kb.id, code: 'archive', name: '归档' });
    const archive = added.json().results as FuncButton;
    expect(archive.builtin).toBe(false);
    const [demoUser] = await t.deps.db.select().from(users).where(eq(users.username, 'demo'));
    const demoRoles = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, demoUser.id));
    await t.deps.db.insert(roleButtons).values(demoRoles.map((r) => ({ roleId: r.roleId, buttonId: archive.id })));
    invalidateIdentity(t.deps.db);
    const demo = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    expect((await call('GET', PROBE, demo)).statusCode).toBe(200);
    expect((await call('DELETE', fillPath(FUNC_PATHS.removeButton, { functionId: kb.id, buttonId: archive.id }), sys)).statusCode).toBe(200);
    expect((await userDetailStatus(t.app, demo)).status).toBe(401);
    const again = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    expect((await call('GET', PROBE, again)).statusCode).toBe(403);
    const detail = await call('GET', AUTH_PATHS.userDetail, again);
    expect(detail.json().results.allBtn['/knowledgeBase#archive']).toBeUndefined();
    expect(detail.json().results.allBtn['/knowledgeBase#edit']).toBe(true);
    // The system administrator, who did not hold it, keeps working.
    expect((await userDetailStatus(t.app, sys)).status).toBe(200);
  });
});
