// A small MCP server for the tools tests (issue 15), over Streamable HTTP on loopback, stateless: each request
// gets its own server and transport. It asks for a bearer token, and offers tools of each risk class, a slow one
// and one with a large answer. Every call it receives is recorded, so a test can prove a call never arrived.
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { listenOnLoopback } from './loopback';
import { answerStateless } from './mcp-http';

export const MCP_TOKEN = 'mcp-test-token-7f3a';

export type TestMcp = {
  url: string;
  /**
   * Calls received: tool name and arguments, the authorization header each came with, and when the request carrying
   * the call arrived and its response was written (performance.now() of this process; bench/tools.mjs reads them).
   */
  calls: { name: string; args: Record<string, unknown>; authorization: string; arrived: number; answered: number }[];
  close: () => Promise<void>;
};

const TOOLS = [
  {
    name: 'lookup_order',
    description: '按订单号查询订单状态',
    inputSchema: { type: 'object', properties: { order_id: { type: 'string', description: '订单号' } }, required: ['order_id'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'create_ticket',
    description: '创建工单',
    inputSchema: { type: 'object', properties: { title: { type: 'string' }, priority: { type: 'integer', minimum: 1, maximum: 4 } }, required: ['title'] },
  },
  {
    name: 'send_mail',
    description: '向外部邮箱发送邮件',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } }, required: ['to', 'body'] },
    annotations: { readOnlyHint: false, openWorldHint: true },
  },
  {
    name: 'slow_report',
    description: '生成一份耗时的报表',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'big_export',
    description: '导出大量数据',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
];

/** `arrived`: when the HTTP request carrying the call came in (the SDK's own work on it is the tool's time). */
function serverFor(calls: TestMcp['calls'], authorization: string, arrived: number): Server {
  const server = new Server({ name: 'test-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push({ name: request.params.name, args, authorization, arrived, answered: 0 });
    return answer(request.params.name, args);
  });
  return server;
}

async function answer(name: string, args: Record<string, unknown>) {
  {
    switch (name) {
      case 'lookup_order':
        return { content: [{ type: 'text', text: `订单 ${String(args.order_id)}：已发货，预计 2 天送达` }] };
      case 'create_ticket':
        return { content: [{ type: 'text', text: `已创建工单「${String(args.title)}」，编号 T-1001` }] };
      case 'send_mail':
        return { content: [{ type: 'text', text: `已发送至 ${String(args.to)}` }] };
      case 'slow_report':
        await new Promise((r) => setTimeout(r, Number(args.ms ?? 2000)));
        return { content: [{ type: 'text', text: '报表已生成' }] };
      case 'big_export':
        return { content: [{ type: 'text', text: '数据行，'.repeat(200_000) }] };
      default:
        return { content: [{ type: 'text', text: `未知工具：${name}` }], isError: true };
    }
  }
}

/** Starts the server on a free loopback port. */
export async function startTestMcp(): Promise<TestMcp> {
  const calls: TestMcp['calls'] = [];
  const httpServer = http.createServer((req, res) => {
    const authorization = req.headers.authorization ?? '';
    if (authorization !== `Bearer ${MCP_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const before = calls.length;
    const server = serverFor(calls, authorization, performance.now());
    // Answered: when the response carrying the result has been written.
    res.on('finish', () => {
      for (const call of calls.slice(before)) call.answered = performance.now();
    });
    answerStateless(req, res, server, transport);
  });
  const { url, close } = await listenOnLoopback(httpServer);
  return { url: `${url}/mcp`, calls, close };
}
