import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import { LeaseLostError, type Job } from './queue';
import { PermanentJobError, type JobHandler, type JobUser } from './worker';

/** The user a statement selects as `id, username` (the first row), for a failed job's entry in the error log. */
export async function jobUser(deps: Pick<Deps, 'db'>, query: SQL): Promise<JobUser | undefined> {
  const result = (await deps.db.execute(query)) as unknown as { rows: JobUser[] };
  return result.rows[0];
}

/** The user of a row's owner column, e.g. a document's uploader. */
export const rowOwner = (deps: Pick<Deps, 'db'>, table: 'knowledge_documents' | 'chat_files', rowId: number) =>
  jobUser(deps, sql`SELECT u.id, u.username FROM ${sql.identifier(table)} r JOIN users u ON u.id = r.owner_id WHERE r.id = ${rowId}`);

/** A queue whose jobs each process one row that shows its own status to users (a document, a chat file). */
export type RowStatusQueue = {
  queue: string;
  /** The row a job is about, from its payload. */
  rowOf: (job: Job) => number;
  /**
   * Processes the row; throws PermanentJobError for a failure no retry can mend (a corrupt file). Its writes are
   * guarded by `leaseHeld(job)`, and it throws LeaseLostError when they found the job taken over.
   */
  process: (rowId: number, signal: AbortSignal, job: Job) => Promise<void>;
  setStatus: (rowId: number, status: 'TODO' | 'FAILED', result: string) => Promise<void>;
  /** The table whose `owner_id` started the job (uploader, asker). */
  table: 'knowledge_documents' | 'chat_files';
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
        await q.process(rowId, signal, job);
      } catch (err) {
        if (!(err instanceof PermanentJobError) && !(err instanceof LeaseLostError) && job.attempts < job.maxAttempts && !signal.aborted) {
          const reason = err instanceof Error ? err.message : String(err);
          await q.setStatus(rowId, 'TODO', `第 ${job.attempts} 次处理失败（${reason.slice(0, 200)}），稍后自动重试`);
        }
        throw err;
      }
    },
    userOf: (job) => rowOwner(deps, q.table, q.rowOf(job)),
    onFailed: async (job, reason) => {
      await q.setStatus(q.rowOf(job), 'FAILED', reason.slice(0, 500));
    },
  };
}
