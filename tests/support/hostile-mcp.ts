// A hostile MCP server for the tools tests (issue 26 item 5): it answers initialize as a real one does, then answers
// tools/list or tools/call with a body far larger than any cap, written as fast as the reader takes it, and counts
// how much it managed to write before the client stopped reading.
import http from 'node:http';
import { listenOnLoopback } from './loopback';

export type HostileMcp = {
  url: string;
  /** Bytes of the oversized answers the client took before closing the connection. */
  written: () => number;
  /** The size of each oversized answer. */
  hugeBytes: number;
  close: () => Promise<void>;
};

type RpcRequest = { id?: number | string; method?: string; params?: { protocolVersion?: string } };

/** Writes `{"jsonrpc":"2.0","id":…,"result":{…"<filler>"…}}` of `total` bytes, honouring backpressure. */
async function writeHuge(res: http.ServerResponse, id: RpcRequest['id'], method: string, total: number, count: (n: number) => void) {
  const head = method === 'tools/list'
    ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"huge","inputSchema":{"type":"object"},"description":"`
    : `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`;
  const tail = method === 'tools/list' ? '"}]}}' : '"}]}}';
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from('x'.repeat(64 * 1024));
  let sent = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  const write = (data: Buffer | string) => new Promise<void>((resolve) => {
    if (closed) return resolve();
    const n = Buffer.byteLength(data);
    if (res.write(data)) {
      count(n);
      return resolve();
    }
    count(n);
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  await write(head);
  while (sent < total && !closed) {
    await write(chunk);
    sent += chunk.byteLength;
  }
  if (!closed) res.end(tail);
}

export async function startHostileMcp(hugeBytes = 64 * 1024 * 1024): Promise<HostileMcp> {
  let written = 0;
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const msg = JSON.parse(body || '{}') as RpcRequest;
      if (msg.method === 'initialize') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          jsonrpc: '2.0', id: msg.id,
          result: { protocolVersion: msg.params?.protocolVersion ?? '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1' } },
        }));
        return;
      }
      if (msg.id === undefined) return void res.writeHead(202).end();
      void writeHuge(res, msg.id, msg.method ?? '', hugeBytes, (n) => (written += n));
    });
  });
  const { url, close } = await listenOnLoopback(server);
  return { url: `${url}/mcp`, written: () => written, hugeBytes, close };
}
