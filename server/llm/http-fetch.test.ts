import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { createHttpFetch, ON_REQUEST_SENT } from './http-fetch';

let llm: FakeLlm;
let echo: Server;
let echoUrl = '';
beforeAll(async () => {
  llm = await startFakeLlm();
  // Answers what it received, or nothing for 204.
  echo = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.url === '/empty') return res.writeHead(204).end();
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'], auth: req.headers.authorization }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await llm?.close();
  echo?.closeAllConnections();
  await new Promise((r) => echo?.close(r));
});

const chat = (content: string) => JSON.stringify({ model: 'fake-chat', stream: true, messages: [{ role: 'user', content }] });

describe('the model client’s fetch over node:http', () => {
  it('says once when the request has gone out, before the answer', async () => {
    const f = createHttpFetch();
    const order: string[] = [];
    const pending = f(`${echoUrl}/sent`, { method: 'POST', body: '{}', [ON_REQUEST_SENT]: () => order.push('sent') } as RequestInit);
    const res = await pending;
    order.push('answered');
    await res.text();
    expect(order).toEqual(['sent', 'answered']);
  });

  it('sends method, headers and body, and answers status, headers and body like fetch', async () => {
    const f = createHttpFetch();
    const res = await f(`${echoUrl}/x`, { method: 'post', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{"问":"题"}' });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.json()).toEqual({ method: 'POST', body: '{"问":"题"}', type: 'application/json', auth: 'Bearer k' });
    const bytes = await f(new URL(`${echoUrl}/x`), { method: 'POST', body: new TextEncoder().encode('字节') });
    expect(((await bytes.json()) as { body: string }).body).toBe('字节');
    const empty = await f(`${echoUrl}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('streams the answer as it comes', async () => {
    const res = await createHttpFetch()(`${llm.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chat('流式问题') });
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames.at(-1)).toBe('data: [DONE]');
    const content = frames.slice(0, -1).map((f) => JSON.parse(f.slice(6)).choices[0].delta.content ?? '').join('');
    expect(content).toContain('流式问题');
  });

  it('an abort during the answer cancels the upstream request and errors the body as an AbortError', async () => {
    const controller = new AbortController();
    const aborted = llm.stats.aborted;
    const res = await createHttpFetch()(`${llm.url}/chat/completions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: chat('[slow:40] 很长很长的回答'), signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    const deadline = Date.now() + 2000;
    while (llm.stats.aborted === aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(llm.stats.aborted).toBe(aborted + 1);
  });

  it('refuses an aborted signal at once, and reports an unreachable server as fetch does', async () => {
    const f = createHttpFetch();
    await expect(f(`${echoUrl}/x`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(f('http://127.0.0.1:9/v1/models')).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });

  it('leaves bodies it does not write itself to the global fetch', async () => {
    const form = new FormData();
    form.append('file', new Blob(['表格']), 'a.csv');
    const res = await createHttpFetch()(`${echoUrl}/x`, { method: 'POST', body: form });
    expect(((await res.json()) as { type: string }).type).toMatch(/^multipart\/form-data; boundary=/);
  });
});
