import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '../../../contract/api/runtime';
import { installFakeServer, type FakeReply } from '../../test/fake-adapter';
import { fakeNotifier } from '../../test/fake-notifier';
import { setNavigator } from '../navigation';
import { getToken, setToken, setUserInfo } from '../storage';
import { http } from './client';
import { ApiError } from './errors';

let toasts: ReturnType<typeof fakeNotifier>;
let visited: string[];
let restoreNavigator: () => void;
let restoreServer: (() => void) | undefined;

function answer(reply: FakeReply) {
  restoreServer = installFakeServer({ 'GET /api/sysMgr/users': reply, 'GET /api/v1/chat/db/list': reply }).restore;
}

async function failure(url = '/api/sysMgr/users'): Promise<ApiError> {
  const error = await http.get(url).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  toasts = fakeNotifier();
  visited = [];
  restoreNavigator = setNavigator((to) => visited.push(to));
  window.location.hash = '#/knowledgeBase?space=1';
  setToken('t-1');
  setUserInfo({ id: 7, fullName: '演示用户', username: 'demo', deptId: 1, roles: [] });
});

afterEach(() => {
  toasts.restore();
  restoreNavigator();
  restoreServer?.();
});

describe('session-ending answers (10011039, 401, 403)', () => {
  it.each([
    ['401 status', { status: 401, data: { code: 10011039, message: 'x', results: null } }, STATUS_MESSAGES[401]],
    ['401 without body', { status: 401 }, '登录信息无效，请重新登录'],
    ['403 status', { status: 403, data: { code: 10011041, message: '无权限', results: null } }, '登录已过期，请重新登录'],
    ['10011039 in a 200 platform envelope', { status: 200, data: { code: 10011039, message: 'x', results: null } }, '登录信息无效，请重新登录'],
    ['10011039 in a 200 AI envelope', { status: 200, data: { success: false, err_code: '10011039', err_msg: 'x', data: null } }, '登录信息无效，请重新登录'],
  ] as const)('%s: error toast 5 s, storage cleared, /login with the redirect', async (_name, reply, text) => {
    answer(reply);
    const error = await failure();
    expect(error.message).toBe(text);
    expect(toasts.error).toHaveBeenCalledWith(text, 5, 'session-end');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(visited).toEqual([`/login?redirect=${encodeURIComponent('/knowledgeBase?space=1')}`]);
  });

  it('does not add a redirect when the session ends on the login page itself', async () => {
    window.location.hash = '#/login';
    answer({ status: 401 });
    await failure();
    expect(visited).toEqual([]);
    expect(getToken()).toBeNull();
  });
});

describe('failed statuses', () => {
  it.each([
    [404, '请求的资源不存在'],
    [400, '请求错误'],
    [413, '请求内容过大'],
    [500, '后端服务异常，请联系管理员'],
    [0, '后端服务异常，请联系管理员'],
    [503, '服务未启动'],
    [504, '请求超时'],
    [418, '系统接口418异常'],
  ])('status %i without a server message shows %s for 5 s and rejects', async (status, text) => {
    answer({ status });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'status', status, message: text });
    expect(toasts.error).toHaveBeenCalledWith(text, 5);
    expect(getToken()).toBe('t-1');
    expect(visited).toEqual([]);
  });

  it.each([400, 404, 413, 500, 503, 504, 409])('status %i shows the server message when there is one', async (status) => {
    answer({ status, data: { code: status, message: '部门名称已存在', results: null } });
    expect((await failure()).message).toBe('部门名称已存在');
    expect(toasts.error).toHaveBeenCalledWith('部门名称已存在', 5);
  });

  it('names the request id of a server error, which finds its entry in 错误日志 (issue 27 §6)', async () => {
    answer({ status: 500, data: { code: 500, message: '服务内部错误', results: null, requestId: 'req-7f3a' } });
    expect((await failure()).message).toBe('服务内部错误（错误编号：req-7f3a）');
    expect(toasts.error).toHaveBeenCalledWith('服务内部错误（错误编号：req-7f3a）', 5);
    // A refusal the user can act on (4xx) is shown as the server wrote it.
    answer({ status: 400, data: { code: 400, message: '部门名称已存在', results: null, requestId: 'req-1' } });
    expect((await failure()).message).toBe('部门名称已存在');
  });

  it('reads err_msg of the AI family', async () => {
    answer({ status: 500, data: { success: false, err_code: 'E500', err_msg: '模型服务异常', data: null } });
    expect((await failure('/api/v1/chat/db/list')).message).toBe('模型服务异常');
  });

  it('rejects a 200 answer whose envelope reports failure', async () => {
    answer({ status: 200, data: { success: false, err_code: 'E400', err_msg: '参数错误', data: null } });
    const error = await failure('/api/v1/chat/db/list');
    expect(error).toMatchObject({ status: 400, message: '参数错误' });
  });
});

describe('transport failures', () => {
  it('Network Error becomes 后端接口连接异常', async () => {
    answer({ network: true });
    expect(await failure()).toMatchObject({ kind: 'network', message: '后端接口连接异常' });
    expect(toasts.error).toHaveBeenCalledWith('后端接口连接异常', 5);
  });

  it('a timeout becomes 系统接口请求超时', async () => {
    answer({ timeout: true });
    expect(await failure()).toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    expect(toasts.error).toHaveBeenCalledWith('系统接口请求超时', 5);
  });

  it('a cancelled call becomes 请求已取消 without a toast', async () => {
    answer({ status: 200, data: { code: 200, message: '成功', results: [] } });
    const controller = new AbortController();
    controller.abort();
    const error = await http.get('/api/sysMgr/users', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'cancel', message: '请求已取消' });
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('requests', () => {
  it('carry the Bearer token, JSON and the 600000 ms timeout', async () => {
    const server = installFakeServer({ 'GET /api/sysMgr/users': { status: 200, data: { code: 200, message: '成功', results: [] } } });
    restoreServer = server.restore;
    await http.get('/api/sysMgr/users');
    const [config] = server.calls;
    expect(config.headers.get('Authorization')).toBe('Bearer t-1');
    expect(String(config.headers.get('Content-Type'))).toContain('application/json');
    expect(config.timeout).toBe(600000);
  });

  it('silent calls do not toast their failures, nor end the session on another token than the held one', async () => {
    answer({ status: 401 });
    const other = { headers: { Authorization: 'Bearer another' }, silent: true };
    await http.get('/api/sysMgr/users', other).catch(() => undefined);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(getToken()).toBe('t-1');
    answer({ status: 500 });
    await http.get('/api/sysMgr/users', { silent: true }).catch(() => undefined);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('a silent call refused on the held session ends it all the same (D92)', async () => {
    answer({ status: 401 });
    await http.get('/api/sysMgr/users', { silent: true }).catch(() => undefined);
    expect(getToken()).toBeNull();
  });
});
