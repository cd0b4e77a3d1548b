import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PATHS } from '../../../../contract/api/runtime';
import type { CompletionBody } from '../../../../contract/api';
import { setNotifier } from '../../../lib/notify';
import { getToken, setToken } from '../../../lib/storage';
import { decodeFrame, type StreamEvent } from './frames';
import { streamCompletion, StreamError } from './stream-completion';

const BODY: CompletionBody = { conv_uid: 'c1', user_input: '你好', chat_mode: 'chat_normal' };
const chunk = (content: string, order?: number) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', id: 'x', created: 0, model: 'm', order, choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** A fetch answering an event stream whose body arrives in the given byte pieces. */
function streamingFetch(pieces: Uint8Array[], init: { status?: number; type?: string } = {}) {
  return vi.fn(async (_url: string | URL | Request, request?: RequestInit) => {
    const signal = request?.signal;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(p);
        controller.close();
      },
    });
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.type ?? 'text/event-stream; charset=utf-8' } });
  });
}

async function collect(fetchImpl: typeof fetch, signal?: AbortSignal) {
  const events: StreamEvent[] = [];
  const result = await streamCompletion(BODY, { fetchImpl, signal, onEvent: (e) => events.push(e) });
  return { events, result };
}

afterEach(() => localStorage.clear());

describe('decodeFrame', () => {
  it('reads deltas, references, charts, errors and [DONE]', () => {
    expect(decodeFrame(chunk('你', 3).slice(6))).toEqual({ type: 'delta', text: '你', order: 3 });
    expect(decodeFrame('{"object":"chat.references","references":[]}')).toEqual({ type: 'references', references: [] });
    expect(decodeFrame('{"object":"chat.error","code":"E500","message":"模型服务中断"}')).toEqual({ type: 'error', message: '模型服务中断' });
    expect(decodeFrame('[DONE]')).toEqual({ type: 'done' });
    expect(decodeFrame('[SERVER_ERROR]上游失败')).toEqual({ type: 'error', message: '上游失败' });
    expect(decodeFrame('不是 JSON')).toEqual({ type: 'error', message: '回答数据无法解析' });
    expect(decodeFrame('{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"}}]}')).toBeNull();
  });
});

describe('streamCompletion', () => {
  it('posts the question with the stored token and reads deltas split across chunks and inside characters', async () => {
    setToken('tok-9');
    const bytes = new TextEncoder().encode(chunk('知识', 2) + chunk('库😀') + 'data: [DONE]\n\n');
    const pieces = [bytes.slice(0, 7), bytes.slice(7, 50), bytes.slice(50, 51), bytes.slice(51)];
    const fetchImpl = streamingFetch(pieces);
    const { events, result } = await collect(fetchImpl as unknown as typeof fetch);
    expect(events).toEqual([{ type: 'delta', text: '知识', order: 2 }, { type: 'delta', text: '库😀', order: undefined }, { type: 'done' }]);
    expect(result.finished).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(String(url)).toBe(CHAT_PATHS.completions);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
    expect(JSON.parse(String(init?.body))).toMatchObject(BODY);
  });

  it('passes an error frame on and reports a stream closed without [DONE] as unfinished', async () => {
    const text = chunk('部分') + 'data: {"object":"chat.error","code":"E502","message":"模型服务中断"}\n\n';
    const { events, result } = await collect(streamingFetch([new TextEncoder().encode(text)]) as unknown as typeof fetch);
    expect(events.at(-1)).toEqual({ type: 'error', message: '模型服务中断' });
    expect(result.finished).toBe(false);
  });

  it('rejects with the server’s err_msg when the call is refused before the stream', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: false, err_code: 'E400', err_msg: '对话不存在', data: null }), {
      status: 400, headers: { 'content-type': 'application/json' },
    }));
    await expect(collect(fetchImpl as unknown as typeof fetch)).rejects.toMatchObject({ message: '对话不存在', status: 400 });
  });

  it('ends the session on 401 like every other call (spec §8), saying the question was lost (D92)', async () => {
    setToken('old');
    const errors: string[] = [];
    const restore = setNotifier({ error: (m) => errors.push(m), warning: () => {}, success: () => {} });
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ success: false, err_code: '10011039', err_msg: 'x', data: null }), {
      status: 401, headers: { 'content-type': 'application/json' },
    }));
    await expect(collect(fetchImpl as unknown as typeof fetch)).rejects.toBeInstanceOf(StreamError);
    restore();
    expect(errors).toEqual(['登录信息无效，请重新登录（刚才的操作未能完成，登录后请再试一次）']);
    expect(getToken()).toBeNull();
  });

  it('rejects as aborted when the caller stops it', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn(async (_u: unknown, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(chunk('开始')));
          init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const events: StreamEvent[] = [];
    const running = streamCompletion(BODY, { fetchImpl: fetchImpl as unknown as typeof fetch, signal: controller.signal, onEvent: (e) => {
      events.push(e);
      controller.abort();
    } });
    await expect(running).rejects.toMatchObject({ aborted: true });
    expect(events).toEqual([{ type: 'delta', text: '开始', order: undefined }]);
  });
});
