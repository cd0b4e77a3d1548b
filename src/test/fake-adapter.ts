import { AxiosError, CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../lib/http';

/** What the fake network answers: a status and body, or a transport failure. */
export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | { network: true } | { timeout: true };
/** The request as the network boundary sees it: axios' config (method lower case, headers settled, data as JSON text). */
export type FakeRequest = InternalAxiosRequestConfig & { url: string; method: string };
export type FakeHandler = (config: FakeRequest) => FakeReply | Promise<FakeReply>;

/** An axios adapter standing in for the network boundary; it settles like axios' own adapters. */
export function fakeAdapter(handler: FakeHandler): AxiosAdapter {
  return async (config) => {
    const request = { ...config, url: config.url ?? '', method: config.method ?? 'get' } as FakeRequest;
    let reply: FakeReply;
    try {
      reply = await handler(request);
    } catch (error) {
      // A handler that gives up when the caller aborts rejects as axios' adapters do then.
      if (config.signal?.aborted) throw new CanceledError(undefined, undefined, config);
      throw error;
    }
    if ('network' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if ('timeout' in reply) throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
    const response = { data: reply.data, status: reply.status, statusText: '', headers: reply.headers ?? {}, config, request: {} };
    const ok = config.validateStatus ? config.validateStatus(reply.status) : reply.status >= 200 && reply.status < 300;
    if (ok) return response;
    const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
  };
}

/** Routes `METHOD /path` (query ignored) to replies; anything else answers 404. Records every call. */
export function fakeServer(routes: Record<string, FakeHandler | FakeReply>) {
  const calls: FakeRequest[] = [];
  const adapter = fakeAdapter((config) => {
    calls.push(config);
    const key = `${config.method.toUpperCase()} ${config.url.split('?')[0]}`;
    const route = routes[key];
    if (!route) return { status: 404, data: { code: 404, message: `未找到 ${key}`, results: null } };
    return typeof route === 'function' ? route(config) : route;
  });
  return { adapter, calls };
}

/** Points the app's http client (its axios adapter, the one network boundary) at a fake server; returns a restore function. */
export function installFakeServer(routes: Record<string, FakeHandler | FakeReply>) {
  const server = fakeServer(routes);
  const previous = http.defaults.adapter;
  http.defaults.adapter = server.adapter;
  return { calls: server.calls, restore: () => void (http.defaults.adapter = previous) };
}
