import { http } from '../lib/http';
import { TransportError, type Adapter, type PreparedRequest } from '../lib/http/transport';

/** What the fake network answers: a status and body, or a transport failure. */
export type FakeReply = { status: number; data?: unknown; headers?: Record<string, string> } | { network: true } | { timeout: true };
/** The request as the network boundary sees it (method upper case, headers settled, params and data as given). */
export type FakeRequest = PreparedRequest;
export type FakeHandler = (config: FakeRequest) => FakeReply | Promise<FakeReply>;

/** A stand-in for the http client's network adapter (src/lib/http/transport.ts); it settles like the real one. */
export function fakeAdapter(handler: FakeHandler): Adapter {
  return async (config) => {
    const reply = await handler(config);
    if ('network' in reply) throw new TransportError('network', 'Network Error');
    // The transport turns a rejection into a timeout only when its timer fired; a fake timeout says so itself.
    if ('timeout' in reply) throw new TransportError('timeout', `timeout of ${config.timeout}ms exceeded`);
    return { status: reply.status, data: reply.data, headers: reply.headers ?? {} };
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

/** Points the app's http client at a fake server; returns a restore function. */
export function installFakeServer(routes: Record<string, FakeHandler | FakeReply>) {
  const server = fakeServer(routes);
  const previous = http.defaults.adapter;
  http.defaults.adapter = server.adapter;
  return { calls: server.calls, restore: () => void (http.defaults.adapter = previous) };
}
