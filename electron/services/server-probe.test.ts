import { describe, expect, it, vi } from 'vitest';
import { probeServer } from './server-probe';

describe('probeServer', () => {
  it('reports success for any answer below 500, without following redirects', async () => {
    const fetchFn = vi.fn(async () => ({ status: 401 }));
    expect(await probeServer('10.0.0.5:8080', fetchFn)).toEqual({ ok: true, status: 401, message: '连接成功' });
    expect(fetchFn).toHaveBeenCalledWith('http://10.0.0.5:8080/', expect.objectContaining({ method: 'GET', redirect: 'manual' }));
  });

  it('reports server errors, network failures and timeouts in Chinese', async () => {
    expect(await probeServer('http://a', async () => ({ status: 502 }))).toMatchObject({ ok: false, status: 502, message: '服务器返回错误（502）' });
    expect(await probeServer('http://a', async () => Promise.reject(new Error('ECONNREFUSED')))).toMatchObject({ ok: false, message: '无法连接到服务器，请检查地址和网络' });
    const hang = (_u: string, init: { signal: AbortSignal }) =>
      new Promise<{ status: number }>((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await probeServer('http://a', hang, 10)).toMatchObject({ ok: false, message: '连接超时，请检查服务器地址' });
  });

  it('never contacts an invalid address', async () => {
    const fetchFn = vi.fn();
    expect(await probeServer('file:///etc/passwd', fetchFn)).toMatchObject({ ok: false, status: null });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
