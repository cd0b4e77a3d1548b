import { vi } from 'vitest';
import type { ChartView, ChatFile, ChatMessage, Citation, Dialogue } from '../../../contract/api';

export function dialogue(overrides: Partial<Dialogue> = {}): Dialogue {
  return {
    conv_uid: 'conv-1', user_input: '差旅报销标准是什么', chat_mode: 'chat_normal', select_param: null, model_name: 'fake-chat',
    user_name: 'demo', gmt_created: '2030-01-01T08:00:00.000Z', gmt_modified: '2030-01-01T08:30:00.000Z', ...overrides,
  };
}

export function message(role: ChatMessage['role'], order: number, context: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { role, order, context, time_stamp: null, model_name: 'fake-chat', ...extra };
}

export function citation(overrides: Partial<Citation> = {}): Citation {
  return {
    index: 1, space: '产品手册', doc_id: 7, doc_name: '差旅制度.pdf', chunk_id: 70, content: '一线城市住宿标准为每晚 600 元。', score: 0.82,
    heading_path: '第三章 › 住宿', position: { page: 5 }, ...overrides,
  };
}

export function chart(overrides: Partial<ChartView> = {}): ChartView {
  return {
    type: 'response_bar_chart', sql: 'SELECT 部门, COUNT(*) AS 人数 FROM data GROUP BY 部门', columns: ['部门', '人数'],
    data: [{ 部门: '研发部', 人数: 12 }, { 部门: '市场部', 人数: 5 }, { 部门: '财务部', 人数: 3 }], truncated: false, x: '部门', y: ['人数'],
    ...overrides,
  };
}

export function chatFile(overrides: Partial<ChatFile> = {}): ChatFile {
  return {
    id: 3, conv_uid: 'conv-1', file_name: '人员表.xlsx', kind: 'excel', size: 2048, status: 'FINISHED', result: null,
    gmt_created: '2030-01-01T08:00:00.000Z', ...overrides,
  };
}

const encoder = new TextEncoder();

export const chunkFrame = (content: string, order?: number) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', id: 'x', created: 0, model: 'fake-chat', order, choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** A stand-in for fetch whose event stream the test writes frame by frame; records requests and aborts. */
export function fakeStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const requests: { url: string; body: Record<string, unknown>; headers: Record<string, string>; signal: AbortSignal | undefined }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      headers: (init?.headers ?? {}) as Record<string, string>, signal: init?.signal ?? undefined,
    });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  });
  return {
    fetchMock,
    requests,
    /** Writes raw text (frames) into the open stream. */
    write: (text: string) => controller?.enqueue(encoder.encode(text)),
    finish: () => {
      controller?.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller?.close();
    },
  };
}
