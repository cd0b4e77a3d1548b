import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter, QueueAbortedError } from './limiter';

describe('ConcurrencyLimiter', () => {
  it('lets `limit` holders in and queues the rest first in, first out', async () => {
    const l = new ConcurrencyLimiter(2);
    const order: number[] = [];
    const a = await l.acquire();
    const b = await l.acquire();
    const waiting = [3, 4, 5].map((n) => l.acquire().then((release) => (order.push(n), release)));
    expect({ running: l.running, waiting: l.waiting }).toEqual({ running: 2, waiting: 3 });
    a();
    a(); // releasing twice frees one slot only
    const c = await waiting[0];
    expect({ running: l.running, waiting: l.waiting }).toEqual({ running: 2, waiting: 2 });
    b();
    c();
    const [d, e] = await Promise.all(waiting.slice(1));
    expect(order).toEqual([3, 4, 5]);
    d();
    e();
    expect({ running: l.running, waiting: l.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiter whose signal aborts, and refuses an already aborted one', async () => {
    const l = new ConcurrencyLimiter(1);
    const held = await l.acquire();
    const controller = new AbortController();
    const gone = l.acquire(controller.signal);
    const next = l.acquire();
    expect(l.waiting).toBe(2);
    controller.abort();
    await expect(gone).rejects.toBeInstanceOf(QueueAbortedError);
    expect(l.waiting).toBe(1);
    held();
    const release = await next;
    expect(l.running).toBe(1);
    release();
    await expect(l.acquire(controller.signal)).rejects.toBeInstanceOf(QueueAbortedError);
    expect({ running: l.running, waiting: l.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('run() releases on failure', async () => {
    const l = new ConcurrencyLimiter(1);
    await expect(l.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(l.running).toBe(0);
    expect(await l.run(async () => 7)).toBe(7);
  });
});
