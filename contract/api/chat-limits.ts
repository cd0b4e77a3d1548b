// Chat constants shared by the server and the renderer. TypeBox-free, so the renderer may import them at run time.

/** Chat modes (DB-GPT `ChatScene` codes; `chat_agent` is chat with the tools base, issue 15). */
export const CHAT_MODES = ['chat_normal', 'chat_knowledge', 'chat_excel', 'chat_with_db_qa', 'chat_with_db_execute', 'chat_agent'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
/** Each mode's Chinese name, as the mode switch and 统计 show it. */
export const CHAT_MODE_NAMES: Record<ChatMode, string> = {
  chat_normal: '普通对话', chat_knowledge: '知识库问答', chat_excel: '表格问答', chat_with_db_execute: '数据库对话',
  chat_with_db_qa: '数据库问答', chat_agent: '工具对话',
};
/**
 * The page function a mode needs besides 智能问答 (D89): database chat is the 数据库 page's data, chat with tools the
 * 工具库's. The server refuses the mode without it; the mode switch leaves it out.
 */
export const CHAT_MODE_FUNCTIONS: Partial<Record<ChatMode, string>> = {
  chat_with_db_execute: '/sqlBase', chat_with_db_qa: '/sqlBase', chat_agent: '/toolsBase',
};
/** Why a mode is refused to a user without its function. */
export const CHAT_MODE_FORBIDDEN = (mode: ChatMode) => `您没有「${CHAT_MODE_NAMES[mode]}」所需的功能权限，请联系管理员授权`;
export const DEFAULT_CHAT_MODE: ChatMode = 'chat_normal';
/** Spec §9. */
export const DEFAULT_TEMPERATURE = 0.9;
/** Longest question (characters). */
export const MAX_USER_INPUT = 20_000;

/** Roles of history messages; the client shows `human` and `view`. */
export const MESSAGE_ROLES = ['human', 'ai', 'view'] as const;
/** How an answer ended: streaming, complete, stopped by the user or a dropped connection, failed. */
export const ANSWER_STATUSES = ['streaming', 'complete', 'stopped', 'failed'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** The last frame of the completion stream (`data: [DONE]`). */
export const STREAM_DONE = '[DONE]';

/** Processing states of a chat file (DB-GPT's document states). */
export const CHAT_FILE_STATUSES = ['TODO', 'RUNNING', 'FINISHED', 'FAILED'] as const;

/** Chinese messages the client and the server share. */
export const CHAT_MESSAGES = {
  /** What staff read without a model: no variable names (those are in the start-up output and the README, D38). */
  noModel: '管理员尚未配置大模型，暂时无法生成回答。',
  /** The notice above the question box without a model, and the tooltip of the 未配置大模型 label. */
  noModelNotice: '管理员尚未为本系统配置大模型，智能问答暂不可用。如需使用，请联系系统管理员。',
  noModelKnowledgeNotice: '管理员尚未为本系统配置大模型：知识库问答只列出知识库中与问题最相关的段落，不生成回答。',
  missingFile: '缺少文件参数',
  uploadCancelled: '取消上传',
  dialogueNotFound: '对话不存在',
  unknownModel: '模型不存在',
  /** The answer stopped because the session ended or the user's roles or clearance changed while it streamed. */
  revoked: '登录状态或权限已变更，回答已停止',
} as const;

/** States of a tool call in chat with tools (`chat_agent`). */
export const TOOL_CALL_STATUSES = {
  pending: '等待确认',
  running: '调用中',
  done: '已完成',
  failed: '调用失败',
  refused: '已拒绝调用',
  rejected: '用户已拒绝',
  expired: '确认超时',
  /** Stopped by the user (取消) or with the answer (停止): the result says which, and whether it had started. */
  cancelled: '已取消',
} as const;
export type ToolCallStatus = keyof typeof TOOL_CALL_STATUSES;

export const AGENT_LIMITS = {
  /** Tool schemas offered to the model in one request, in estimated tokens: the most relevant tools that fit. */
  toolTokenBudget: 3000,
  /** Tools offered at most, whatever their size. */
  toolsOffered: 24,
  /** Model turns with tool calls in one answer; the turn after the last is answered without tools. */
  maxSteps: 8,
  /** A tool's answer as sent back to the model (characters); the whole answer is kept for the user up to the tools' cap. */
  resultToModelChars: 8000,
  /** A 写入 or 对外发送 call not confirmed within this time is not run. */
  confirmTimeoutMs: 10 * 60_000,
} as const;
