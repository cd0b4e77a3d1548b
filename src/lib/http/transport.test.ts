import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, HttpStatusError, networkAdapter, TransportError, urlOf, type PreparedRequest } from './transport';

const prepared = (over: Partial<PreparedRequest>): PreparedRequest => ({ url: '/api/x', method: 'get', headers: new Headers(), timeout: 0, ...over });

afterEach(() => vi.unstubAllGlobals());

describe('the fetch transport', () => {
  it('writes the query as axios did: arrays as key[], nothing for null and undefined, after a base URL', () => {
    expect(urlOf(prepared({ baseURL: 'http://h:1/', params: { a: 1, b: [2, 3], c: null, d: undefined, e: '中' } })))
      .toBe('http://h:1/api/x?a=1&b%5B%5D=2&b%5B%5D=3&e=%E4%B8%AD');
    expect(urlOf(prepared({ url: '/api/x?y=1', params: { z: 2 } }))).toBe('/api/x?y=1&z=2');
  });

  it('sends JSON with its type, no type without a body, and reads JSON, text or a Blob back', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      new Response(init.method === 'GET' ? 'plain' : '{"ok":true}', { status: 200, headers: { 'content-disposition': 'attachment' } }));
    vi.stubGlobal('fetch', fetch);
    const http = createHttp({ headers: { 'Content-Type': 'application/json' } });
    const posted = await http.post('/api/x', { a: 1 });
    expect(posted).toMatchObject({ status: 200, data: { ok: true }, headers: { 'content-disposition': 'attachment' } });
    const [, init] = fetch.mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect((await http.get('/api/x')).data).toBe('plain');
    expect(new Headers(fetch.mock.calls[1][1].headers).has('content-type')).toBe(false);
    const blob = await http.get<Blob>('/api/x', { responseType: 'blob' });
    expect(await blob.data.text()).toBe('plain');
  });

  it('lets the browser type a FormData body (its multipart boundary)', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('a', '1');
    await networkAdapter(prepared({ method: 'post', data: form, headers: new Headers({ 'Content-Type': 'application/json' }) }));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('fails a non-2xx answer with its body, a refused connection as network, a slow one as timeout, an aborted one as cancel', async () => {
    const errors: unknown[] = [];
    const http = createHttp({}, { error: (e) => (errors.push(e), e) });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"没有权限"}', { status: 403 })));
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpStatusError);
    expect((errors[0] as HttpStatusError).response).toMatchObject({ status: 403, data: { message: '没有权限' } });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 'network' });
    vi.stubGlobal('fetch', vi.fn((_u: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))))));
    await expect(http.get('/api/x', { timeout: 20 })).rejects.toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    const call = http.get('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'cancel' });
    expect(errors.every((e) => e instanceof TransportError || e instanceof HttpStatusError)).toBe(true);
  });
});
