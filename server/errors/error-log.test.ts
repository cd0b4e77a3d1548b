import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_PATHS, type ErrorLogPage } from '../../contract/api';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { bearer, signIn } from '../test-support/http';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';
import { recordError, redact } from './error-log';

let t: TestApp;
const tokens: Record<string, string> = {};
const SECRET_MESSAGE =
  "login failed: password=hunter2 token: abc.def Bearer eyJhbGciOi.payload.sig for 'zhangwei' via postgres://kb:S3cret@db:5432/kb?sslmode=require";

beforeAll(async () => {
  t = await createTestApp({
    register: (app) => {
      app.get('/api/v1/test-only/boom', { config: { access: 'session' } }, async () => {
        throw new Error(SECRET_MESSAGE);
      });
      app.get('/api/v1/test-only/db-down', { config: { access: 'session' } }, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
    },
  });
  for (const u of ['sysadmin', 'secadmin', 'auditadmin']) tokens[u] = await signIn(t.app, u, TEST_ADMIN_PASSWORD);
  tokens.staff = await signIn(t.app, 'staff', TEST_DEMO_PASSWORD);
});
afterAll(() => t.close());

const list = async (query: string, who = 'sysadmin') => {
  const res = await t.app.inject({ method: 'GET', url: `${ERROR_LOG_PATHS.list}?${query}`, headers: bearer(tokens[who]) });
  return { status: res.statusCode, page: res.json().results as ErrorLogPage };
};

describe('错误日志 (issue 17)', () => {
  it('records a 500 with the request id the user was shown, the route without its query, the user, a Chinese summary — and no secrets', async () => {
    const res = await t.app.inject({
      method: 'GET', url: '/api/v1/test-only/boom?password=abc123&q=%E5%90%88%E5%90%8C', headers: bearer(tokens.staff),
    });
    expect(res.statusCode).toBe(500);
    const shown = res.headers['x-request-id'] as string;
    expect(JSON.stringify(res.json())).toContain(shown);
    const { page } = await list(`keyword=${shown}`);
    expect(page.total).toBe(1);
    const [entry] = page.list;
    expect(entry).toMatchObject({
      kind: 'http', kindName: '接口错误', requestId: shown, method: 'GET', route: '/api/v1/test-only/boom', status: 500,
      username: 'staff', summary: '服务内部错误（HTTP 500）',
    });
    const stored = JSON.stringify(entry);
    for (const secret of ['hunter2', 'abc123', 'abc.def', 'eyJhbGciOi', 'S3cret', 'zhangwei', 'sslmode', '合同']) expect(stored).not.toContain(secret);
    expect(entry.detail).toContain('login failed');
  });

  it('calls a database connection failure by its name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-only/db-down', headers: bearer(tokens.staff) });
    expect(res.statusCode).toBe(500);
    const { page } = await list('kind=database');
    expect(page.list[0]).toMatchObject({ kind: 'database', summary: '数据库连接失败，请求未能完成', requestId: res.headers['x-request-id'] });
  });

  it('filters by kind and time, refuses a bad range in Chinese, and exports xlsx', async () => {
    await recordError(t.deps, { kind: 'job', summary: '后台任务失败（knowledge-process，第 3 次尝试后）', detail: 'OCR 超时', route: 'knowledge-process' });
    const jobs = await list('kind=job');
    expect(jobs.page.list.map((e) => e.kindName)).toEqual(['后台任务失败']);
    const future = new Date(t.deps.now().getTime() + 86_400_000).toISOString();
    expect((await list(`startTime=${future}`)).page.total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET', url: `${ERROR_LOG_PATHS.list}?startTime=${future}&endTime=${t.deps.now().toISOString()}`, headers: bearer(tokens.sysadmin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('开始时间不能晚于结束时间');
    const file = await t.app.inject({ method: 'GET', url: ERROR_LOG_PATHS.export, headers: bearer(tokens.sysadmin) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is the system administrator\'s alone', async () => {
    for (const who of ['secadmin', 'auditadmin', 'staff']) {
      expect((await list('', who)).status, who).toBe(403);
      const res = await t.app.inject({ method: 'GET', url: ERROR_LOG_PATHS.export, headers: bearer(tokens[who]) });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('redact', () => {
  it('removes credentials, tokens, connection passwords, queries and quoted values', () => {
    expect(redact('pwd: "x y" api_key=sk-123 Authorization: Basic Zm9v')).toBe('pwd: *** api_key=*** Authorization: *** Zm9v');
    expect(redact('https://u:p@host/a?b=1 done')).toBe('https://***@host/a?*** done');
    expect(redact("value 'secret text' in row")).toBe("value '***' in row");
    expect(redact('insert failed\nparams: 13800138000,张伟')).toBe('insert failed\nparams: ***');
    expect(redact('x'.repeat(900))).toHaveLength(500);
  });
});
