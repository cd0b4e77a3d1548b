// Tools base: tool sets (MCP servers, OpenAPI-described HTTP APIs), their tools, and trying one (issue 15). In the
// AI family's envelope; the set's credential goes in, never out. `review_role` and `dept_ids` are who may use a
// set (empty both: its owner only, D89; sets older than that stay open to everyone), `secrecy` its ceiling: the highest grade of content that may be sent to it.
import { Type, type Static } from 'typebox';
import { TOOL_RISKS, type ToolRisk } from './tools-limits';
import { userInfoFields } from './user-info';

export * from './tools-limits';

const Text = (max: number) => Type.String({ maxLength: max });
const Ids = Type.Union([Text(500), Type.Number()]);

/** Body of set/add and set/edit (edit: `id`; an absent or empty credential keeps the stored one). */
export const ToolSetBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  kind: Type.String({ minLength: 1, maxLength: 20 }),
  /** MCP: the server's endpoint. OpenAPI: the API's base address (else the document's first server). */
  url: Type.Optional(Text(2000)),
  /** OpenAPI 3 document, JSON or YAML. */
  spec: Type.Optional(Type.String({ maxLength: 1024 * 1024 })),
  credential: Type.Optional(Text(4096)),
  /** Header the credential is sent in; empty: `Authorization: Bearer <credential>`. */
  auth_header: Type.Optional(Text(100)),
  /** Set the credential to none (edit). */
  clear_credential: Type.Optional(Type.Boolean()),
  secrecy: Type.String({ minLength: 1, maxLength: 50 }),
  review_role: Type.Optional(Ids),
  dept_ids: Type.Optional(Ids),
  description: Type.Optional(Text(500)),
  ...userInfoFields,
});
export type ToolSetBody = Static<typeof ToolSetBody>;

/** A tool set as listed. */
export const ToolSet = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  kind: Type.String(),
  url: Type.String(),
  description: Type.String(),
  has_credential: Type.Boolean(),
  auth_header: Type.String(),
  secrecy: Type.String(),
  secrecy_name: Type.String(),
  review_role: Type.String(),
  review_role_names: Type.Array(Type.String()),
  dept_ids: Type.String(),
  dept_names: Type.Array(Type.String()),
  tool_count: Type.Number(),
  enabled_count: Type.Number(),
  /** Whether the user may use it (an administrator also sees sets they are not granted). */
  usable: Type.Boolean(),
  /** No role or department granted and older than D89: open to every ordinary account. */
  open_to_all: Type.Boolean(),
  /** Last refresh: when, and its failure if it failed. */
  refreshed_at: Type.String(),
  refresh_error: Type.String(),
  owner: Type.String(),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
});
export type ToolSet = Static<typeof ToolSet>;

/** spec/fetch (从 URL 导入): the address of an OpenAPI document, read by the server. */
export const ToolSpecFetchBody = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }), ...userInfoFields });
export type ToolSpecFetchBody = Static<typeof ToolSpecFetchBody>;

/** A document read from its address and checked as a pasted one is; nothing is saved until the dialog is. */
export const ToolSpecFetchResult = Type.Object({
  /** The document as it was served (JSON or YAML text), for the dialog's document field. */
  spec: Type.String(),
  /** Where it was read in the end (after redirects). */
  url: Type.String(),
  tool_count: Type.Number(),
  /** The document has no absolute `servers` address: its relative one (or `/`) against `url`, else ''. */
  base_url: Type.String(),
});
export type ToolSpecFetchResult = Static<typeof ToolSpecFetchResult>;

export const ToolSetListBody = Type.Object({ name: Type.Optional(Text(64)), ...userInfoFields });
export const ToolSetIdBody = Type.Object({ id: Type.Integer({ minimum: 1 }), ...userInfoFields });

/** A tool of a set. */
export const ToolItem = Type.Object({
  id: Type.Number(),
  set_id: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  /** JSON Schema of the arguments (an object schema). */
  parameters: Type.Record(Type.String(), Type.Unknown()),
  risk: Type.String(),
  risk_name: Type.String(),
  /** Whether an administrator set the risk class (else it comes from the tool's annotations or HTTP method). */
  risk_overridden: Type.Boolean(),
  enabled: Type.Boolean(),
});
export type ToolItem = Static<typeof ToolItem>;

export const ToolListBody = Type.Object({ set_id: Type.Integer({ minimum: 1 }), ...userInfoFields });

/** tools/edit: switch a tool on or off, or change its risk class. */
export const ToolEditBody = Type.Object({
  tool_id: Type.Integer({ minimum: 1 }),
  enabled: Type.Optional(Type.Boolean()),
  /** One of TOOL_RISKS' keys, checked here (a key test on the object let `toString` and `__proto__` through). */
  risk: Type.Optional(Type.Enum(Object.keys(TOOL_RISKS) as ToolRisk[])),
  ...userInfoFields,
});
export type ToolEditBody = Static<typeof ToolEditBody>;

/** A client-chosen name of a running call, so that it can be cancelled (a random UUID). */
const CallId = Type.String({ minLength: 1, maxLength: 64 });

/** tools/call (the 试用 panel): `confirm` must be true for 写入 and 对外发送 tools; `call_id` makes it cancellable. */
export const ToolCallBody = Type.Object({
  tool_id: Type.Integer({ minimum: 1 }),
  arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  confirm: Type.Optional(Type.Boolean()),
  call_id: Type.Optional(CallId),
  ...userInfoFields,
});
export type ToolCallBody = Static<typeof ToolCallBody>;

/** An image of a tool's answer: one of TOOL_IMAGE_TYPES, its bytes in base64. */
export const ToolImageData = Type.Object({ mime_type: Type.String(), data: Type.String() });
export type ToolImageData = Static<typeof ToolImageData>;

export const ToolCallResult = Type.Object({
  /** The tool's answer as text (JSON pretty-printed), cut at the size cap; an image is named there ([图片 image/png]). */
  content: Type.String(),
  is_error: Type.Boolean(),
  truncated: Type.Boolean(),
  duration_ms: Type.Number(),
  /** The images of the answer, within TOOL_LIMITS' image caps. */
  images: Type.Optional(Type.Array(ToolImageData)),
});
export type ToolCallResult = Static<typeof ToolCallResult>;

/** tools/call/cancel: stops the caller's own running 试用 call. */
export const ToolCallCancelBody = Type.Object({ call_id: CallId, ...userInfoFields });
export type ToolCallCancelBody = Static<typeof ToolCallCancelBody>;

/** A department as the grant picker shows it: its name and place, nothing else (no remark, count or date). */
export const ToolDept = Type.Object({ id: Type.Number(), name: Type.String(), parent_id: Type.Union([Type.Number(), Type.Null()]) });
export type ToolDept = Static<typeof ToolDept>;
export const ToolDeptsBody = Type.Object({ ...userInfoFields });
