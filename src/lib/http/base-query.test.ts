import { afterEach, describe, expect, it } from 'vitest';
import { installFakeServer, type FakeReply } from '../../test/fake-adapter';
import { fakeNotifier } from '../../test/fake-notifier';
import { httpBaseQuery } from './base-query';

let cleanup: Array<() => void> = [];
afterEach(() => {
  cleanup.forEach((f) => f());
  cleanup = [];
});

function serve(routes: Record<string, FakeReply>) {
  const server = installFakeServer(routes);
  const toasts = fakeNotifier();
  cleanup.push(server.restore, toasts.restore);
  return server;
}

const run = (args: Parameters<ReturnType<typeof httpBaseQuery>>[0]) =>
  httpBaseQuery()(args, { signal: new AbortController().signal } as never, {});

describe('RTK Query base query', () => {
  it('resolves the results of a management answer', async () => {
    serve({ 'GET /api/sysMgr/depts/tree/-2': { status: 200, data: { code: 200, message: '成功', results: [{ id: -2 }] } } });
    expect(await run({ url: '/api/sysMgr/depts/tree/-2' })).toEqual({ data: [{ id: -2 }] });
  });

  it('resolves the data of an AI answer', async () => {
    serve({ 'GET /api/v1/chat/db/list': { status: 200, data: { success: true, err_code: null, err_msg: null, data: ['db1'] } } });
    expect(await run({ url: '/api/v1/chat/db/list' })).toEqual({ data: ['db1'] });
  });

  it('returns the raw body when asked', async () => {
    serve({ 'GET /api/v1/chat/db/list': { status: 200, data: { success: true, err_code: null, err_msg: null, data: [] } } });
    expect(await run({ url: '/api/v1/chat/db/list', raw: true })).toEqual({
      data: { success: true, err_code: null, err_msg: null, data: [] },
    });
  });

  it('resolves { error } instead of throwing', async () => {
    serve({ 'POST /api/sysMgr/depts': { status: 400, data: { code: 400, message: '部门名称已存在', results: null } } });
    const result = await run({ url: '/api/sysMgr/depts', method: 'POST', data: { name: 'x' } });
    expect(result).toEqual({
      error: { kind: 'status', status: 400, message: '部门名称已存在', body: { code: 400, message: '部门名称已存在', results: null } },
    });
  });
});
