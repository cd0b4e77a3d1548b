import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, signIn } from '../../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('user-detail', () => {
  it('answers profile, roles, clearance, allowed grades, allFunc and allBtn of an ordinary user', async () => {
    const res = await get(`${AUTH_PATHS.userDetail}?token=x&visitorId=fp-1`, demo);
    expect(res.statusCode).toBe(200);
    const { code, message, results } = res.json();
    expect({ code, message }).toEqual({ code: 200, message: '成功' });
    expect(results.user).toMatchObject({ username: 'demo', fullName: '演示用户', roles: [{ name: '研发人员' }] });
    expect(results.clearance).toEqual({ code: 'secret', text: '秘密', rank: 30 });
    expect(results.grades.map((g: { text: string }) => g.text)).toEqual(['公开', '内部', '秘密']);
    expect(results.allFunc).toEqual(['/knowledgeBase', '/knowledgeList', '/chatWindow', '/sqlBase', '/toolsBase', '/toolsList', '/testCase']);
    expect(results.allBtn).toMatchObject({ '/knowledgeList#upload': true, '/chatWindow#upload': true, '/sqlBase#test': true });
    expect(results.allBtn['/sqlBase#delete']).toBeUndefined();
    expect(results.mustChangePassword).toBe(false);
  });

  it('names the user\'s department (个人中心 shows the name, not its id), fresh after a rename', async () => {
    const { results } = (await get(AUTH_PATHS.userDetail, demo)).json();
    expect(results.deptName).toBe('软件研发部');
    const sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
    const dept = (await get(`/api/sysMgr/depts/${results.user.deptId}`, sysadmin)).json().results;
    const rename = await t.app.inject({
      method: 'PUT', url: '/api/sysMgr/depts', headers: bearer(sysadmin),
      payload: { id: dept.id, parentId: dept.parentId, name: '软件研发一部', code: dept.code, sort: dept.sort, remark: dept.remark },
    });
    expect(rename.statusCode).toBe(200);
    expect((await get(AUTH_PATHS.userDetail, demo)).json().results.deptName).toBe('软件研发一部');
  });

  it('gives each system account the management functions of its duty only', async () => {
    const expectations: Record<string, { has: string[]; not: string[] }> = {
      // sysadmin holds 解锁 only to recover secadmin (D24); the server refuses it any other target.
      sysadmin: {
        has: ['/sysMgr/index', '/sysMgr/deptMgr', '/sysMgr/userMgr', '/implConfigMgr/funcMgr', '/sysMgr/deptMgr#add', '/sysMgr/userMgr#unlock',
          // 统计 with the figures of its duty (issue 27 §6).
          '/sysMgr/statistics', '/sysMgr/statistics#export'],
        not: ['/sysMgr/roleMgr', '/sysMgr/logMgr', '/sysMgr/userMgr#clearance'],
      },
      secadmin: {
        has: ['/sysMgr/index', '/sysMgr/roleMgr', '/sysMgr/userMgr#unlock', '/sysMgr/roleMgr#grant', '/sysMgr/statistics', '/sysMgr/statistics#export'],
        not: ['/sysMgr/deptMgr', '/sysMgr/logMgr', '/sysMgr/userMgr#add'],
      },
      auditadmin: { has: ['/sysMgr/index', '/sysMgr/logMgr', '/sysMgr/logMgr#export', '/sysMgr/statistics'], not: ['/sysMgr/userMgr', '/sysMgr/roleMgr'] },
    };
    for (const [username, { has, not }] of Object.entries(expectations)) {
      const token = await signIn(t.app, username, TEST_ADMIN_PASSWORD);
      const { results } = (await get(AUTH_PATHS.userDetail, token)).json();
      const granted = new Set([...results.allFunc, ...Object.keys(results.allBtn)]);
      for (const g of has) expect(granted.has(g), `${username} has ${g}`).toBe(true);
      for (const g of not) expect(granted.has(g), `${username} lacks ${g}`).toBe(false);
      expect(results.allFunc.some((p: string) => ['/knowledgeBase', '/chatWindow'].includes(p))).toBe(false);
    }
  });

  it('refuses bad input: an oversized token query', async () => {
    const res = await get(`${AUTH_PATHS.userDetail}?token=${'t'.repeat(257)}`, demo);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('参数 token 长度不能超过 256');
  });
});

describe('profile, roles, grades, licence', () => {
  it('answers the profile and roles', async () => {
    const profile = (await get(AUTH_PATHS.profile, demo)).json().results;
    expect(profile).toMatchObject({ username: 'demo', fullName: '演示用户', roles: [{ name: '研发人员' }] });
    expect(typeof profile.deptId).toBe('number');
    expect((await get(AUTH_PATHS.myRoles, demo)).json().results).toEqual([{ id: expect.any(Number), name: '研发人员' }]);
  });

  it('answers the grades up to the clearance', async () => {
    const staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
    expect((await get(AUTH_PATHS.grades, staff)).json().results).toEqual({
      allowed: ['public', 'internal'],
      lowest: 'public',
      map: { public: '公开', internal: '内部' },
      list: [{ code: 'public', text: '公开', rank: 10 }, { code: 'internal', text: '内部', rank: 20 }],
    });
  });

  it('answers the licence to the system administrator, who sees it in 人员管理, and 403 to everyone else', async () => {
    const sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
    const res = (await get(AUTH_PATHS.license, sysadmin)).json();
    expect(res.results).toEqual({ licensedUsers: 100, usedUsers: 5, expiresAt: null, expired: false });
    for (const username of ['secadmin', 'auditadmin']) {
      const refused = await get(AUTH_PATHS.license, await signIn(t.app, username, TEST_ADMIN_PASSWORD));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 10011041, message: '没有权限执行此操作', results: null });
    }
    const ordinary = await get(AUTH_PATHS.license, demo);
    expect(ordinary.statusCode).toBe(403);
    expect(ordinary.json().code).toBe(10011041);
  });
});

describe('account-strategy/validate', () => {
  const validate = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: AUTH_PATHS.validate, headers: bearer(token), payload: payload as object });

  it('tells whether the password must change and whether the account is locked', async () => {
    const res = await validate(demo, { username: 'demo' });
    expect(res.json()).toEqual({
      code: 200, message: '成功',
      results: { mustChangePassword: false, locked: false, lockedUntil: null, passwordMinLength: 8 },
    });
  });

  it('only for the caller’s own account', async () => {
    const res = await validate(demo, { username: 'staff' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('只能查询本人账号');
  });

  it.each([
    ['missing', {}, '参数 username 不能为空'],
    ['empty', { username: '' }, '参数 username 不能为空'],
    ['wrong type', { username: {} }, '参数 username 类型错误，应为字符串'],
    ['oversized', { username: 'u'.repeat(65) }, '参数 username 长度不能超过 64'],
  ])('refuses bad input (%s)', async (_n, payload, message) => {
    const res = await validate(demo, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, results: null });
  });
});
