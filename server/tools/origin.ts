// A set's stored credential is bound to the origin (scheme, host and port) it was typed for. Editing the address or,
// for OpenAPI, the document's `servers` to another origin needs the credential typed again (sets.ts), and every
// request that carries the credential is checked against the bound origin when it is made (`boundFetch`), so no
// path of a document (`@host/…`) and no stored tool from before can send it elsewhere.
import { OutboundRefused } from '../sqlbase/outbound';
import { documentServer, parseOpenApi } from './openapi';

type SetAddress = { kind: string; url: string; spec: string };

/** An address's origin, or '' when it is not an absolute http(s) address. */
export function originOfUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : '';
  } catch {
    return '';
  }
}

/** Where a set's requests go: its address or, for an OpenAPI set without one, the document's first server. */
export function setBase(set: SetAddress): string {
  if (set.url) return set.url;
  return set.kind === 'openapi' && set.spec ? documentServer(parseOpenApi(set.spec)) : '';
}

/** The origin of a set's requests. */
export const setOrigin = (set: SetAddress): string => originOfUrl(setBase(set));

/** The origin the stored credential was typed for (sets from before the binding: where they point now). */
export function boundOrigin(set: SetAddress & { credentialOrigin: string }): string {
  return originOfUrl(set.credentialOrigin) || setOrigin(set);
}

/** A response body that errors once it passes `maxBytes` (the source is cancelled: nothing more is read). */
function cappedBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return controller.error(new ResponseTooLarge(maxBytes));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

export class ResponseTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`工具服务的响应超过 ${Math.round(maxBytes / 1024)} KB，已停止读取`);
    this.name = 'ResponseTooLarge';
  }
}

const wrapped = new WeakMap<typeof fetch, Map<string, typeof fetch>>();

/**
 * The fetch of one set: requests only to `origin` when one is given (the set carries a credential), and, with
 * `capBytes`, every response body read at most that far. Kept per (fetch, origin, cap) so a kept MCP client,
 * keyed by its fetch, is found again.
 */
export function boundFetch(base: typeof fetch, origin: string, capBytes: number | null): typeof fetch {
  let byKey = wrapped.get(base);
  if (!byKey) wrapped.set(base, (byKey = new Map()));
  const key = `${origin}\n${capBytes ?? ''}`;
  let f = byKey.get(key);
  if (f) return f;
  f = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    if (origin && originOfUrl(url) !== origin) {
      throw new OutboundRefused(`请求地址（${originOfUrl(url) || '无效地址'}）不是该工具集凭据所属的地址（${origin}），已拒绝发送`);
    }
    const res = await base(input, init);
    if (capBytes === null || !res.body) return res;
    return new Response(cappedBody(res.body, capBytes), { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch;
  byKey.set(key, f);
  if (byKey.size > 1000) byKey.clear();
  return f;
}
