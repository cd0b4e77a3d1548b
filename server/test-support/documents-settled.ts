// Waiting in a test for knowledge documents to end processing (FINISHED or FAILED), waking the worker meanwhile.
import { knowledgeDocuments } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * The documents' rows once each is FINISHED or FAILED, or as they are after `timeoutMs`. With `advanceClockMs`, the
 * fake clock moves on each round (a retry waits on it).
 */
export async function documentsSettled(t: TestApp, docIds: number[], options: { timeoutMs?: number; advanceClockMs?: number } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const rows = (await t.deps.db.select().from(knowledgeDocuments)).filter((r) => docIds.includes(r.id));
    if (rows.every((r) => r.status === 'FINISHED' || r.status === 'FAILED') || Date.now() > deadline) return rows;
    if (options.advanceClockMs) t.clock.advance(options.advanceClockMs);
    t.app.documentWorker?.wake();
    await new Promise((r) => setTimeout(r, 100));
  }
}
