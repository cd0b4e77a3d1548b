import type { Deps } from '../deps';
import type { Job } from './queue';
import { PermanentJobError, type JobHandler } from './worker';

/** A queue whose jobs each process one row that shows its own status to users (a document, a chat file). */
export type RowStatusQueue = {
  queue: string;
  /** The row a job is about, from its payload. */
  rowOf: (job: Job) => number;
  /** Processes the row; throws PermanentJobError for a failure no retry can mend (a corrupt file). */
  process: (rowId: number, signal: AbortSignal) => Promise<void>;
  setStatus: (rowId: number, status: 'TODO' | 'FAILED', result: string) => Promise<void>;
};

/**
 * The handler of such a queue (docs/decisions.md D13): a failure that will be retried shows as waiting again with
 * what happened, a final one as FAILED with its Chinese reason.
 */
export function rowStatusJobHandler(deps: Deps, q: RowStatusQueue): JobHandler {
  return {
    queue: q.queue,
    concurrency: deps.config.jobConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    timeoutMs: deps.config.jobTimeoutMs,
    retryDelayMs: 2000,
    run: async (job, signal) => {
      const rowId = q.rowOf(job);
      try {
        await q.process(rowId, signal);
      } catch (err) {
        if (!(err instanceof PermanentJobError) && job.attempts < job.maxAttempts && !signal.aborted) {
          const reason = err instanceof Error ? err.message : String(err);
          await q.setStatus(rowId, 'TODO', `第 ${job.attempts} 次处理失败（${reason.slice(0, 200)}），稍后自动重试`);
        }
        throw err;
      }
    },
    onFailed: async (job, reason) => {
      await q.setStatus(q.rowOf(job), 'FAILED', reason.slice(0, 500));
    },
  };
}
