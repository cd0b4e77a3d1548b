import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPT_PATHS, fillPath, ROOT_DEPT_ID, type DeptTreeNode } from '../../../contract/api';
import { auditLog, departments, functionButtons, functions, roleButtons, roles } from '../../db/schema';
import { invalidateIdentity } from '../../identity/identity-cache';
import { createAdminTestApp, type TestApp } from '../../test-support/test-app';
import { bearer } from '../../test-support/http';

let t: TestApp;
let tokens: Record<string, string> = {};
beforeAll(async () => {
  ({ t, tokens } = await createAdminTestApp());
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const call = (who: string, c: Call) =>
  t.app.inject({ method: c.method, url: c.url, headers: bearer(tokens[who]), ...(c.payload ? { payload: c.payload } : {}) });
const admin = (c: Call) => call('sysadmin', c);

async function deptId(name: string): Promise<number> {
  const [row] = await t.deps.db.select().from(departments).where(eq(departments.name, name));
  return row.id;
}
const create = (payload: object) => admin({ method: 'POST', url: DEPT_PATHS.create, payload });
const update = (payload: object) => admin({ method: 'PUT', url: DEPT_PATHS.update, payload });
const remove = (id: number) => admin({ method: 'DELETE', url: fillPath(DEPT_PATHS.remove, { id }) });
const auditOf = (action: string) =>
  t.deps.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

describe('reading the department tree', () => {
  it('answers the tree from the root -2 with children in sort order and user counts', async () => {
    const res = await admin({ method: 'GET', url: fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID }) });
    expect(res.statusCode).toBe(200);
    const [root] = res.json().results as DeptTreeNode[];
    expect(root).toMatchObject({ id: -2, name: '总部', parentId: null, code: '', userCount: 0 });
    expect(root.children.map((c) => c.name)).toEqual(['研发中心', '市场部', '综合管理部']);
    const rd = root.children[0];
    expect(rd.children.map((c) => [c.name, c.userCount, c.parentId])).toEqual([['软件研发部', 1, rd.id], ['测试部', 1, rd.id]]);
    expect(rd.userCount).toBe(1);
  });

  it('answers a subtree for any id, and 404 for an unknown one', async () => {
    const id = await deptId('研发中心');
    const res = await admin({ method: 'GET', url: fillPath(DEPT_PATHS.tree, { id }) });
    expect(res.json().results[0].children).toHaveLength(2);
    const missing = await admin({ method: 'GET', url: fillPath(DEPT_PATHS.tree, { id: 99999 }) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: '部门不存在', results: null });
    const bad = await admin({ method: 'GET', url: '/api/sysMgr/depts/tree/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('参数 id 类型错误，应为整数');
  });

  it('marks every node disabled (spec §3): a department and its subtree with disableSubtreeOf, and none without', async () => {
    const rd = await deptId('研发中心');
    const flatten = (n: DeptTreeNode): DeptTreeNode[] => [n, ...n.children.flatMap(flatten)];
    const plain = (await admin({ method: 'GET', url: fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID }) })).json().results[0] as DeptTreeNode;
    expect(flatten(plain).every((n) => n.disabled === false)).toBe(true);
    const res = await admin({ method: 'GET', url: `${fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID })}?disableSubtreeOf=${rd}` });
    expect(res.statusCode).toBe(200);
    const nodes = flatten(res.json().results[0] as DeptTreeNode);
    expect(nodes.filter((n) => n.disabled).map((n) => n.name).sort()).toEqual(['研发中心', '测试部', '软件研发部'].sort());
    expect(nodes.find((n) => n.name === '市场部')?.disabled).toBe(false);
    // What the form greys out is what the server refuses: moving 研发中心 under any disabled node.
    for (const node of nodes.filter((n) => n.disabled)) {
      const move = await update({ id: rd, parentId: node.id, name: '研发中心' });
      expect(move.statusCode).toBe(400);
      expect(move.json().message).toBe('不能将部门移动到其自身或其下级部门之下');
    }
    const bad = await admin({ method: 'GET', url: `${fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID })}?disableSubtreeOf=x` });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the flat structure of a subtree in tree order with levels', async () => {
    const res = await admin({ method: 'GET', url: fillPath(DEPT_PATHS.flat, { id: ROOT_DEPT_ID }) });
    const list = res.json().results as { name: string; level: number; childCount: number }[];
    expect(list.slice(0, 6).map((d) => [d.name, d.level])).toEqual([
      ['总部', 0], ['研发中心', 1], ['软件研发部', 2], ['测试部', 2], ['市场部', 1], ['综合管理部', 1],
    ]);
    expect(list[1].childCount).toBe(2);
  });

  it('answers one department with its parent name and counts', async () => {
    const id = await deptId('测试部');
    const res = await admin({ method: 'GET', url: fillPath(DEPT_PATHS.one, { id }) });
    expect(res.json().results).toMatchObject({ id, name: '测试部', parentName: '研发中心', userCount: 1, childCount: 0 });
  });

  it('tells whether a sibling name exists, leaving out the one being edited', async () => {
    const rd = await deptId('研发中心');
    const exist = (parentId: number, name: string, q = '') =>
      admin({ method: 'GET', url: fillPath(DEPT_PATHS.exist, { parentId, name }) + q }).then((r) => r.json().results);
    expect(await exist(rd, '测试部')).toBe(true);
    expect(await exist(ROOT_DEPT_ID, '测试部')).toBe(false);
    expect(await exist(rd, '测试部', `?excludeId=${await deptId('测试部')}`)).toBe(false);
  });

  it('lets the sysadmin, secadmin and 统计 (auditor) screens read, refuses ordinary users', async () => {
    const url = fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID });
    for (const [who, status] of [['sysadmin', 200], ['secadmin', 200], ['auditadmin', 200], ['staff', 403]] as const) {
      expect((await call(who, { method: 'GET', url })).statusCode, who).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('creating a department', () => {
  it('creates under a parent, trims, answers the department and audits it', async () => {
    const rd = await deptId('研发中心');
    const res = await create({ parentId: rd, name: '  硬件研发部 ', code: 'HW-01', sort: 3, remark: '电路与结构' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ name: '硬件研发部', code: 'HW-01', sort: 3, remark: '电路与结构', parentId: rd, parentName: '研发中心' });
    const [entry] = (await auditOf('dept-create')).slice(-1);
    expect(entry).toMatchObject({ actorUsername: 'sysadmin', result: 'success', detail: '上级部门：研发中心' });
    expect(entry.target).toMatch(/^硬件研发部（ID \d+）$/);
  });

  it.each([
    ['an empty name', { name: '   ' }, '部门名称不能为空'],
    ['a too long name', { name: '部'.repeat(51) }, '部门名称不能超过 50 个字符'],
    ['special characters', { name: '研发#部' }, '部门名称不能包含特殊字符'],
    ['a special code', { name: '新部门', code: 'A/B' }, '部门编码不能包含特殊字符'],
    ['a too long remark', { name: '新部门', remark: 'x'.repeat(201) }, '备注不能超过 200 个字符'],
    ['a sibling name', { name: '市场部' }, '同一上级部门下已存在同名部门'],
    ['an unknown parent', { name: '新部门', parentId: 99999 }, '上级部门不存在'],
    ['a missing name', { name: undefined }, '参数 name 不能为空'],
    ['a negative sort', { name: '新部门', sort: -1 }, '参数 sort 不能小于 0'],
    ['an unknown field', { name: '新部门', boss: 'x' }, '不支持的参数 boss'],
  ])('refuses %s with a Chinese message (and audits the failure)', async (_n, fields, message) => {
    const res = await create({ parentId: ROOT_DEPT_ID, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
    const [entry] = (await auditOf('dept-create')).slice(-1);
    expect(entry.result).toBe('failure');
  });

  it('refuses a code another department already uses', async () => {
    const res = await create({ parentId: ROOT_DEPT_ID, name: '采购部', code: 'HW-01' });
    expect(res.json().message).toBe('部门编码已存在');
  });

  it('allows the same name under another parent', async () => {
    const res = await create({ parentId: await deptId('市场部'), name: '综合管理部' });
    expect(res.statusCode).toBe(200);
  });

  it('is the sysadmin’s duty only', async () => {
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      const res = await call(who, { method: 'POST', url: DEPT_PATHS.create, payload: { parentId: ROOT_DEPT_ID, name: `由${who}新增` } });
      expect(res.statusCode, who).toBe(403);
    }
    expect(await t.deps.db.$count(departments, eq(departments.name, '由secadmin新增'))).toBe(0);
  });
});

describe('updating a department', () => {
  it('renames and moves a department, auditing what changed', async () => {
    const id = await deptId('硬件研发部');
    const res = await update({ id, parentId: ROOT_DEPT_ID, name: '硬件中心', code: 'HW-01', sort: 5, remark: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({ id, name: '硬件中心', parentId: ROOT_DEPT_ID, parentName: '总部', sort: 5 });
    const [entry] = (await auditOf('dept-update')).slice(-1);
    expect(entry.target).toBe(`硬件中心（ID ${id}）`);
    expect(entry.detail).toBe('名称：硬件研发部 → 硬件中心；上级部门：总部；排序：3 → 5；备注已修改');
  });

  it('refuses moving a department under itself or its descendants', async () => {
    const rd = await deptId('研发中心');
    const child = await deptId('软件研发部');
    for (const parentId of [rd, child]) {
      const res = await update({ id: rd, parentId, name: '研发中心' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('不能将部门移动到其自身或其下级部门之下');
    }
  });

  it('refuses changing the root, an unknown department, and a sibling’s name', async () => {
    expect((await update({ id: ROOT_DEPT_ID, parentId: ROOT_DEPT_ID, name: '集团' })).json().message).toBe('根部门不能修改');
    const missing = await update({ id: 99999, parentId: ROOT_DEPT_ID, name: '无' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('部门不存在');
    const taken = await update({ id: await deptId('测试部'), parentId: await deptId('研发中心'), name: '软件研发部' });
    expect(taken.json().message).toBe('同一上级部门下已存在同名部门');
  });

  it('keeps its own name when saved unchanged', async () => {
    const id = await deptId('测试部');
    const res = await update({ id, parentId: await deptId('研发中心'), name: '测试部', code: 'QA' });
    expect(res.statusCode).toBe(200);
  });

  it('is the sysadmin’s duty only', async () => {
    const id = await deptId('测试部');
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      const res = await call(who, { method: 'PUT', url: DEPT_PATHS.update, payload: { id, parentId: ROOT_DEPT_ID, name: 'x' } });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('deleting a department', () => {
  it('refuses while it has people, while it has sub-departments, and for the root', async () => {
    const people = await remove(await deptId('市场部'));
    expect(people.statusCode).toBe(400);
    expect(people.json()).toEqual({ code: 400, message: '该部门下存在人员，无法删除', results: null });
    const kidsOnly = await create({ parentId: ROOT_DEPT_ID, name: '项目管理部' });
    const pm = kidsOnly.json().results.id as number;
    await create({ parentId: pm, name: '项目一组' });
    const kids = await remove(pm);
    expect(kids.json().message).toBe('该部门下存在子部门，无法删除');
    const root = await remove(ROOT_DEPT_ID);
    expect(root.json().message).toBe('根部门不能删除');
    const [entry] = (await auditOf('dept-delete')).slice(-1);
    expect(entry).toMatchObject({ result: 'failure', target: '总部（ID -2）' });
    expect(entry.detail).toContain('根部门不能删除');
  });

  it('deletes an empty department and audits it; 404 afterwards', async () => {
    const id = await deptId('项目一组');
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: '成功', results: null });
    const [entry] = (await auditOf('dept-delete')).slice(-1);
    expect(entry).toMatchObject({ result: 'success', target: `项目一组（ID ${id}）`, actorUsername: 'sysadmin' });
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('is the sysadmin’s duty only', async () => {
    const id = await deptId('项目管理部');
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      expect((await call(who, { method: 'DELETE', url: fillPath(DEPT_PATHS.remove, { id }) })).statusCode, who).toBe(403);
    }
  });
});

describe('button grants', () => {
  it('refuses a sysadmin whose role lost the button, on replay of each write', async () => {
    const [role] = await t.deps.db.select().from(roles).where(eq(roles.name, '系统管理员'));
    const [fn] = await t.deps.db.select().from(functions).where(eq(functions.path, '/sysMgr/deptMgr'));
    const buttons = await t.deps.db.select().from(functionButtons).where(eq(functionButtons.functionId, fn.id));
    await t.deps.db.delete(roleButtons).where(and(eq(roleButtons.roleId, role.id), inArray(roleButtons.buttonId, buttons.map((b) => b.id))));
    invalidateIdentity(t.deps.db);
    const id = await deptId('项目管理部');
    expect((await create({ parentId: ROOT_DEPT_ID, name: '无按钮' })).statusCode).toBe(403);
    expect((await update({ id, parentId: ROOT_DEPT_ID, name: '无按钮' })).statusCode).toBe(403);
    expect((await remove(id)).statusCode).toBe(403);
    // Reads only need the function point.
    expect((await admin({ method: 'GET', url: fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID }) })).statusCode).toBe(200);
  });
});
