import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './schema-columns';

/**
 * Durable background jobs (document processing, later test-case generation), docs/decisions.md D13.
 * A worker claims a job with a lease (FOR UPDATE SKIP LOCKED); a job whose lease ran out (the worker died)
 * is claimed again until max_attempts, then failed with the reason. `key` makes enqueueing idempotent
 * while a job for the same thing is waiting or running.
 */
export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  queue: text('queue').notNull(),
  key: text('key').notNull(),
  payload: jsonb('payload').notNull().default({}),
  /** queued → active → done | failed | cancelled (active → queued again on a retryable failure). */
  state: text('state').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(3),
  runAfter: at('run_after').notNull(),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: at('lease_expires_at'),
  lastError: text('last_error').notNull().default(''),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  finishedAt: at('finished_at'),
}, (t) => [
  index('jobs_claim_idx').on(t.queue, t.state, t.runAfter),
  uniqueIndex('jobs_pending_key_uq').on(t.queue, t.key).where(sql`state in ('queued', 'active')`),
]);
