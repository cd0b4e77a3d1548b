import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { chatFiles, knowledgeDocuments } from '../db/schema';
import { LeaseLostError, leaseHeld, stillHeld, type Job } from './queue';
import { PermanentJobError, type JobHandler, type JobUser } from './worker';

/** The user a statement selects as `id, username` (the first row), for a failed job's entry in the error log. */
export async function jobUser(deps: Pick<Deps, 'db'>, query: SQL): Promise<JobUser | undefined> {
  const result = (await deps.db.execute(query)) as unknown as { rows: JobUser[] };
  return result.rows[0];
}

/** The tables whose rows show their processing's status (`status`, `result`) and name who started it (`owner_id`). */
type StatusTable = typeof knowledgeDocuments | typeof chatFiles;

/** The user of a row's owner column, e.g. a document's uploader. */
const rowOwner = (deps: Pick<Deps, 'db'>, table: StatusTable, rowId: number) =>
  jobUser(deps, sql`SELECT u.id, u.username FROM ${sql.identifier(getTableName(table))} r JOIN users u ON u.id = r.owner_id WHERE r.id = ${rowId}`);

/** A queue whose jobs each process one row that shows its own status to users (a document, a chat file). */
export type RowStatusQueue = {
  queue: string;
  /** The payload field holding the id of the row a job is about. */
  payloadKey: string;
  /**
   * Processes the row; throws PermanentJobError for a failure no retry can mend (a corrupt file). Its writes are
   * guarded by `writeGuard(job)`, and it ends with `assertLeaseKept` after its last write.
   */
  process: (deps: Deps, rowId: number, signal: AbortSignal, job: Job, progressed: () => void) => Promise<void>;
  /** The table of the rows, whose `owner_id` started the job (uploader, asker). */
  table: StatusTable;
};

/** What a row's processing guards its writes with: the job's lease, or nothing when called without a job (tests). */
export const writeGuard = (job?: Job): SQL => (job ? leaseHeld(job) : sql`true`);

/**
 * After the guarded write that finishes a row: when it changed nothing, the row was deleted meanwhile (nothing more
 * to do) or the job was taken over, and then its new owner writes and records the outcome (LeaseLostError).
 */
export async function assertLeaseKept(deps: Pick<Deps, 'db'>, job: Job | undefined, rowsWritten: number): Promise<void> {
  if (rowsWritten === 0 && job && !(await stillHeld(deps, job))) throw new LeaseLostError();
}

/**
 * The handler of such a queue (docs/decisions.md D13): a failure that will be retried shows as waiting again with
 * what happened, a final one as FAILED with its Chinese reason.
 */
export function rowStatusJobHandler(deps: Deps, q: RowStatusQueue): JobHandler {
  const rowOf = (job: Job) => Number((job.payload as Record<string, unknown>)[q.payloadKey]);
  const setStatus = async (rowId: number, status: 'TODO' | 'FAILED', result: string, guard: SQL = sql`true`) => {
    await deps.db.update(q.table).set({ status, result, updatedAt: deps.now() }).where(and(eq(q.table.id, rowId), guard));
  };
  return {
    queue: q.queue,
    concurrency: deps.config.jobConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    timeoutMs: deps.config.jobTimeoutMs,
    retryDelayMs: 2000,
    run: async (job, signal, progressed) => {
      const rowId = rowOf(job);
      try {
        await q.process(deps, rowId, signal, job, progressed);
      } catch (err) {
        if (!(err instanceof PermanentJobError) && !(err instanceof LeaseLostError) && job.attempts < job.maxAttempts && !signal.aborted) {
          const reason = err instanceof Error ? err.message : String(err);
          // Only while the job is still this worker's: a stopped or taken-over job's row belongs to whoever has it now.
          await setStatus(rowId, 'TODO', `第 ${job.attempts} 次处理失败（${reason.slice(0, 200)}），稍后自动重试`, leaseHeld(job));
        }
        throw err;
      }
    },
    userOf: (job) => rowOwner(deps, q.table, rowOf(job)),
    onFailed: async (job, reason) => {
      await setStatus(rowOf(job), 'FAILED', reason.slice(0, 500));
    },
  };
}
