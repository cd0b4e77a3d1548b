import { sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps';
import type { jobs } from '../db/schema';

/** A job as stored (docs/decisions.md D13). */
export type Job = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  queue: string;
  /** What the job is about, e.g. `doc:42`; one waiting or running job per key and queue. */
  key: string;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
  runAfter?: Date;
};

type Row = Record<string, unknown>;

function toJob(row: Row): Job {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: Number(row.id),
    queue: String(row.queue),
    key: String(row.key),
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Job['payload'],
    state: String(row.state),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAfter: date(row.run_after) as Date,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseExpiresAt: date(row.lease_expires_at),
    lastError: String(row.last_error ?? ''),
    createdAt: date(row.created_at) as Date,
    updatedAt: date(row.updated_at) as Date,
    finishedAt: date(row.finished_at),
  };
}

async function rows(deps: Pick<Deps, 'db'>, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await deps.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Adds a job unless one for the same key is already waiting or running; answers its id either way and
 * whether it was created. Idempotent, so a retried request never queues the same work twice.
 */
export async function enqueue(deps: Pick<Deps, 'db' | 'now'>, options: EnqueueOptions): Promise<{ id: number; created: boolean }> {
  const now = deps.now();
  const inserted = await rows(deps, sql`
    INSERT INTO jobs (queue, key, payload, max_attempts, run_after, created_at, updated_at)
    VALUES (${options.queue}, ${options.key}, ${JSON.stringify(options.payload ?? {})}::jsonb, ${options.maxAttempts ?? 3},
            ${options.runAfter ?? now}, ${now}, ${now})
    ON CONFLICT (queue, key) WHERE state in ('queued', 'active') DO NOTHING
    RETURNING id`);
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const existing = await rows(deps, sql`
    SELECT id FROM jobs WHERE queue = ${options.queue} AND key = ${options.key} AND state in ('queued', 'active')`);
  if (!existing[0]) return enqueue(deps, options); // finished in between: queue a new one
  return { id: Number(existing[0].id), created: false };
}

/**
 * Adds one job per key in a single statement (a generation's hundred tasks queued at once), skipping keys that
 * already have a waiting or running job, as `enqueue` does; answers how many were added.
 */
export async function enqueueMany(
  deps: Pick<Deps, 'db' | 'now'>, options: { queue: string; jobs: { key: string; payload: Record<string, unknown> }[]; maxAttempts?: number },
): Promise<number> {
  if (options.jobs.length === 0) return 0;
  const now = deps.now();
  const inserted = await rows(deps, sql`
    INSERT INTO jobs (queue, key, payload, max_attempts, run_after, created_at, updated_at)
    SELECT ${options.queue}, j.key, j.payload, ${options.maxAttempts ?? 3}, ${now}, ${now}, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(options.jobs.map((j, ord) => ({ ...j, ord })))}::jsonb) AS j(key text, payload jsonb, ord int)
    ORDER BY j.ord
    ON CONFLICT (queue, key) WHERE state in ('queued', 'active') DO NOTHING
    RETURNING id`);
  return inserted.length;
}

/**
 * A condition, for a statement's WHERE, that holds while `job` is still leased to the worker that claimed it. A
 * handler's writes guarded by it do nothing once the job was taken over (its lease ran out while the worker still
 * ran, on PostgreSQL another process claimed it) or cancelled: two owners never write one row's results at once.
 */
export function leaseHeld(job: Pick<Job, 'id' | 'leaseOwner'>): SQL {
  return sql`EXISTS (SELECT 1 FROM jobs WHERE jobs.id = ${job.id} AND jobs.lease_owner = ${job.leaseOwner} AND jobs.state = 'active')`;
}

/** Whether `job` is still leased to the worker that claimed it. */
export async function stillHeld(deps: Pick<Deps, 'db'>, job: Pick<Job, 'id' | 'leaseOwner'>): Promise<boolean> {
  const [row] = await rows(deps, sql`SELECT ${leaseHeld(job)} AS held`);
  return row?.held === true;
}

/** Thrown by a handler that finds its job no longer leased to it: the worker then records nothing (its new owner does). */
export class LeaseLostError extends Error {
  constructor() {
    super('lost');
  }
}

/**
 * Claims the oldest runnable job of a queue for `owner` until `leaseMs` from now: a waiting job whose time
 * has come, or a running one whose lease ran out (its worker died) and that has attempts left.
 */
export async function claim(deps: Pick<Deps, 'db' | 'now'>, queue: string, owner: string, leaseMs: number): Promise<Job | null> {
  const now = deps.now();
  const until = new Date(now.getTime() + leaseMs);
  const claimed = await rows(deps, sql`
    UPDATE jobs SET state = 'active', attempts = attempts + 1, lease_owner = ${owner}, lease_expires_at = ${until},
                    updated_at = ${now}
    WHERE id = (
      SELECT id FROM jobs
      WHERE queue = ${queue}
        AND ((state = 'queued' AND run_after <= ${now})
          OR (state = 'active' AND lease_expires_at < ${now} AND attempts < max_attempts))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1)
    RETURNING *`);
  return claimed[0] ? toJob(claimed[0]) : null;
}

/** Fails the running jobs whose lease ran out with no attempts left; answers them, for their owners' records. */
export async function reapExpired(deps: Pick<Deps, 'db' | 'now'>, queue: string, reason: string): Promise<Job[]> {
  const now = deps.now();
  const reaped = await rows(deps, sql`
    UPDATE jobs SET state = 'failed', last_error = ${reason}, lease_owner = NULL, lease_expires_at = NULL,
                    finished_at = ${now}, updated_at = ${now}
    WHERE queue = ${queue} AND state = 'active' AND lease_expires_at < ${now} AND attempts >= max_attempts
    RETURNING *`);
  return reaped.map(toJob);
}

/** Extends the lease of a job the owner still holds; false when it lost it (cancelled, or taken over). */
export async function heartbeat(deps: Pick<Deps, 'db' | 'now'>, id: number, owner: string, leaseMs: number): Promise<boolean> {
  const now = deps.now();
  const updated = await rows(deps, sql`
    UPDATE jobs SET lease_expires_at = ${new Date(now.getTime() + leaseMs)}, updated_at = ${now}
    WHERE id = ${id} AND lease_owner = ${owner} AND state = 'active'
    RETURNING id`);
  return updated.length > 0;
}

/** Marks a held job done; false when the owner had lost it (its result must then be ignored). */
export async function complete(deps: Pick<Deps, 'db' | 'now'>, id: number, owner: string): Promise<boolean> {
  const now = deps.now();
  const updated = await rows(deps, sql`
    UPDATE jobs SET state = 'done', lease_owner = NULL, lease_expires_at = NULL, last_error = '',
                    finished_at = ${now}, updated_at = ${now}
    WHERE id = ${id} AND lease_owner = ${owner} AND state = 'active'
    RETURNING id`);
  return updated.length > 0;
}

/**
 * Records a failed attempt of a held job: queued again after `retryDelayMs` while attempts remain and the
 * failure is retryable, failed for good otherwise. Answers the outcome ('lost' when the owner had lost it).
 */
export async function fail(
  deps: Pick<Deps, 'db' | 'now'>,
  id: number,
  owner: string,
  error: string,
  options: { retryable: boolean; retryDelayMs: number },
): Promise<'retry' | 'failed' | 'lost'> {
  const now = deps.now();
  const updated = await rows(deps, sql`
    UPDATE jobs SET
      state = CASE WHEN ${options.retryable} AND attempts < max_attempts THEN 'queued' ELSE 'failed' END,
      run_after = ${new Date(now.getTime() + options.retryDelayMs)},
      finished_at = CASE WHEN ${options.retryable} AND attempts < max_attempts THEN NULL ELSE ${now}::timestamptz END,
      lease_owner = NULL, lease_expires_at = NULL, last_error = ${error}, updated_at = ${now}
    WHERE id = ${id} AND lease_owner = ${owner} AND state = 'active'
    RETURNING state`);
  if (!updated[0]) return 'lost';
  return updated[0].state === 'queued' ? 'retry' : 'failed';
}

/**
 * Gives held jobs back without counting the attempt (graceful shutdown), so the next process starts them
 * at once instead of waiting for the lease to run out.
 */
export async function release(deps: Pick<Deps, 'db' | 'now'>, id: number, owner: string): Promise<void> {
  const now = deps.now();
  await deps.db.execute(sql`
    UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), lease_owner = NULL, lease_expires_at = NULL,
                    run_after = ${now}, updated_at = ${now}
    WHERE id = ${id} AND lease_owner = ${owner} AND state = 'active'`);
}

/**
 * Makes every running job of a queue claimable at once. Only for a database that no other process uses
 * (the embedded one): at start, whatever was running belonged to a process that is gone.
 */
export async function expireAllLeases(deps: Pick<Deps, 'db' | 'now'>, queue: string): Promise<number> {
  const now = deps.now();
  const updated = await rows(deps, sql`
    UPDATE jobs SET lease_expires_at = ${new Date(now.getTime() - 1)}, updated_at = ${now}
    WHERE queue = ${queue} AND state = 'active'
    RETURNING id`);
  return updated.length;
}

/** Cancels the waiting and running jobs of the given keys (a running one stops at its next heartbeat). */
export async function cancel(deps: Pick<Deps, 'db' | 'now'>, queue: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const now = deps.now();
  const updated = await rows(deps, sql`
    UPDATE jobs SET state = 'cancelled', lease_owner = NULL, lease_expires_at = NULL, finished_at = ${now}, updated_at = ${now}
    WHERE queue = ${queue} AND state in ('queued', 'active') AND key = ANY(${sql.param(keys)}::text[])
    RETURNING id`);
  return updated.length;
}

/** The place in the queue (1 = next) of each waiting job among `keys`; running and finished ones are absent. */
export async function queuePositions(deps: Pick<Deps, 'db'>, queue: string, keys: string[]): Promise<Map<string, number>> {
  const positions = new Map<string, number>();
  if (keys.length === 0) return positions;
  const ranked = await rows(deps, sql`
    SELECT key, position FROM (
      SELECT key, row_number() OVER (ORDER BY id) AS position FROM jobs WHERE queue = ${queue} AND state = 'queued'
    ) AS waiting
    WHERE key = ANY(${sql.param(keys)}::text[])`);
  for (const row of ranked) positions.set(String(row.key), Number(row.position));
  return positions;
}

/** The latest job of a key (any state), for status pages and tests. */
export async function latestJob(deps: Pick<Deps, 'db'>, queue: string, key: string): Promise<Job | null> {
  const found = await rows(deps, sql`SELECT * FROM jobs WHERE queue = ${queue} AND key = ${key} ORDER BY id DESC LIMIT 1`);
  return found[0] ? toJob(found[0]) : null;
}
