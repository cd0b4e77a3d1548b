import { STREAM_DONE } from '../../../../contract/api/runtime';
import type { ChartView, Citation, CompletionFrame, ToolCallView } from '../../../../contract/api';

/** What one event of the completion stream means to the conversation. */
export type StreamEvent =
  | { type: 'delta'; text: string; order?: number }
  | { type: 'references'; references: Citation[] }
  | { type: 'chart'; chart: ChartView }
  | { type: 'tool_call'; call: ToolCallView }
  | { type: 'error'; message: string }
  | { type: 'done' };

/** Messages of frames the client cannot read. */
export const FRAME_MESSAGES = {
  unreadable: '回答数据无法解析',
  failed: '回答失败',
} as const;

// DB-GPT's conventions for errors sent as plain text (dbgpt-api-compat §4.5).
const TEXT_ERROR = /^\[(?:ERROR|SERVER_ERROR)\]\s*/;

/** Interprets the data of one event: `[DONE]`, a JSON frame of the contract, or DB-GPT's plain-text error. */
export function decodeFrame(data: string): StreamEvent | null {
  const text = data.trim();
  if (text === STREAM_DONE) return { type: 'done' };
  if (TEXT_ERROR.test(text)) return { type: 'error', message: text.replace(TEXT_ERROR, '') || FRAME_MESSAGES.failed };
  let frame: CompletionFrame;
  try {
    frame = JSON.parse(text) as CompletionFrame;
  } catch {
    return { type: 'error', message: FRAME_MESSAGES.unreadable };
  }
  if (!frame || typeof frame !== 'object') return { type: 'error', message: FRAME_MESSAGES.unreadable };
  switch (frame.object) {
    case 'chat.completion.chunk': {
      const content = frame.choices?.[0]?.delta?.content ?? '';
      if (!content && frame.order === undefined) return null;
      return { type: 'delta', text: content, order: frame.order };
    }
    case 'chat.references':
      return { type: 'references', references: Array.isArray(frame.references) ? frame.references : [] };
    case 'chat.chart':
      return frame.chart ? { type: 'chart', chart: frame.chart } : null;
    case 'chat.tool_call':
      return frame.call?.id ? { type: 'tool_call', call: frame.call } : null;
    case 'chat.error':
      return { type: 'error', message: frame.message || FRAME_MESSAGES.failed };
    default:
      return null;
  }
}
