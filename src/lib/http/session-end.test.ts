import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../contract/api/runtime';
import { installFakeServer, type FakeReply, type FakeRequest } from '../../test/fake-adapter';
import { fakeNotifier } from '../../test/fake-notifier';
import { setNavigator } from '../navigation';
import { getToken, setToken, setUserInfo } from '../storage';
import { http } from './client';

let toasts: ReturnType<typeof fakeNotifier>;
let restoreNavigator: () => void;
let restoreServer: (() => void) | undefined;
let logouts: FakeRequest[];

function answer(reply: FakeReply) {
  logouts = [];
  restoreServer = installFakeServer({
    'GET /api/sysMgr/users': reply,
    'POST /api/sysMgr/users': reply,
    [`POST ${AUTH_PATHS.logout}`]: (config) => {
      logouts.push(config);
      return { status: 200, data: { code: 200, message: '成功', results: null } };
    },
  }).restore;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  toasts = fakeNotifier();
  restoreNavigator = setNavigator(() => undefined);
  window.location.hash = '#/knowledgeBase';
  setToken('t-held');
  setUserInfo({ id: 7, fullName: '演示用户', username: 'demo', deptId: 1, roles: [] });
});

afterEach(() => {
  toasts.restore();
  restoreNavigator();
  restoreServer?.();
});

describe('a session the client ends is ended at the server too (D92)', () => {
  it('a 403 sign-out calls logout with the old token and the reason, after clearing storage', async () => {
    answer({ status: 403, data: { code: 10011041, message: '没有权限执行此操作', results: null } });
    await http.get('/api/sysMgr/users').catch(() => undefined);
    await settle();
    expect(getToken()).toBeNull();
    expect(logouts).toHaveLength(1);
    expect(logouts[0].headers.get('Authorization')).toBe('Bearer t-held');
    expect(JSON.parse(String(logouts[0].data))).toEqual({ username: 'demo', reason: 'forbidden' });
  });

  it('a 401 sign-out tells the server as well, once, however many calls were refused', async () => {
    answer({ status: 401, data: { code: 10011039, message: 'x', results: null } });
    await Promise.all([http.get('/api/sysMgr/users'), http.get('/api/sysMgr/users')].map((p) => p.catch(() => undefined)));
    await settle();
    expect(logouts).toHaveLength(1);
    expect(JSON.parse(String(logouts[0].data))).toMatchObject({ reason: 'expired' });
  });
});

describe('an action lost to an ended session says why (D92)', () => {
  it('a change refused with 401 says it was not done', async () => {
    answer({ status: 401, data: { code: 10011039, message: 'x', results: null } });
    await http.post('/api/sysMgr/users', { name: 'x' }).catch(() => undefined);
    expect(toasts.error).toHaveBeenCalledWith('登录信息无效，请重新登录（刚才的操作未能完成，登录后请再试一次）', 5, 'session-end');
  });

  it('a read refused with 401 keeps the plain message of spec §8', async () => {
    answer({ status: 401, data: { code: 10011039, message: 'x', results: null } });
    await http.get('/api/sysMgr/users').catch(() => undefined);
    expect(toasts.error).toHaveBeenCalledWith('登录信息无效，请重新登录', 5, 'session-end');
  });
});
