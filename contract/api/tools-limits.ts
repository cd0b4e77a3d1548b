// Tools base constants shared by the server and the renderer (issue 15). TypeBox-free.

/** How a tool set is reached: an MCP server over Streamable HTTP, or an HTTP API described by OpenAPI 3. */
export const TOOL_SET_KINDS = [
  { kind: 'mcp', label: 'MCP 服务（Streamable HTTP）' },
  { kind: 'openapi', label: 'HTTP 接口（OpenAPI 3）' },
] as const;
export type ToolSetKind = (typeof TOOL_SET_KINDS)[number]['kind'];

/** A tool's risk class: what running it can do. 写入 and 对外发送 are confirmed by the user before each call. */
export const TOOL_RISKS = { read: '只读', write: '写入', send: '对外发送' } as const;
export type ToolRisk = keyof typeof TOOL_RISKS;

export const TOOL_LIMITS = {
  setNameMax: 64,
  descriptionMax: 500,
  urlMax: 2000,
  /** An OpenAPI document pasted or uploaded. */
  specMaxBytes: 1024 * 1024,
  credentialMax: 4096,
  /** Operations of one OpenAPI document, tools of one MCP server. */
  toolsPerSetMax: 200,
  /** Arguments of one call, as JSON. */
  argumentsMaxBytes: 64 * 1024,
  /** A tool's answer beyond this is cut, and said to be. */
  resultMaxBytes: 256 * 1024,
  callTimeoutMs: 30_000,
  /** Reading a set's tools (MCP tools/list, OpenAPI download). */
  refreshTimeoutMs: 15_000,
  /** Redirects followed when an OpenAPI document is read from its address (each one checked again). */
  specRedirectsMax: 5,
  /** Images of one call's answer (MCP `image` content): each, all of them, and how many; more are left out, said so. */
  imageMaxBytes: 1024 * 1024,
  imagesMaxBytes: 2 * 1024 * 1024,
  imagesMax: 4,
} as const;

/** The image types shown (no SVG: it can carry script); others are left out and said so. */
export const TOOL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ToolImageType = (typeof TOOL_IMAGE_TYPES)[number];

/** An image of a tool's answer as a data: address, or null when its type is not one shown (a server may not check). */
export function toolImageDataUrl(mimeType: string, base64: string): string | null {
  return (TOOL_IMAGE_TYPES as readonly string[]).includes(mimeType) ? `data:${mimeType};base64,${base64}` : null;
}

/** Set names: like knowledge spaces'. */
export const TOOL_SET_NAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5][A-Za-z0-9_.\-\u4e00-\u9fa5 ]{0,63}$/;

export const TOOL_MESSAGES = {
  setNotFound: '工具集不存在或您无权使用',
  setExists: '工具集名称已存在',
  toolNotFound: '工具不存在或您无权使用',
  disabled: '该工具已停用',
  needConfirm: '该工具会写入数据或对外发送，调用前需要确认',
  cancelled: '调用已取消',
  notRunning: '该工具调用已结束或不在调用中',
} as const;
