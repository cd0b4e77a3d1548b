// The fetch tools are called with: every address a host name resolves to must pass the outbound rule (no
// loopback, link-local or metadata addresses unless OUTBOUND_ALLOW names them), the connection goes to the address
// that was checked (node:http's lookup hook, so a second resolution cannot answer differently), an address typed
// as the host is checked too, redirects are not followed, and nothing falls back to the global fetch.
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { nodeRequest, type FetchInit, type FetchInput } from '../llm/http-fetch';
import { addressAllowed, OutboundRefused } from '../sqlbase/outbound';
import type { OutboundRule } from '../config-outbound';


const REFUSED_MESSAGE = (host: string) =>
  `不允许连接该地址（${host} 为本机、链路本地或未指定地址）；如确需连接，请管理员在 OUTBOUND_ALLOW 中加入该地址`;

/** A lookup that answers only addresses the rule allows (all of them, or the call fails). */
export function outboundLookup(rule: OutboundRule): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const named = rule.hosts.has(hostname.toLowerCase());
      const refused = named ? undefined : addresses.find((a) => !addressAllowed(rule, a.address));
      if (refused || !addresses.length) {
        return callback(Object.assign(new OutboundRefused(REFUSED_MESSAGE(hostname)), { code: 'EOUTBOUND' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function bodyOf(body: FetchInit['body']): string | Uint8Array | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('unsupported request body');
}

/** A fetch bound to the outbound rule, for tool calls and for reading a tool set. */
export function createOutboundFetch(rule: OutboundRule): typeof fetch {
  const lookup = outboundLookup(rule);
  const agents = { 'http:': new http.Agent({ keepAlive: true, lookup }), 'https:': new https.Agent({ keepAlive: true, lookup }) };
  const outboundFetch = (input: FetchInput, init: FetchInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundRefused('只支持 http 和 https 地址'));
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // node:http does not look up an address literal, so the rule is applied here.
    if (isIP(host) && !addressAllowed(rule, host)) return Promise.reject(new OutboundRefused(REFUSED_MESSAGE(host)));
    let body: string | Uint8Array | null;
    try {
      body = bodyOf(init.body);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return nodeRequest(url, init, body, {
      agent: agents[url.protocol as keyof typeof agents], lookup, passThrough: (err) => err instanceof OutboundRefused,
    });
  };
  return outboundFetch as typeof fetch;
}

/** Reads a response body as text, at most `maxBytes` (the rest is dropped and the stream cancelled). */
export async function readCapped(res: Response, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: '', truncated: false };
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      parts.push(value.subarray(0, maxBytes - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    parts.push(value);
    size += value.byteLength;
  }
  // A cut through a multi-byte character drops only that character.
  return { text: new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(parts)).replace(/\uFFFD$/, ''), truncated };
}
