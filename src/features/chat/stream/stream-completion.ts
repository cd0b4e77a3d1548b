import { CHAT_PATHS, MESSAGES } from '../../../../contract/api/runtime';
import type { CompletionBody } from '../../../../contract/api';
import { apiBaseUrl } from '../../../platform';
import { bodyCode, endsSession, messageForFailure } from '../../../lib/http/errors';
import { endSession } from '../../../lib/http/session-end';
import { getToken } from '../../../lib/storage';
import { decodeFrame, type StreamEvent } from './frames';
import { createSseParser } from './sse-parser';

/** Why a stream could not start or broke off; `aborted` when the caller stopped it. */
export class StreamError extends Error {
  readonly aborted: boolean;
  readonly status: number | null;
  constructor(message: string, options: { aborted?: boolean; status?: number | null } = {}) {
    super(message);
    this.name = 'StreamError';
    this.aborted = options.aborted ?? false;
    this.status = options.status ?? null;
  }
}

export type StreamOptions = {
  signal?: AbortSignal;
  onEvent: (event: StreamEvent) => void;
  /** For tests; the page uses the global fetch. */
  fetchImpl?: typeof fetch;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** A refusal before the stream (HTTP error, or a JSON envelope instead of a stream): spec §8 like the interceptor. */
export function refusal(status: number, body: unknown): StreamError {
  const code = bodyCode(body);
  const effective = code !== null && endsSession(code) ? code : status;
  const message = messageForFailure(effective, body);
  // A question sent is an action: its toast says it was lost (the question box keeps it as a draft).
  if (endsSession(effective)) endSession(message, { method: 'post', status: effective });
  return new StreamError(message, { status: effective });
}

/**
 * POSTs a question to chat/completions and reads the answer's `text/event-stream` with fetch directly (the http client
 * reads whole bodies). Resolves when the stream ends: `finished` after `[DONE]`, false when the server closed it early;
 * rejects with a StreamError when it could not start, broke off, or was aborted through `signal`.
 */
export async function streamCompletion(body: CompletionBody, options: StreamOptions): Promise<{ finished: boolean }> {
  const { signal, onEvent, fetchImpl = fetch } = options;
  const token = getToken();
  let response: Response;
  try {
    response = await fetchImpl(`${apiBaseUrl()}${CHAT_PATHS.completions}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    throw signal?.aborted ? new StreamError(MESSAGES.cancelled, { aborted: true }) : new StreamError(MESSAGES.networkError);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    const parsed = await readBody(response);
    throw refusal(response.ok ? 500 : response.status, parsed);
  }

  let done = false;
  const parser = createSseParser((data) => {
    if (done) return;
    const event = decodeFrame(data);
    if (!event) return;
    if (event.type === 'done') done = true;
    onEvent(event);
  });
  const reader = response.body.getReader();
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.push(value);
    }
    parser.end();
  } catch {
    throw signal?.aborted ? new StreamError(MESSAGES.cancelled, { aborted: true }) : new StreamError(MESSAGES.networkError);
  } finally {
    if (done) void reader.cancel().catch(() => undefined);
  }
  return { finished: done };
}
