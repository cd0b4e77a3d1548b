/** Aborted while waiting for a model slot (the user stopped or disconnected). */
export class QueueAbortedError extends Error {
  constructor() {
    super('已取消排队');
    this.name = 'QueueAbortedError';
  }
}

type Waiter = { grant: () => void; signal?: AbortSignal; onAbort: () => void };

/**
 * At most `limit` holders at once; the others wait first in, first out. A waiter whose signal aborts leaves
 * the queue at once. `running`/`waiting` are the truth the concurrency status reports.
 */
export class ConcurrencyLimiter {
  private held = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly limit: number) {}

  get running(): number {
    return this.held;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with a release function (idempotent) once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new QueueAbortedError());
    if (this.held < this.limit && this.queue.length === 0) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', waiter.onAbort);
          this.held++;
          resolve(this.releaser());
        },
        signal,
        onAbort: () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(new QueueAbortedError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Runs `fn` holding a slot. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.held--;
      const next = this.queue.shift();
      if (next) next.grant();
    };
  }
}
