// A tool set that is an MCP server, reached over Streamable HTTP with the official SDK: its tools read with
// tools/list (every page), a tool run with tools/call. Every request goes through the outbound fetch, with the
// set's credential as a header, and ends at its timeout or when the call is cancelled.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_LIMITS, type ToolCallProgress, type ToolRisk } from '../../contract/api';
import { badRequest } from '../http-error';
import type { ToolDef } from './openapi';
import { mcpResultContent } from './result-content';

export type McpEndpoint = { url: string; headers: Record<string, string>; fetch: typeof fetch };

/** The class of an MCP tool from its annotations: readOnlyHint → read, openWorldHint → send, otherwise write. */
export function riskOfAnnotations(annotations: { readOnlyHint?: boolean; openWorldHint?: boolean } | undefined): ToolRisk {
  if (annotations?.readOnlyHint === true) return 'read';
  if (annotations?.openWorldHint === true) return 'send';
  return 'write';
}

// The SDK (with zod and its schemas: about 200 modules) is loaded when a tool set is first reached, not at start.
let sdk: Promise<{ Client: typeof Client; Transport: typeof StreamableHTTPClientTransport }> | undefined;
function mcpSdk() {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]).then(([client, http]) => ({ Client: client.Client, Transport: http.StreamableHTTPClientTransport }));
  return sdk;
}

async function withClient<T>(endpoint: McpEndpoint, timeoutMs: number, run: (client: Client, signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  const { Client, Transport } = await mcpSdk();
  const transport = new Transport(new URL(endpoint.url), {
    fetch: endpoint.fetch,
    requestInit: { headers: endpoint.headers, redirect: 'error' },
  });
  const client = new Client({ name: 'kb-chat-tools', version: '1.0.0' });
  try {
    await client.connect(transport, { signal, timeout: timeoutMs });
    return await run(client, signal);
  } finally {
    await client.close().catch(() => {});
  }
}

/** The server's tools, as tool definitions (the MCP tool name is the name to call). */
export async function mcpTools(endpoint: McpEndpoint): Promise<ToolDef[]> {
  return withClient(endpoint, TOOL_LIMITS.refreshTimeoutMs, async (client, signal) => {
    const defs: ToolDef[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { signal, timeout: TOOL_LIMITS.refreshTimeoutMs });
      for (const tool of page.tools) {
        defs.push({
          name: tool.name.slice(0, 128),
          description: (tool.description ?? tool.title ?? '').slice(0, 1000),
          parameters: tool.inputSchema as Record<string, unknown>,
          risk: riskOfAnnotations(tool.annotations),
          target: {},
        });
        if (defs.length > TOOL_LIMITS.toolsPerSetMax) throw badRequest(`一个工具集最多 ${TOOL_LIMITS.toolsPerSetMax} 个工具`);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return defs;
  });
}

/**
 * The abort signal of the tool call being made, for the fetch of the request that carries it: aborting the call
 * (取消, the answer stopped) closes that request, so a server that answers each request on its own (stateless
 * Streamable HTTP) sees its handler aborted too, not only the `notifications/cancelled` the SDK sends.
 */
const callScope = new AsyncLocalStorage<AbortSignal>();

/** The kept clients' fetch: a tools/call request made inside `callScope` ends with the call's signal. */
function callScopedFetch(base: typeof fetch): typeof fetch {
  return ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const signal = callScope.getStore();
    if (!signal || !isToolCall(init?.body)) return base(input, init);
    return base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
  }) as typeof fetch;
}

function isToolCall(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    return (JSON.parse(body) as { method?: unknown }).method === 'tools/call';
  } catch {
    return false;
  }
}

/**
 * Connected clients by server (address and credential), kept while in use and closed after a quiet minute: a call
 * then costs one request, not the initialize handshake too (bench/tools.mjs measured 12–45 ms for a fresh client).
 */
const clients = new Map<string, { client: Promise<Client>; timer?: NodeJS.Timeout }>();
const CLIENT_IDLE_MS = 60_000;

/** The outbound fetch is part of the key: a client keeps the host rule it was made with. */
const fetchIds = new WeakMap<typeof fetch, number>();
let nextFetchId = 0;
function keyOf(endpoint: McpEndpoint): string {
  let id = fetchIds.get(endpoint.fetch);
  if (id === undefined) fetchIds.set(endpoint.fetch, (id = nextFetchId++));
  return `${id}\n${endpoint.url}\n${JSON.stringify(endpoint.headers)}`;
}

function connectedClient(endpoint: McpEndpoint, timeoutMs: number): Promise<Client> {
  const key = keyOf(endpoint);
  let entry = clients.get(key);
  if (!entry) {
    const signal = AbortSignal.timeout(timeoutMs);
    const connected = mcpSdk().then(async ({ Client, Transport }) => {
      const transport = new Transport(new URL(endpoint.url), {
        fetch: callScopedFetch(endpoint.fetch),
        requestInit: { headers: endpoint.headers, redirect: 'error' },
      });
      const client = new Client({ name: 'kb-chat-tools', version: '1.0.0' });
      await client.connect(transport, { signal, timeout: timeoutMs });
      return client;
    });
    entry = { client: connected };
    clients.set(key, entry);
    connected.catch(() => dropClient(key));
  }
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = setTimeout(() => dropClient(key), CLIENT_IDLE_MS);
  entry.timer.unref();
  return entry.client;
}

function dropClient(key: string): void {
  const entry = clients.get(key);
  if (!entry) return;
  clients.delete(key);
  if (entry.timer) clearTimeout(entry.timer);
  void entry.client.then((c) => c.close()).catch(() => undefined);
}

/** Closes every kept client (shutdown). */
export function closeMcpClients(): void {
  for (const key of [...clients.keys()]) dropClient(key);
}

/** Whether the server no longer knows the client's session (it restarted or expired it): a new client may ask again. */
const sessionGone = (err: unknown) => (err as { code?: number })?.code === 404;

export type McpCallOptions = {
  timeoutMs?: number;
  /** Aborts the call (取消, the answer stopped): the SDK tells the server, and the request carrying it is closed. */
  signal?: AbortSignal;
  /** The server's `notifications/progress` for this call. */
  onProgress?: (progress: ToolCallProgress) => void;
};

/** Runs one tool; the answer's text and images, and whether the tool said it failed. */
export async function mcpCall(endpoint: McpEndpoint, name: string, args: Record<string, unknown>, options: McpCallOptions = {}) {
  const timeoutMs = options.timeoutMs ?? TOOL_LIMITS.callTimeoutMs;
  const call = async () => {
    const client = await connectedClient(endpoint, timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    const onprogress = options.onProgress
      ? (p: { progress: number; total?: number; message?: string }) => options.onProgress!({
        progress: p.progress, ...(p.total === undefined ? {} : { total: p.total }), ...(p.message ? { message: p.message.slice(0, 200) } : {}),
      })
      : undefined;
    const result = await callScope.run(signal, () => client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs, onprogress }));
    const content = Array.isArray(result.content) ? result.content : [];
    return { ...mcpResultContent(content, result.structuredContent), isError: result.isError === true };
  };
  try {
    return await call();
  } catch (err) {
    // Cancelled: the client is sound (and carries the cancellation to the server); it stays.
    if (options.signal?.aborted) throw err;
    // Any failure: the next call starts with a new client. Asked again only when the server refused the session
    // itself (the call was never run), so a 写入 call is never run twice.
    dropClient(keyOf(endpoint));
    if (!sessionGone(err)) throw err;
    return call();
  }
}
