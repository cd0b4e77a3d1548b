import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps';
import { recordError } from '../errors/error-log';
import { claim, complete, expireAllLeases, fail, heartbeat, LeaseLostError, reapExpired, release, type Job } from './queue';

/** A failure that retrying cannot fix (a corrupt file): the job fails at once with this message. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Who started a job. */
export type JobUser = { id: number; username: string };

/** What a queue's worker does, and its limits. */
export type JobHandler = {
  queue: string;
  /** Jobs run at once by this process. */
  concurrency: number;
  /** Lease length; a worker that dies is noticed this long after its last heartbeat. */
  leaseMs: number;
  /**
   * Longest one attempt may go without progress; then it is aborted and counts as a failed attempt. A handler that
   * reports progress (`progressed`, e.g. each page of a long scan recognised) starts the time again.
   */
  timeoutMs: number;
  /** Wait before a failed attempt is tried again: fixed, or from the attempts made so far (a backoff). */
  retryDelayMs: number | ((attempts: number) => number);
  run: (job: Job, signal: AbortSignal, progressed: () => void) => Promise<void>;
  /** The user who started the job (the uploader, the asker, the tester), named in the error log when it fails (D56). */
  userOf?: (job: Job) => Promise<JobUser | undefined>;
  /** Called once when a job fails for good (attempts used up, permanent error, or its worker died too often). */
  onFailed?: (job: Job, reason: string) => Promise<void>;
};

/**
 * Background work waits this long after the app is built (D80): the server's first requests (a health probe, the
 * page that was open) are answered before the queues' recovery statements and first claims take the embedded
 * database's one connection. A wake (an upload) starts the worker at once.
 */
export const BACKGROUND_START_MS = 250;

export type WorkerOptions = {
  /** How often the queue is looked at when nobody wakes the worker. */
  pollMs?: number;
  /** The database has no other process (PGlite): running jobs left by a dead process restart at once. */
  soleProcess?: boolean;
  /** No timer and no first pass: the caller drives the worker with tick() (tests). */
  manual?: boolean;
  /** How long after its creation the worker first looks at the queue (default BACKGROUND_START_MS). */
  startDelayMs?: number;
  /** Errors; and with `info`, each job claimed (queue, key, attempt), which tells which process ran what. */
  log?: { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
};

export type Worker = {
  /** Looks at the queue now (after an enqueue). */
  wake: () => void;
  /** One pass: fail expired jobs, claim up to the free slots; answers when the claimed jobs have settled. */
  tick: () => Promise<void>;
  /** Jobs running in this process. */
  running: () => number;
  /** Asks now whether each running job is still this process's (after a stop): one that is not is aborted at once. */
  checkLeases: () => void;
  /** Stops claiming, aborts the running jobs and gives them back to the queue. */
  stop: () => Promise<void>;
};

/** Reasons shown to users (Chinese, as every message of the product). */
export const JOB_REASONS = {
  timeout: (ms: number) => `处理超时（超过 ${Math.round(ms / 1000)} 秒），已停止`,
  workerDied: '处理进程中断，重试次数已用完',
  shutdown: '服务停止，稍后继续处理',
} as const;

/** The worker of a process that runs no jobs: nothing is ever claimed. */
const IDLE_WORKER: Worker = { wake: () => undefined, tick: async () => undefined, running: () => 0, checkLeases: () => undefined, stop: async () => undefined };

/**
 * Runs the jobs of one queue in this process (docs/decisions.md D13). Jobs are claimed with a lease that a
 * heartbeat extends; a job whose worker dies is claimed again when the lease runs out, up to its attempts. A process
 * configured with RUN_JOBS=false claims nothing: worker processes on the same PostgreSQL run its jobs.
 */
export function startWorker(deps: Deps, handler: JobHandler, options: WorkerOptions = {}): Worker {
  if (deps.config.runJobs === false) return IDLE_WORKER;
  const owner = `${process.pid}-${randomUUID()}`;
  const pollMs = options.pollMs ?? 1000;
  const active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  /** Each running job's heartbeat, to beat at once. */
  const beats = new Map<number, () => void>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let passing: Promise<void> | null = null;
  let again = false;
  let ready: Promise<void> | null = null;

  const logError = (err: unknown, msg: string) => options.log?.error({ err, queue: handler.queue }, msg);

  async function finishFailed(job: Job, reason: string) {
    const user = await handler.userOf?.(job).catch((err: unknown) => void logError(err, 'job user not found'));
    await recordError(deps, {
      kind: 'job', summary: `后台任务失败（${handler.queue}，第 ${job.attempts} 次尝试后）`, detail: reason, route: handler.queue,
      userId: user?.id ?? null, username: user?.username ?? '',
    });
    try {
      await handler.onFailed?.(job, reason);
    } catch (err) {
      logError(err, 'job failure not recorded');
    }
  }

  async function execute(job: Job, controller: AbortController): Promise<void> {
    const beatNow = () => {
      heartbeat(deps, job.id, owner, handler.leaseMs)
        .then((held) => { if (!held) controller.abort(new Error('lost')); })
        .catch((err) => logError(err, 'heartbeat failed'));
    };
    const beat = setInterval(beatNow, Math.max(50, Math.floor(handler.leaseMs / 3)));
    beats.set(job.id, beatNow);
    const arm = () => setTimeout(() => controller.abort(new Error(JOB_REASONS.timeout(handler.timeoutMs))), handler.timeoutMs);
    let timeout = arm();
    const progressed = () => {
      clearTimeout(timeout);
      if (!controller.signal.aborted) timeout = arm();
    };
    try {
      // A handler must honour the signal; one that does not still frees its slot when aborted.
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
      });
      await Promise.race([handler.run(job, controller.signal, progressed), aborted]);
      if (controller.signal.aborted) throw controller.signal.reason;
      await complete(deps, job.id, owner);
    } catch (err) {
      if (stopped) {
        await release(deps, job.id, owner);
        return;
      }
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error
        ? controller.signal.reason.message
        : err instanceof Error ? err.message : String(err);
      // Cancelled or taken over (noticed by the heartbeat, or by the handler's guarded writes): its new owner records the outcome.
      if (reason === 'lost' || err instanceof LeaseLostError) return;
      const { retryDelayMs } = handler;
      const outcome = await fail(deps, job.id, owner, reason, {
        retryable: !(err instanceof PermanentJobError),
        retryDelayMs: typeof retryDelayMs === 'number' ? retryDelayMs : retryDelayMs(job.attempts),
      });
      if (outcome === 'failed') await finishFailed(job, reason);
    } finally {
      clearInterval(beat);
      beats.delete(job.id);
      clearTimeout(timeout);
    }
  }

  // The sole process reaps once, at its start (a lease can only run out under another process, or a dead one).
  let reaped = false;
  async function pass(): Promise<void> {
    ready ??= options.soleProcess ? expireAllLeases(deps, handler.queue).then(() => undefined) : Promise.resolve();
    await ready;
    if (!(options.soleProcess && reaped)) {
      for (const job of await reapExpired(deps, handler.queue, JOB_REASONS.workerDied)) await finishFailed(job, JOB_REASONS.workerDied);
      reaped = true;
    }
    while (!stopped && active.size < handler.concurrency) {
      const job = await claim(deps, handler.queue, owner, handler.leaseMs);
      if (!job) break;
      options.log?.info?.({ queue: handler.queue, key: job.key, job: job.id, attempt: job.attempts, owner }, 'job claimed');
      const controller = new AbortController();
      const done = execute(job, controller)
        .catch((err) => logError(err, 'job bookkeeping failed'))
        .finally(() => {
          active.delete(job.id);
          if (!stopped) wake();
        });
      active.set(job.id, { controller, done });
    }
  }

  function wake(): void {
    if (stopped) return;
    if (passing) {
      again = true;
      return;
    }
    passing = pass()
      .catch((err) => logError(err, 'queue pass failed'))
      .finally(() => {
        passing = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  function schedule(): void {
    timer = setTimeout(() => {
      wake();
      if (!stopped) schedule();
    }, pollMs);
    timer.unref();
  }

  let starting: NodeJS.Timeout | undefined;
  if (!options.manual) {
    starting = setTimeout(() => {
      if (stopped) return;
      schedule();
      wake();
    }, options.startDelayMs ?? BACKGROUND_START_MS);
    starting.unref();
  }

  return {
    wake,
    tick: async () => {
      await (passing ?? Promise.resolve());
      await pass();
      await Promise.all([...active.values()].map((a) => a.done));
    },
    running: () => active.size,
    checkLeases: () => {
      for (const beat of beats.values()) beat();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(starting);
      clearTimeout(timer);
      await (passing ?? Promise.resolve()).catch(() => undefined);
      for (const { controller } of active.values()) controller.abort(new Error(JOB_REASONS.shutdown));
      await Promise.all([...active.values()].map((a) => a.done));
    },
  };
}
