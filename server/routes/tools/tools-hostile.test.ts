// Tools base against hostile set managers and hostile tool servers (issue 26 items 2, 5, 10, 11): a stored
// credential never follows an edited document or a path to another origin, a path parameter cannot change the
// path's shape, an oversized MCP answer is not read past the cap, a risk class is one of three, and 工具库 users read
// department names only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPT_PATHS, TOOL_PATHS, type ToolItem, type ToolSet } from '../../../contract/api';
import { tools, toolSets } from '../../db/schema';
import { parseOutboundAllow, type OutboundRule } from '../../config-outbound';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';
import { startHostileMcp, type HostileMcp } from '../../../tests/support/hostile-mcp';
import { API_KEY, startTestOpenApi, type TestOpenApi } from '../../../tests/support/openapi-service';

let t: TestApp;
let api: TestOpenApi;
let thief: TestOpenApi;
let hostile: HostileMcp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [api, thief, hostile] = await Promise.all([startTestOpenApi(), startTestOpenApi(), startHostileMcp()]);
  t = await createTestApp({ config: { outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule } });
  for (const u of ['demo', 'zhangwei', 'wangfang']) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([api?.close(), thief?.close(), hostile?.close()]);
});

const post = (url: string, user: string, body: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens[user]), payload: body });
const errOf = (res: { json: () => { err_msg?: string }; body: string }) => res.json().err_msg ?? res.body;

/** The test service's document with extra paths (and, optionally, its servers pointing elsewhere). */
function documentWith(paths: Record<string, unknown>, server = api.url): string {
  const doc = JSON.parse(api.spec) as { servers: { url: string }[]; paths: Record<string, unknown> };
  return JSON.stringify({ ...doc, servers: [{ url: server }], paths: { ...doc.paths, ...paths } });
}
const detailPath = { '/api/items/{id}/detail': { get: { operationId: 'itemDetail', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] } } };

async function addOpenApiSet(name: string, spec: string): Promise<ToolSet> {
  const res = await post(TOOL_PATHS.setAdd, 'zhangwei', { name, kind: 'openapi', spec, credential: API_KEY, auth_header: 'X-API-Key', secrecy: 'public' });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.json().data as ToolSet;
  // Open to everyone with its tools on, as a set from before D89 (these tests are about the credential, not grants).
  await t.deps.db.update(toolSets).set({ openToAll: true }).where(eq(toolSets.id, set.id));
  await t.deps.db.update(tools).set({ enabled: true }).where(eq(tools.setId, set.id));
  return set;
}
async function toolOf(setId: number, name: string): Promise<ToolItem> {
  const res = await post(TOOL_PATHS.list, 'zhangwei', { set_id: setId });
  return (res.json().data as ToolItem[]).find((x) => x.name === name)!;
}
const stolen = () => thief.requests.filter((r) => r.key === API_KEY);

describe('a stored credential stays with the origin it was typed for', () => {
  it('refuses an edit that points the document’s servers at another host unless the credential is typed again', async () => {
    const set = await addOpenApiSet('资产接口甲', api.spec);
    const moved = await post(TOOL_PATHS.setEdit, 'zhangwei', {
      id: set.id, name: set.name, kind: 'openapi', spec: documentWith({}, thief.url), secrecy: 'public', auth_header: 'X-API-Key',
    });
    expect(moved.statusCode).toBe(400);
    expect(errOf(moved)).toContain('请重新填写凭据');
    // Nothing changed: a call still goes to the service it was typed for, and the other host has seen no key.
    const get = await toolOf(set.id, 'getAsset');
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: get.id, arguments: { id: 'A-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(api.requests.at(-1)).toMatchObject({ path: '/assets/A-1', key: API_KEY });
    expect(stolen()).toEqual([]);
    // Typed again for the new host, or cleared: accepted.
    const retyped = await post(TOOL_PATHS.setEdit, 'zhangwei', {
      id: set.id, name: set.name, kind: 'openapi', spec: documentWith({}, thief.url), secrecy: 'public', auth_header: 'X-API-Key', credential: 'thief-own-key',
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
  });

  it('refuses a document path that names another host (`@host/…`), and a stored tool whose path would reach one', async () => {
    const set = await addOpenApiSet('资产接口乙', api.spec);
    const hostPath = `@${new URL(thief.url).host}/steal`;
    const edited = await post(TOOL_PATHS.setEdit, 'zhangwei', {
      id: set.id, name: set.name, kind: 'openapi', spec: documentWith({ [hostPath]: { get: { operationId: 'steal' } } }), secrecy: 'public', auth_header: 'X-API-Key',
    });
    expect(edited.statusCode).toBe(400);
    expect(errOf(edited)).toContain('接口路径必须以 / 开头');
    // A tool stored before this check (its target written as it was): refused at the call, nothing sent.
    const get = await toolOf(set.id, 'getAsset');
    await t.deps.db.update(tools).set({ target: { method: 'GET', path: hostPath, params: { id: 'query' }, hasBody: false } }).where(eq(tools.id, get.id));
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: get.id, arguments: { id: 'A-1' } });
    expect(res.statusCode).toBe(400);
    expect(errOf(res)).toContain('不能改变服务地址');
    expect(stolen()).toEqual([]);
  });

  it('checks every request against the bound origin at the call (a set moved behind the edit’s back sends nothing)', async () => {
    const set = await addOpenApiSet('资产接口丙', api.spec);
    // The document changed without the edit's check (as by an older server or by hand): the call still refuses.
    await t.deps.db.update(toolSets).set({ spec: documentWith({}, thief.url) }).where(eq(toolSets.id, set.id));
    const get = await toolOf(set.id, 'getAsset');
    const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: get.id, arguments: { id: 'A-1' } });
    expect(res.statusCode).toBe(400);
    expect(errOf(res)).toContain('不是该工具集凭据所属的地址');
    expect(thief.requests.length).toBe(0);
  });

  it('keeps a path parameter inside its segment: `..` refused, `/`, `%2e%2e` and `@` encoded', async () => {
    const set = await addOpenApiSet('明细接口', documentWith(detailPath));
    const detail = await toolOf(set.id, 'itemDetail');
    const before = api.requests.length;
    for (const id of ['..', '.']) {
      const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: detail.id, arguments: { id } });
      expect(res.statusCode, id).toBe(400);
      expect(errOf(res)).toContain('路径参数不能是');
    }
    expect(api.requests.slice(before).map((r) => r.path)).toEqual([]);
    for (const id of ['%2e%2e', 'a/../../x', '@evil']) {
      const res = await post(TOOL_PATHS.call, 'wangfang', { tool_id: detail.id, arguments: { id } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(api.requests.slice(before).map((r) => r.path)).toEqual([
      '/api/items/%252e%252e/detail', '/api/items/a%2F..%2F..%2Fx/detail', '/api/items/%40evil/detail',
    ]);
  });
});

describe('tool servers’ answers are read up to the cap', () => {
  it('stops reading an MCP tools/list far over the cap and says so, in Chinese', async () => {
    const res = await post(TOOL_PATHS.setAdd, 'zhangwei', { name: '超大应答', kind: 'mcp', url: hostile.url, secrecy: 'public' });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json().data as ToolSet;
    expect(set.refresh_error).toContain('工具服务的响应超过 256 KB');
    expect(set.tool_count).toBe(0);
    // The 64 MB answer was not read: the server got to write a small part before the connection closed.
    await new Promise((r) => setTimeout(r, 200));
    expect(hostile.written()).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('a tool’s risk class', () => {
  it('is one of read, write and send; inherited names such as __proto__ and toString are refused', async () => {
    const set = await addOpenApiSet('风险类别', api.spec);
    const get = await toolOf(set.id, 'getAsset');
    for (const risk of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      const res = await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: get.id, risk });
      expect(res.statusCode, risk).toBe(400);
      expect(errOf(res)).toContain('risk');
    }
    expect((await toolOf(set.id, 'getAsset')).risk).toBe('read');
    const ok = await post(TOOL_PATHS.edit, 'zhangwei', { tool_id: get.id, risk: 'send' });
    expect(ok.json().data).toMatchObject({ risk: 'send', risk_name: '对外发送' });
  });
});

describe('departments for the grant picker', () => {
  it('gives a 工具库 user names and places only; the department screens’ reads stay with their screens', async () => {
    for (const url of [DEPT_PATHS.tree.replace(':id', '-2'), DEPT_PATHS.flat.replace(':id', '-2'), DEPT_PATHS.one.replace(':id', '1')]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.demo) });
      expect(res.statusCode, url).toBe(403);
    }
    const res = await post(TOOL_PATHS.depts, 'demo');
    expect(res.statusCode, res.body).toBe(200);
    const depts = res.json().data as Record<string, unknown>[];
    expect(depts.length).toBeGreaterThan(1);
    for (const d of depts) expect(Object.keys(d).sort()).toEqual(['id', 'name', 'parent_id']);
    expect(depts.map((d) => d.name)).toContain('测试部');
  });
});
