// A tool set that is an MCP server, reached over Streamable HTTP with the official SDK: its tools read with
// tools/list (every page), a tool run with tools/call. Every request goes through the outbound fetch, with the
// set's credential as a header, and ends at its timeout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

async function withClient<T>(endpoint: McpEndpoint, timeoutMs: number, run: (client: Client, signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
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

/** Runs one tool; the answer as text and whether the tool said it failed. */
export async function mcpCall(endpoint: McpEndpoint, name: string, args: Record<string, unknown>, timeoutMs: number = TOOL_LIMITS.callTimeoutMs) {
  return withClient(endpoint, timeoutMs, async (client, signal) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { signal, timeout: timeoutMs });
    const content = Array.isArray(result.content) ? result.content : [];
    return { text: resultText(content, result.structuredContent), isError: result.isError === true };
  });
}
