import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import { AUTH_PATHS, familyOf } from '../contract/api';
import { buildApp, type App } from './app';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from './test-support/test-app';
import { bearer, signIn, tokenUrl } from './test-support/http';
import { TEST_DEMO_PASSWORD } from './test-support/test-config';

const routes: RouteOptions[] = [];
let tdb: TestDatabase;
let app: App;
let token: string;
const logLines: string[] = [];
const LEFTOVERS: Record<string, string> = {
  'knowledge/1/kept.pdf': '%PDF', 'knowledge/1/cut.pdf.part': 'x',
  'chat/1/kept.xlsx': 'PK', 'chat/1/cut.xlsx.part': 'x', 'chat/1/table.source.csv': 'a,b',
  '.incoming/0b8f-upload.part': 'x',
};

beforeAll(async () => {
  tdb = await openTestDatabase({ label: 'app' });
  const webDist = path.join(tdb.dataDir, 'web');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>知识库</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What a crash left: files half written (knowledge, chat) and an upload half received, beside files to keep.
  for (const [file, body] of Object.entries(LEFTOVERS)) {
    fs.mkdirSync(path.dirname(path.join(tdb.config.filesDir, file)), { recursive: true });
    fs.writeFileSync(path.join(tdb.config.filesDir, file), body);
  }
  app = await buildApp({
    config: { ...tdb.config, logLevel: 'info', webDist, corsOrigins: ['https://kb.example.com'], allowDesktopOrigin: true, bodyLimitBytes: 1024 * 1024 },
    db: tdb.database,
    logStream: { write: (line) => void logLines.push(line) },
    onRoute: (r) => void routes.push(r),
  });
  app.get('/api/sysMgr/test-only/boom', {
    config: { access: 'public' }, schema: { querystring: Type.Object({}), response: { 200: Type.Object({}) } },
  }, async () => {
    throw new Error('secret internals: SELECT * FROM users');
  });
  app.get('/api/sysMgr/test-only/db-boom', {
    config: { access: 'public' }, schema: { querystring: Type.Object({ v: Type.String() }), response: { 200: Type.Object({}) } },
  }, async (request) => {
    // A database error carrying the request's value, as a handler bug would make one.
    await tdb.database.db.execute(sql`select ${request.query.v}::integer`);
    return {};
  });
  token = await signIn(app, 'demo', TEST_DEMO_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await tdb.database.close();
  await tdb.drop();
});

describe('start', () => {
  it('removes what a crash left half written before it serves (D82), and keeps the stored files', () => {
    const left = Object.keys(LEFTOVERS).filter((file) => fs.existsSync(path.join(tdb.config.filesDir, file)));
    expect(left).toEqual(['knowledge/1/kept.pdf', 'chat/1/kept.xlsx']);
  });
});

describe('route inventory', () => {
  it('every route declares config.access and schemas for query/params/body/response', () => {
    const own = routes.filter((r) => !(r.method === 'OPTIONS' && r.url === '*'));
    expect(own.length).toBeGreaterThan(10);
    for (const r of own) {
      const name = `${String(r.method)} ${r.url}`;
      const config = r.config as { access?: string } | undefined;
      expect(['public', 'session', 'business', 'duty'], name).toContain(config?.access);
      expect(r.schema?.response, `${name} response schema`).toBeDefined();
      expect(Object.keys(r.schema?.response as object).some((k) => k.startsWith('2')), `${name} 2xx schema`).toBe(true);
      const methods = ([] as string[]).concat(r.method);
      if (methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m))) expect(r.schema?.body, `${name} body schema`).toBeDefined();
      else expect(r.schema?.querystring ?? r.schema?.params, `${name} query schema`).toBeDefined();
      if (r.url.includes(':') || r.url.includes('*')) expect(r.schema?.params, `${name} params schema`).toBeDefined();
      if (familyOf(r.url) === 'ai') expect(config?.access, `${name} is business`).toBe('business');
    }
  });

  it('the session calls a must-change session may make are exactly those of D2', () => {
    const allowed = routes.filter((r) => (r.config as { allowDuringPasswordChange?: boolean })?.allowDuringPasswordChange)
      .map((r) => r.url);
    expect(new Set(allowed)).toEqual(new Set([
      AUTH_PATHS.validate, AUTH_PATHS.userDetail, AUTH_PATHS.profile, AUTH_PATHS.myRoles, AUTH_PATHS.grades,
      AUTH_PATHS.password, AUTH_PATHS.logout,
    ]));
  });
});

describe('envelopes and limits', () => {
  it('answers 404 in the family of the path', async () => {
    const sysMgr = await app.inject({ method: 'GET', url: '/api/sysMgr/nothing-here' });
    expect(sysMgr.statusCode).toBe(404);
    expect(sysMgr.json()).toEqual({ code: 404, message: '请求的资源不存在', results: null });
    const ai = await app.inject({ method: 'POST', url: '/knowledge/nothing/here' });
    expect(ai.json()).toEqual({ success: false, err_code: 'E404', err_msg: '请求的资源不存在', data: null });
  });

  it('answers 413 in the envelope when the body passes BODY_LIMIT_BYTES', async () => {
    const res = await app.inject({
      method: 'POST', url: AUTH_PATHS.logout, headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: '请求内容过大', results: null });
  });

  it('answers 400 for malformed JSON without echoing it, and refuses __proto__', async () => {
    const headers = { ...bearer(token), 'content-type': 'application/json' };
    const bad = await app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers, payload: '{"username": "de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, message: '请求体不是有效的 JSON', results: null });
    const proto = await app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers, payload: '{"username":"demo","__proto__":{"x":1}}' });
    expect(proto.statusCode).toBe(400);
  });

  it('answers 500 with a generic body and a request id, never the error itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sysMgr/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ code: 500, message: '后端服务异常，请联系管理员', results: null, requestId: expect.any(String) });
    expect(res.headers['x-request-id']).toBe(body.requestId);
    expect(res.body).not.toContain('SELECT');
  });

  it('logs a server error with its request id and route, never the values the request carried (issue 11)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sysMgr/test-only/db-boom?v=VALUE-7431-geheim' });
    expect(res.statusCode).toBe(500);
    const line = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed' && l.requestId === res.json().requestId);
    expect(line).toMatchObject({ route: '/api/sysMgr/test-only/db-boom', err: { type: expect.any(String), cause: { db: { code: '22P02' } } } });
    const failed = logLines.filter((l) => l.includes(res.json().requestId) && (JSON.parse(l) as { level: number }).level >= 50);
    expect(failed.length).toBeGreaterThan(0);
    for (const l of failed) expect(l).not.toContain('VALUE-7431-geheim');
  });
});

describe('headers', () => {
  it('sets the security headers and no-store on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: AUTH_PATHS.profile, headers: bearer(token) });
    const csp = String(res.headers['content-security-policy']);
    for (const d of ["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
      "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('allows CORS only from the allow-list (plus app://kb when enabled), never reflected, never null', async () => {
    const origin = async (o: string) => (await app.inject({ method: 'GET', url: '/healthz', headers: { origin: o } })).headers['access-control-allow-origin'];
    expect(await origin('https://kb.example.com')).toBe('https://kb.example.com');
    expect(await origin('app://kb')).toBe('app://kb');
    expect(await origin('https://evil.example.com')).toBeUndefined();
    expect(await origin('null')).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS', url: AUTH_PATHS.profile,
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the web app: index.html revalidated, hashed assets cached, API paths never', async () => {
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('知识库');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/../package.json' })).statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('never contain a password, a token or the sign-in query string', async () => {
    const before = logLines.length;
    const password = TEST_DEMO_PASSWORD;
    const t2 = await signIn(app, 'demo', password);
    await app.inject({ method: 'GET', url: tokenUrl('demo', 'Wrong-Password-Zz9') });
    await app.inject({ method: 'GET', url: `${AUTH_PATHS.userDetail}?token=${t2}&visitorId=fp`, headers: bearer(t2) });
    await app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: bearer(t2), payload: { username: 'demo' } });
    const text = logLines.slice(before).join('');
    expect(text).toContain(AUTH_PATHS.token);
    expect(text).toContain('incoming request');
    for (const secret of [password, 'Wrong-Password-Zz9', t2, 'grant_type', 'Bearer']) expect(text).not.toContain(secret);
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('healthz is 200 when alive; readyz is 200 when the database answers and 503 when it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const broken = await buildApp({
      config: t.config,
      db: { ...t.database, ping: async () => Promise.reject(new Error('connection refused')) },
    });
    const res = await broken.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, message: '数据库不可用', results: null });
    expect((await broken.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await broken.close();
  });

  it('finishes in-flight requests on close and answers 503 in the envelope to new ones', async () => {
    const slow = await buildApp({ config: t.config, db: t.database });
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      slow.get('/api/sysMgr/test-only/slow', {
        config: { access: 'public' }, schema: { querystring: Type.Object({}), response: { 200: Type.Object({ done: Type.Boolean() }) } },
      }, async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
        return { done: true };
      });
    });
    await slow.listen({ host: '127.0.0.1', port: 0 });
    const { port } = slow.server.address() as AddressInfo;
    // One keep-alive connection: the slow request is in flight, the second arrives after close() began.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/sysMgr/test-only/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await started;
    const closing = slow.close();
    await new Promise((r) => setTimeout(r, 50));
    socket.write('GET /api/sysMgr/home-page/profile HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((r) => setTimeout(r, 50));
    release();
    await ended;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toContain(JSON.stringify({ code: 503, message: '服务未启动', results: null }));
    await closing;
  });
});
