// Reading the chat completion stream in tests and benchmarks, over real HTTP.
import { CHAT_PATHS, STREAM_DONE, type CompletionFrame } from '../../contract/api';

export type Frame = CompletionFrame | typeof STREAM_DONE;

export type StreamRead = {
  status: number;
  headers: Headers;
  frames: Frame[];
  /** The answer's text: every chunk's content, joined. */
  text: string;
  /** Every byte received, decoded. */
  raw: string;
  /** The JSON body of a refusal (not a stream). */
  json?: { success: boolean; err_msg: string | null };
};

/** POSTs a completion to a listening server. */
export function postCompletion(base: string, token: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}${CHAT_PATHS.completions}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal,
  });
}

/**
 * Reads frames until the stream ends; `onFrame` returning true stops reading (the caller then aborts the
 * request to disconnect).
 */
export async function readCompletion(res: Response, onFrame?: (frame: Frame, text: string) => boolean | void): Promise<StreamRead> {
  const out: StreamRead = { status: res.status, headers: res.headers, frames: [], text: '', raw: '' };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    out.raw = await res.text();
    out.json = JSON.parse(out.raw);
    return out;
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = decoder.decode(value, { stream: true });
    out.raw += chunk;
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!line.startsWith('data: ')) continue;
      const data = line.slice(6);
      const frame: Frame = data === STREAM_DONE ? STREAM_DONE : JSON.parse(data);
      out.frames.push(frame);
      if (frame !== STREAM_DONE && frame.object === 'chat.completion.chunk') out.text += frame.choices[0]?.delta.content ?? '';
      if (onFrame?.(frame, out.text)) {
        await reader.cancel().catch(() => undefined);
        return out;
      }
    }
  }
  return out;
}
