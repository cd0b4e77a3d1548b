// An MCP server for the tools tests of images and long calls (issue 27 §6), over Streamable HTTP on loopback,
// stateless, answering with an event stream (so progress notifications can go out while a call runs). Its tools
// answer a real PNG chart, images the server must leave out (SVG with script, SVG sent as PNG, one over the size
// cap, more than the count cap), and a long task that reports its progress and records when its handler saw the
// call aborted.
import http from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { listenOnLoopback } from './loopback';
import { answerStateless } from './mcp-http';
import { barChartPng } from './png';

export type MediaMcp = {
  url: string;
  /** Calls received: when each arrived, and when its handler saw it aborted or it finished (performance.now()). */
  calls: { name: string; arrived: number; aborted?: number; finished?: number }[];
  close: () => Promise<void>;
};

export const CHART_PNG = barChartPng();
export const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

const readOnly = { readOnlyHint: true };
const TOOLS = [
  { name: 'render_chart', description: '生成销售图表', inputSchema: { type: 'object', properties: {} }, annotations: readOnly },
  { name: 'render_unsafe', description: '生成不安全的图片', inputSchema: { type: 'object', properties: {} }, annotations: readOnly },
  { name: 'render_many', description: '生成多张图片', inputSchema: { type: 'object', properties: {} }, annotations: readOnly },
  {
    name: 'long_task', description: '运行很久的统计任务', annotations: readOnly,
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
  },
];

const png = (data: Buffer) => ({ type: 'image', mimeType: 'image/png', data: data.toString('base64') });

function answer(name: string): { content: unknown[] } {
  switch (name) {
    case 'render_chart':
      return { content: [{ type: 'text', text: '本季度销售额如图：' }, png(CHART_PNG)] };
    case 'render_unsafe':
      return {
        content: [
          { type: 'image', mimeType: 'image/svg+xml', data: Buffer.from(SVG_WITH_SCRIPT).toString('base64') },
          // SVG under a PNG label, and a "PNG" over the 1 MB cap of one image.
          png(Buffer.from(SVG_WITH_SCRIPT)),
          png(Buffer.concat([CHART_PNG.subarray(0, 8), Buffer.alloc(1_200_000, 7)])),
          { type: 'text', text: '以上是三张图片' },
        ],
      };
    case 'render_many':
      return { content: Array.from({ length: 6 }, () => png(CHART_PNG)) };
    default:
      return { content: [{ type: 'text', text: `未知工具：${name}` }] };
  }
}

function serverFor(calls: MediaMcp['calls']): Server {
  const server = new Server({ name: 'media-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const record: MediaMcp['calls'][number] = { name: request.params.name, arrived: performance.now() };
    calls.push(record);
    if (request.params.name !== 'long_task') return answer(request.params.name);
    const ms = Number(request.params.arguments?.ms ?? 20_000);
    const token = request.params._meta?.progressToken;
    const steps = 10;
    for (let step = 1; step <= steps; step++) {
      const aborted = await new Promise<boolean>((resolve) => {
        if (extra.signal.aborted) return resolve(true);
        const timer = setTimeout(() => resolve(false), ms / steps);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve(true);
        }, { once: true });
      });
      if (aborted) {
        record.aborted = performance.now();
        return { content: [{ type: 'text', text: '已中止' }], isError: true };
      }
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps, message: `已统计 ${step} / ${steps} 个地区` } })
          .catch(() => undefined);
      }
    }
    record.finished = performance.now();
    return { content: [{ type: 'text', text: '统计完成：共 10 个地区' }] };
  });
  return server;
}

/** Starts the server on a free loopback port. */
export async function startMediaMcp(): Promise<MediaMcp> {
  const calls: MediaMcp['calls'] = [];
  const httpServer = http.createServer((req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    answerStateless(req, res, serverFor(calls), transport);
  });
  const { url, close } = await listenOnLoopback(httpServer);
  return { url: `${url}/mcp`, calls, close };
}
