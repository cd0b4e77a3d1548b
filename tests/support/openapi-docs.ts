// A web server that publishes OpenAPI documents, for 从 URL 导入 (issue 27 §6): the document as JSON and as YAML,
// and the ways a document address goes wrong: a redirect, a redirect loop, a redirect to file:// or to the cloud
// metadata address, a document that never finishes, one that never ends, one that declares 50 MB, a Swagger 2
// document, a web page, a 404, and a few hundred bytes of YAML whose aliases expand to a billion nodes. It records every request (path and headers) and how much it wrote.
import http from 'node:http';
import { listenOnLoopback } from './loopback';
import yaml from 'js-yaml';

export type OpenApiDocs = {
  url: string;
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  /** Bytes /endless wrote before the reader hung up, and whether it did. */
  endless: { written: number; closed: boolean };
  close: () => Promise<void>;
};

/**
 * Serves `json` (an OpenAPI 3 document) at /openapi.json and, without its `servers` (relative to the document
 * instead), at /v2/openapi.yaml.
 */
export async function startOpenApiDocs(json: string): Promise<OpenApiDocs> {
  const requests: OpenApiDocs['requests'] = [];
  const endless = { written: 0, closed: false };
  const doc = JSON.parse(json) as Record<string, unknown>;
  const yamlText = `# 资产接口（YAML）\n${yaml.dump({ ...doc, servers: [{ url: '/api' }] })}`;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let bomb = 'openapi: 3.0.3\nx:\n  l0: &l0 [a, a, a, a, a, a, a, a, a, a]\n';
  for (let i = 1; i < 10; i++) bomb += `  l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]\n`;
  bomb += 'paths:\n  /a:\n    get:\n      parameters:\n        - { name: q, in: query, schema: { enum: *l9 } }\n';
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    const redirect = (to: string, status = 302) => res.writeHead(status, { location: to }).end();
    switch (path) {
      case '/openapi.json': return res.writeHead(200, { 'content-type': 'application/json' }).end(json);
      case '/v2/openapi.yaml': return res.writeHead(200, { 'content-type': 'application/yaml; charset=utf-8' }).end(yamlText);
      case '/moved': return redirect('/openapi.json', 301);
      case '/loop': return redirect('/loop');
      case '/to-file': return redirect('file:///etc/passwd');
      case '/to-metadata': return redirect('http://169.254.169.254/latest/meta-data/');
      case '/swagger2': return res.writeHead(200, { 'content-type': 'application/json' }).end('{"swagger":"2.0","paths":{"/a":{"get":{}}}}');
      case '/alias-bomb': return res.writeHead(200, { 'content-type': 'application/yaml' }).end(bomb);
      case '/page': return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Swagger UI</title>');
      case '/slow':
        // The headers and a start, then nothing: only the reader's time limit ends it.
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.write('{"openapi":"3.0.3",');
      case '/declared-huge':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
        return void res.write('{"openapi":"3.0.3",');
      case '/endless': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.on('close', () => (endless.closed = true));
        const pump = () => {
          while (!res.destroyed && endless.written < 64 * 1024 * 1024) {
            endless.written += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        return pump();
      }
      default: return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, requests, endless, close };
}
