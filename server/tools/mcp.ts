// A tool set that is an MCP server, reached over Streamable HTTP with the official SDK: its tools read with
// tools/list (every page), a tool run with tools/call. Every request goes through the outbound fetch, with the
// set's credential as a header, and ends at its timeout.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TOOL_LIMITS, type ToolRisk } from '../../contract/api';
import { badRequest } from '../http-error';
import type { ToolDef } from './openapi';

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

/** The text of a tools/call result: text parts as they are, anything else as JSON. */
function resultText(content: unknown[], structured: unknown): string {
  if (structured !== undefined && content.length === 0) return JSON.stringify(structured, null, 2);
  return content
    .map((part) => {
      const p = part as { type?: string; text?: string };
      return p.type === 'text' && typeof p.text === 'string' ? p.text : JSON.stringify(part);
    })
    .join('\n');
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
        fetch: endpoint.fetch,
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

/** Runs one tool; the answer as text and whether the tool said it failed. */
export async function mcpCall(endpoint: McpEndpoint, name: string, args: Record<string, unknown>, timeoutMs: number = TOOL_LIMITS.callTimeoutMs) {
  const call = async () => {
    const client = await connectedClient(endpoint, timeoutMs);
    const result = await client.callTool({ name, arguments: args }, undefined, { signal: AbortSignal.timeout(timeoutMs), timeout: timeoutMs });
    const content = Array.isArray(result.content) ? result.content : [];
    return { text: resultText(content, result.structuredContent), isError: result.isError === true };
  };
  try {
    return await call();
  } catch (err) {
    // Any failure: the next call starts with a new client. Asked again only when the server refused the session
    // itself (the call was never run), so a 写入 call is never run twice.
    dropClient(keyOf(endpoint));
    if (!sessionGone(err)) throw err;
    return call();
  }
}
