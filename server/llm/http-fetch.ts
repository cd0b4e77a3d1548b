// The model client's transport: `fetch` over node:http with keep-alive agents (D20). Node's own fetch (undici)
// costs about 0.3 ms of this thread per request before the first byte goes out, on the path to every first token;
// node:http writes the request at once. Bodies it does not know (form data, streams) go through the global fetch.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * A fetch option (passed through the SDK's `fetchOptions`): called once the request has been handed to the
 * operating system, so work that must not delay it can wait for it (the tool loop's bookkeeping, D75).
 */
export const ON_REQUEST_SENT = 'kbOnRequestSent';

export type FetchInput = Parameters<typeof fetch>[0];
export type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/** The rejection of an aborted request, as fetch gives it (the SDK recognises it by its name). */
function abortError(): DOMException {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** A body node:http can write as it is, or undefined when the global fetch must take the request. */
function plainBody(body: FetchInit['body']): string | Uint8Array | null | undefined {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return undefined;
}

function urlOf(input: FetchInput): URL | null {
  if (typeof input === 'string') return new URL(input);
  if (input instanceof URL) return input;
  return null;
}

export type NodeRequestOptions = {
  agent: http.Agent;
  /** Resolves host names (the tools' outbound rule checks every address here). */
  lookup?: LookupFunction;
  /** Whether an error of the request itself is passed on as it is (else fetch's TypeError). */
  passThrough?: (err: Error) => boolean;
};

/** One request over node:http as fetch answers it: headers, body stream, aborts before and during the answer. */
export function nodeRequest(url: URL, init: FetchInit, body: string | Uint8Array | null, options: NodeRequestOptions): Promise<Response> {
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<Response>((resolve, reject) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method, headers, agent: options.agent, ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    let response: http.IncomingMessage | null = null;
    // The body's stream then errors with the abort, as fetch's does.
    const onAbort = () => {
      const err = abortError();
      response?.destroy(err);
      request.destroy(err);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    request.on('error', (err) => {
      settle();
      if (signal?.aborted) return reject(abortError());
      reject(options.passThrough?.(err) ? err : new TypeError('fetch failed', { cause: err }));
    });
    request.on('response', (res) => {
      response = res;
      res.on('close', settle);
      const responseHeaders = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
      const status = res.statusCode ?? 502;
      const empty = method === 'HEAD' || status === 204 || status === 304;
      if (empty) res.resume();
      const stream = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      resolve(new Response(stream, { status, statusText: res.statusMessage, headers: responseHeaders }));
    });
    const sent = (init as Record<string, unknown>)[ON_REQUEST_SENT];
    request.end(body ?? undefined, typeof sent === 'function' ? () => (sent as () => void)() : undefined);
  });
}

/** A fetch for the model server: one keep-alive agent per protocol, aborts honoured before and during the answer. */
export function createHttpFetch(): typeof fetch {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  const httpFetch = (input: FetchInput, init: FetchInit = {}): Promise<Response> => {
    const url = urlOf(input);
    const body = plainBody(init.body);
    if (!url || body === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fetch(input, init);
    return nodeRequest(url, init, body, { agent: agents[url.protocol as keyof typeof agents] });
  };
  return httpFetch as typeof fetch;
}
