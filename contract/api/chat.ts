// Chat calls (spec §7; DB-GPT's shapes where the spec is silent, see ../shared/reference/dbgpt-api-compat.md §4).
import { Type, type Static } from 'typebox';
import { ANSWER_STATUSES, CHAT_FILE_STATUSES, CHAT_MODES, MAX_USER_INPUT, MESSAGE_ROLES, TOOL_CALL_STATUSES } from './chat-limits';
import { userInfoFields } from './user-info';
import { ChunkPosition } from './knowledge';

export * from './chat-limits';

export const ChatModeSchema = Type.Enum(CHAT_MODES);

const ConvUid = Type.String({ minLength: 1, maxLength: 64 });

/** A dialogue (DB-GPT `ConversationVo`): `user_input` is its title, the first question. */
export const Dialogue = Type.Object({
  conv_uid: Type.String(),
  user_input: Type.String(),
  chat_mode: Type.String(),
  select_param: Type.Union([Type.String(), Type.Null()]),
  model_name: Type.Union([Type.String(), Type.Null()]),
  user_name: Type.String(),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
});
export type Dialogue = Static<typeof Dialogue>;

/** GET dialogue/list: the caller's own dialogues, newest first; `keyword` searches titles. */
export const DialogueListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  ...userInfoFields,
});

/** POST dialogue/new?chat_mode=&user_id= (body: the stored user info, ignored). */
export const DialogueNewQuery = Type.Object({
  chat_mode: Type.Optional(ChatModeSchema),
  user_id: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 100 })])),
  user_name: Type.Optional(Type.String({ maxLength: 100 })),
  model_name: Type.Optional(Type.String({ maxLength: 200 })),
});

/** `con_uid` (DB-GPT's spelling) names the dialogue in delete, history and stop. */
export const ConUidQuery = Type.Object({ con_uid: ConvUid, ...userInfoFields });

/** A cited passage of a knowledge answer. */
export const Citation = Type.Object({
  /** 1-based, as `[n]` in the answer. */
  index: Type.Number(),
  space: Type.String(),
  doc_id: Type.Number(),
  doc_name: Type.String(),
  chunk_id: Type.Number(),
  content: Type.String(),
  /** The headings above the passage (' › ' between them) and where it sits in the original (issue 29). */
  heading_path: Type.Optional(Type.String()),
  position: Type.Optional(ChunkPosition),
  /** Relevance 0..1 (D29), shown as a percentage. */
  score: Type.Number(),
  /** The question's words that the passage holds (lower case), highlighted where the passage is shown. */
  highlights: Type.Optional(Type.Array(Type.String())),
});
export type Citation = Static<typeof Citation>;

/** The result of a spreadsheet question: the query, its rows, and a chart the client can draw. */
export const ChartView = Type.Object({
  /** DB-GPT display types: response_table, response_bar_chart, response_line_chart, response_pie_chart, … */
  type: Type.String(),
  sql: Type.String(),
  columns: Type.Array(Type.String()),
  data: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** True when the row cap cut the result. */
  truncated: Type.Boolean(),
  /** For charts: which columns are the category and the values. */
  x: Type.Optional(Type.String()),
  y: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
  /** Database chat: the connection the SQL ran on (the answer's SQL may be edited and run again there). */
  db_name: Type.Optional(Type.String()),
});
export type ChartView = Static<typeof ChartView>;

/** An image a tool answered: its type and size; `data` (base64) only in the stream, else read from CHAT_PATHS.toolImage. */
export const ToolCallImage = Type.Object({ mime_type: Type.String(), size: Type.Number(), data: Type.Optional(Type.String()) });
export type ToolCallImage = Static<typeof ToolCallImage>;

/** What a running MCP tool last said of its progress (`notifications/progress`); in the stream only. */
export const ToolCallProgress = Type.Object({ progress: Type.Number(), total: Type.Optional(Type.Number()), message: Type.Optional(Type.String()) });
export type ToolCallProgress = Static<typeof ToolCallProgress>;

/** A tool call of an answer in chat with tools (`chat_agent`), as the user sees it. */
export const ToolCallView = Type.Object({
  id: Type.String(),
  set_name: Type.String(),
  tool_name: Type.String(),
  /** read | write | send (TOOL_RISKS). */
  risk: Type.String(),
  /** The arguments the model gave, as JSON text. */
  arguments: Type.String(),
  status: Type.Enum(Object.keys(TOOL_CALL_STATUSES) as (keyof typeof TOOL_CALL_STATUSES)[]),
  /** The tool's answer (cut at the tools' cap), or why the call was refused or failed. */
  result: Type.String(),
  is_error: Type.Boolean(),
  duration_ms: Type.Union([Type.Number(), Type.Null()]),
  /** Where in the answer's text the call was made (characters before it). */
  offset: Type.Number(),
  /** The images of the tool's answer, in order (CHAT_PATHS.toolImage's `index`). */
  images: Type.Optional(Type.Array(ToolCallImage)),
  progress: Type.Optional(ToolCallProgress),
});
export type ToolCallView = Static<typeof ToolCallView>;

/** One message of the history (DB-GPT `MessageVo`); all messages of a round share `order`. */
export const ChatMessage = Type.Object({
  role: Type.Enum(MESSAGE_ROLES),
  context: Type.String(),
  order: Type.Number(),
  time_stamp: Type.Union([Type.String(), Type.Null()]),
  model_name: Type.Union([Type.String(), Type.Null()]),
  /** On `view` messages. */
  status: Type.Optional(Type.Enum(ANSWER_STATUSES)),
  references: Type.Optional(Type.Array(Citation)),
  chart: Type.Optional(ChartView),
  /** Chat with tools: the answer's tool calls, in order. */
  tool_calls: Type.Optional(Type.Array(ToolCallView)),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** POST mode/params/list?chat_mode=&conv_uid=: `{param, type}` options of the mode (spaces, uploaded sheets, databases). */
export const ModeParamsQuery = Type.Object({
  chat_mode: ChatModeSchema,
  conv_uid: Type.Optional(ConvUid),
  ...userInfoFields,
});
export const ModeParam = Type.Object({
  param: Type.String(),
  type: Type.String(),
  /** The uploaded file of a `chat_excel` option. */
  file_id: Type.Optional(Type.Number()),
  /** What the option is called when `param` is an id (`chat_agent`: the tool set's name). */
  name: Type.Optional(Type.String()),
  /** `chat_agent`: why the set cannot be used in this dialogue (its ceiling is below what the dialogue has shown). */
  disabled_reason: Type.Optional(Type.String()),
});
export type ModeParam = Static<typeof ModeParam>;

/** POST chat/completions (DB-GPT `ConversationVo` as the body). */
export const CompletionBody = Type.Object({
  conv_uid: ConvUid,
  user_input: Type.String({ minLength: 1, maxLength: MAX_USER_INPUT }),
  chat_mode: Type.Optional(ChatModeSchema),
  select_param: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  model_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
  max_new_tokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 32_000 })),
  /** Answer the last question again, replacing its answer. */
  regenerate: Type.Optional(Type.Boolean()),
  incremental: Type.Optional(Type.Boolean()),
  sys_code: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  ...userInfoFields,
});
export type CompletionBody = Static<typeof CompletionBody>;

/**
 * Frames of the completion stream (`text/event-stream`, one `data: <json>` per frame, `data: [DONE]` last):
 * - `chat.completion.chunk`: OpenAI's incremental chunk; `choices[0].delta.content` is the new text.
 * - `chat.references`: the citations of a knowledge answer, after the text.
 * - `chat.chart`: the result table and chart of a spreadsheet answer, after the text.
 * - `chat.tool_call`: chat with tools: a tool call was made or changed state (same `id`: replaces the earlier one).
 * - `chat.error`: the answer failed (or no model is configured); the text so far stays.
 * The first chunk carries `order`, the round the answer is stored as.
 */
export type CompletionChunkFrame = {
  object: 'chat.completion.chunk';
  id: string;
  created: number;
  model: string;
  order?: number;
  choices: { index: number; delta: { role?: 'assistant'; content?: string }; finish_reason?: string | null }[];
};
export type ReferencesFrame = { object: 'chat.references'; references: Citation[] };
export type ChartFrame = { object: 'chat.chart'; chart: ChartView };
export type ErrorFrame = { object: 'chat.error'; code: string; message: string };
export type ToolCallFrame = { object: 'chat.tool_call'; call: ToolCallView };
export type CompletionFrame = CompletionChunkFrame | ReferencesFrame | ChartFrame | ErrorFrame | ToolCallFrame;

/** POST chat/tool/confirm: the user's decision on a call waiting for confirmation. */
export const ToolConfirmBody = Type.Object({
  conv_uid: ConvUid,
  call_id: Type.String({ minLength: 1, maxLength: 64 }),
  approve: Type.Boolean(),
  ...userInfoFields,
});
export type ToolConfirmBody = Static<typeof ToolConfirmBody>;

/** POST chat/tool/cancel: stops a call still running in the dialogue's answer. */
export const ToolCancelBody = Type.Object({ conv_uid: ConvUid, call_id: Type.String({ minLength: 1, maxLength: 64 }), ...userInfoFields });
export type ToolCancelBody = Static<typeof ToolCancelBody>;

/** GET chat/tool/image?call_id=&index=: one image of a call, to the dialogue's owner. */
export const ToolImageQuery = Type.Object({
  call_id: Type.String({ minLength: 1, maxLength: 64 }),
  index: Type.Integer({ minimum: 0, maximum: 99 }),
  ...userInfoFields,
});
export type ToolImageQuery = Static<typeof ToolImageQuery>;

/** Chat files: a document processed privately for one dialogue. */
export const ChatFile = Type.Object({
  id: Type.Number(),
  conv_uid: Type.String(),
  file_name: Type.String(),
  /** `document` (file chat) or `excel` (spreadsheet chat). */
  kind: Type.String(),
  size: Type.Number(),
  status: Type.Enum(CHAT_FILE_STATUSES),
  /** Why processing failed, in Chinese. */
  result: Type.Union([Type.String(), Type.Null()]),
  gmt_created: Type.String(),
});
export type ChatFile = Static<typeof ChatFile>;
export const ConvParams = Type.Object({ id: ConvUid });
export const ChatFileParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** POST worker/model/get_concurrency_status: per model, its limit and the requests running and waiting. */
export const ConcurrencyStatus = Type.Object({
  model_name: Type.String(),
  model_type: Type.Union([Type.Literal('llm'), Type.Literal('text2vec')]),
  limit: Type.Number(),
  running: Type.Number(),
  waiting: Type.Number(),
});
export type ConcurrencyStatus = Static<typeof ConcurrencyStatus>;
export const ConcurrencyBody = Type.Object({ data: Type.Optional(Type.Unknown()), ...userInfoFields });
