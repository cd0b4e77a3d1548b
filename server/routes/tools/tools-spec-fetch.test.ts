// 从 URL 导入 (issue 27 §6) against a real web server on loopback that publishes OpenAPI documents: the server reads
// JSON and YAML, follows a redirect and checks each target again, stops at the time limit and the size cap while
// reading, sends no credential, checks the text as a pasted document, refuses file:// and the addresses the
// outbound rule refuses, and answers 403 to a caller without the 新增工具集 button before anything is read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_PATHS, type ToolSet, type ToolSpecFetchResult } from '../../../contract/api';
import { auditLog } from '../../db/schema';
import { EMPTY_RULE, parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { createOutboundFetch } from '../../tools/outbound-fetch';
import { toolFetch } from '../../tools/sets';
import { fetchOpenApiDocument } from '../../tools/spec-fetch';
import { startOpenApiDocs, type OpenApiDocs } from '../../../tests/support/openapi-docs';
import { startTestOpenApi, type TestOpenApi } from '../../../tests/support/openapi-service';

let t: TestApp;
let api: TestOpenApi;
let docs: OpenApiDocs;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestOpenApi();
  docs = await startOpenApiDocs(api.spec);
  t = await createTestApp({ config: { outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule } });
  for (const u of ['demo', 'staff', 'zhangwei']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  tokens.sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([api?.close(), docs?.close()]);
});

const post = (url: string, user: string, body: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body });
const fetchSpec = (url: string, user = 'zhangwei') => post(TOOL_PATHS.specFetch, user, { url });
const errOf = (res: { json: () => { err_msg?: string }; body: string }) => res.json().err_msg ?? res.body;

describe('从 URL 导入 an OpenAPI document', () => {
  it('reads a JSON document as it was served, with its tools counted, and sends no credential or cookie', async () => {
    const res = await post(TOOL_PATHS.specFetch, 'zhangwei', { url: `${docs.url}/openapi.json?token=abc123` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ToolSpecFetchResult;
    expect(data).toEqual({ spec: api.spec, url: `${docs.url}/openapi.json?token=abc123`, tool_count: 2, base_url: '' });
    const request = docs.requests.at(-1)!;
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers.cookie).toBeUndefined();
    // The audit log names the address without its query (it may carry a token).
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'toolset-spec-fetch'));
    expect(audit).toMatchObject({ actorUsername: 'zhangwei', result: 'success', target: `${docs.url}/openapi.json` });
    expect(JSON.stringify(audit)).not.toContain('abc123');
  });

  it('reads YAML, and a document with a relative server gets its base from where it was read; saving it makes the tools', async () => {
    const res = await fetchSpec(`${docs.url}/v2/openapi.yaml`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ToolSpecFetchResult;
    expect(data.spec).toMatch(/^# 资产接口（YAML）\nopenapi: 3\.0\.3/);
    expect(data).toMatchObject({ tool_count: 2, base_url: `${docs.url}/api` });
    // The fetched text goes through set/add as a pasted one does.
    const added = await post(TOOL_PATHS.setAdd, 'zhangwei', { name: '导入的资产接口', kind: 'openapi', spec: data.spec, url: data.base_url, secrecy: 'public' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data as ToolSet).toMatchObject({ tool_count: 2, refresh_error: '', url: `${docs.url}/api` });
  });

  it('follows a redirect and answers where the document was read in the end', async () => {
    const res = await fetchSpec(`${docs.url}/moved`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ url: `${docs.url}/openapi.json`, tool_count: 2 });
  });

  it('stops after a few redirects, and checks each target as the first address (file://, the metadata address)', async () => {
    const before = docs.requests.filter((r) => r.path === '/loop').length;
    const loop = await fetchSpec(`${docs.url}/loop`);
    expect(loop.statusCode).toBe(502);
    expect(errOf(loop)).toBe('文档地址重定向次数过多（超过 5 次）');
    expect(docs.requests.filter((r) => r.path === '/loop').length - before).toBe(6);
    const toFile = await fetchSpec(`${docs.url}/to-file`);
    expect(toFile.statusCode).toBe(400);
    expect(errOf(toFile)).toBe('文档地址重定向到的地址只支持 http:// 或 https://（不支持 file:）');
    const toMetadata = await fetchSpec(`${docs.url}/to-metadata`);
    expect(toMetadata.statusCode).toBe(400);
    expect(errOf(toMetadata)).toContain('不允许连接该地址（169.254.169.254');
  });

  it('refuses a file:// address, other schemes, a bad address and one with a password, before any request', async () => {
    const before = docs.requests.length;
    const file = await fetchSpec('file:///etc/passwd');
    expect(file.statusCode).toBe(400);
    expect(errOf(file)).toBe('文档地址只支持 http:// 或 https://（不支持 file:）');
    expect(errOf(await fetchSpec('ftp://127.0.0.1/openapi.json'))).toBe('文档地址只支持 http:// 或 https://（不支持 ftp:）');
    expect(errOf(await fetchSpec('openapi.json'))).toBe('文档地址不正确，请填写 http:// 或 https:// 开头的完整地址');
    const withPassword = docs.url.replace('http://', 'http://admin:s3cret@');
    expect(errOf(await fetchSpec(`${withPassword}/openapi.json`))).toBe('文档地址中不能包含用户名或密码');
    expect(docs.requests.length).toBe(before);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'toolset-spec-fetch'));
    expect(JSON.stringify(audits)).not.toContain('s3cret');
  });

  it('stops reading past 1 MB, whether the size is declared or not, and drops the connection', async () => {
    const declared = await fetchSpec(`${docs.url}/declared-huge`);
    expect(declared.statusCode).toBe(502);
    expect(errOf(declared)).toBe('OpenAPI 文档超过 1 MB，未读取');
    const endless = await fetchSpec(`${docs.url}/endless`);
    expect(endless.statusCode).toBe(502);
    expect(errOf(endless)).toBe('OpenAPI 文档超过 1 MB，已停止读取');
    await expect.poll(() => docs.endless.closed).toBe(true);
    // Socket buffers aside, the writer was stopped near the cap, far from the 64 MB it would send.
    expect(docs.endless.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('ends a document that does not finish at the time limit', async () => {
    const started = Date.now();
    await expect(fetchOpenApiDocument(toolFetch(t.deps), `${docs.url}/slow`, 400)).rejects.toMatchObject({
      statusCode: 504, message: '读取 OpenAPI 文档超时（0.4 秒），请检查地址或稍后重试',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('checks the text as a pasted document: not OpenAPI 3, a web page, a 404, an address nobody answers', async () => {
    const swagger = await fetchSpec(`${docs.url}/swagger2`);
    expect(swagger.statusCode).toBe(400);
    expect(errOf(swagger)).toBe('只支持 OpenAPI 3 文档（openapi: 3.x）');
    expect(errOf(await fetchSpec(`${docs.url}/page`))).toContain('该地址返回的是网页（text/html），不是 OpenAPI 文档');
    const missing = await fetchSpec(`${docs.url}/nothing-here.json`);
    expect(missing.statusCode).toBe(502);
    expect(errOf(missing)).toBe('文档地址返回 HTTP 404');
    // A port nobody listens on (the closed one of a server just stopped).
    const gone = await startOpenApiDocs(api.spec);
    await gone.close();
    expect(errOf(await fetchSpec(`${gone.url}/openapi.json`))).toBe('无法连接文档地址：连接被拒绝');
  });

  it('refuses, at once, a small document whose YAML aliases expand to a billion nodes', async () => {
    const started = Date.now();
    const bomb = await fetchSpec(`${docs.url}/alias-bomb`);
    expect(bomb.statusCode).toBe(400);
    expect(errOf(bomb)).toBe('OpenAPI 文档展开引用（$ref 或 YAML 别名）后过大，无法读取');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('applies the outbound rule of tool calls: loopback is refused unless OUTBOUND_ALLOW lists it', async () => {
    const before = docs.requests.length;
    await expect(fetchOpenApiDocument(createOutboundFetch(EMPTY_RULE), `${docs.url}/openapi.json`)).rejects.toMatchObject({
      statusCode: 400, message: expect.stringContaining('OUTBOUND_ALLOW'),
    });
    expect(docs.requests.length).toBe(before);
  });

  it('answers 403 to a caller without the 新增工具集 button, and reads nothing', async () => {
    const before = docs.requests.length;
    for (const user of ['demo', 'staff', 'sysadmin']) expect((await fetchSpec(`${docs.url}/openapi.json`, user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: TOOL_PATHS.specFetch, payload: { url: `${docs.url}/openapi.json` } })).statusCode).toBe(401);
    expect(docs.requests.length).toBe(before);
  });
});
