// A small HTTP API described by OpenAPI 3, for the tools tests (issue 15): read an item, create one. It asks for
// an X-API-Key header and records the requests it gets.
import http from 'node:http';
import { listenOnLoopback } from './loopback';

export const API_KEY = 'api-test-key-91c2';

export type TestOpenApi = {
  url: string;
  /** The OpenAPI document (JSON text), its server address this service. */
  spec: string;
  /** `key`: the X-API-Key header the request carried ('' without). */
  requests: { method: string; path: string; body: string; key: string }[];
  close: () => Promise<void>;
};

function documentFor(base: string): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: '资产接口', version: '1.0.0' },
    servers: [{ url: base }],
    paths: {
      '/assets/{id}': {
        get: {
          operationId: 'getAsset', summary: '查询资产',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'fields', in: 'query', schema: { type: 'string' } }],
        },
      },
      '/assets': {
        post: {
          operationId: 'createAsset', summary: '登记资产',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Asset' } } } },
        },
      },
    },
    components: { schemas: { Asset: { type: 'object', properties: { name: { type: 'string' }, owner: { type: 'string' } }, required: ['name'] } } },
  });
}

export async function startTestOpenApi(): Promise<TestOpenApi> {
  const requests: TestOpenApi['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, key: String(req.headers['x-api-key'] ?? '') });
      if (req.headers['x-api-key'] !== API_KEY) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"bad key"}');
      const url = new URL(req.url ?? '/', 'http://x');
      const m = /^\/assets\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        return res.writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: decodeURIComponent(m[1]), name: '笔记本电脑', owner: '张伟', fields: url.searchParams.get('fields') }));
      }
      if (req.method === 'POST' && url.pathname === '/assets') {
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'A-2', ...JSON.parse(body || '{}') }));
      }
      res.writeHead(404).end('not found');
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, spec: documentFor(url), requests, close };
}
