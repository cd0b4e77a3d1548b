// Vectors filled in later (issue 29 §7): a document whose embedding fails or takes too long is finished with full-text
// search only (`vectors_pending`, shown as 向量待补), and a job of its own queue embeds the chunks afterwards, waiting
// longer between attempts while the model stays down. Recall meanwhile finds the document's chunks by full text:
// vector recall only reads chunks embedded by the current model.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { knowledgeDocuments } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue, type Job } from '../jobs/queue';
import { assertLeaseKept, jobUser, writeGuard } from '../jobs/row-status-handler';
import type { JobHandler } from '../jobs/worker';
import { embeddingModel, embedTexts, vectorLiteral } from './vectors';
import { withHeadingPath } from './segment';

/** The queue of vector backfills; a job's key is `doc:<id>`, as the document's processing job. */
export const VECTOR_QUEUE = 'vector-backfill';

/** Attempts of one backfill: with the waits below, about seven hours of a model that stays down. */
export const BACKFILL_ATTEMPTS = 12;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 3_600_000;
/** Chunks read and embedded per round of a backfill (each round its own statements). */
const BACKFILL_BATCH = 128;

/** The wait before a backfill's next attempt, doubling from 30 s up to an hour. */
export function backfillWaitMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1));
}

/** What a document's result says while its vectors wait. */
export function pendingResult(chunkCount: number, reason: string): string {
  return `处理完成，共 ${chunkCount} 个分块；已完成全文索引，向量待补（${reason.slice(0, 200)}）`;
}

/**
 * Embeddings of a document's chunks while it is processed; `failed` with the reason when the model fails or takes more
 * than half the job's time, and the document is then finished with full-text search only. The job's own abort (a
 * stop, a shutdown, a lost lease) is thrown as before.
 */
export async function embedWhileProcessing(
  config: Config, texts: string[], signal: AbortSignal,
): Promise<{ vectors: number[][] } | { failed: string }> {
  const budgetMs = Math.floor(config.jobTimeoutMs / 2);
  const budget = AbortSignal.timeout(budgetMs);
  try {
    return { vectors: await embedTexts(config, texts, AbortSignal.any([signal, budget])) };
  } catch (err) {
    if (signal.aborted) throw err;
    if (budget.aborted) return { failed: `向量化超时（超过 ${Math.round(budgetMs / 1000)} 秒）` };
    return { failed: err instanceof Error ? err.message : String(err) };
  }
}

/** Queues the filling of a document's missing vectors after the first wait; one waiting or running job per document. */
export async function queueVectorBackfill(deps: Pick<Deps, 'db' | 'now'>, docId: number): Promise<void> {
  await enqueue(deps, {
    queue: VECTOR_QUEUE, key: `doc:${docId}`, payload: { docId }, maxAttempts: BACKFILL_ATTEMPTS,
    runAfter: new Date(deps.now().getTime() + FIRST_WAIT_MS),
  });
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Embeds the chunks of a finished document that have no vector of the current model, a batch at a time in seq order,
 * then clears `vectors_pending` once none is missing. A chunk changed meanwhile (an edit) keeps no vector of its old
 * text; chunks replaced meanwhile (a reprocessing) are left to that processing. Without a model (or pgvector) there is
 * nothing to fill: the flag is cleared. Writes are guarded by the job's lease.
 */
export async function fillVectors(deps: Deps, docId: number, signal: AbortSignal, job?: Job): Promise<void> {
  const held = writeGuard(job);
  const waiting = and(eq(knowledgeDocuments.id, docId), eq(knowledgeDocuments.status, 'FINISHED'), eq(knowledgeDocuments.vectorsPending, true), held);
  const model = await embeddingModel(deps);
  if (!model) {
    await deps.db.update(knowledgeDocuments).set({ vectorsPending: false }).where(waiting);
    return;
  }
  const missing = sql`document_id = ${docId} AND (embedding IS NULL OR embedding_model IS DISTINCT FROM ${model})`;
  for (let afterSeq = -1; ;) {
    const [doc] = await deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments).where(waiting);
    if (!doc) return; // deleted, reprocessed, already filled, or the lease lost (nothing more is written)
    const chunks = rowsOf(await deps.db.execute(sql`
      SELECT id, seq, heading_path, content FROM document_chunks WHERE ${missing} AND seq > ${afterSeq} ORDER BY seq LIMIT ${BACKFILL_BATCH}`));
    if (chunks.length === 0) break;
    const vectors = await embedTexts(deps.config, chunks.map((c) => withHeadingPath(String(c.heading_path), String(c.content))), signal);
    signal.throwIfAborted();
    const written = rowsOf(await deps.db.execute(sql`
      UPDATE document_chunks AS d SET embedding = x.e::vector, embedding_model = ${model}
      FROM unnest(${sql.param(chunks.map((c) => Number(c.id)))}::bigint[], ${sql.param(chunks.map((c) => String(c.content)))}::text[],
                  ${sql.param(vectors.map(vectorLiteral))}::text[]) AS x(i, c, e)
      WHERE d.id = x.i AND d.content = x.c AND ${held}
      RETURNING d.id`));
    await assertLeaseKept(deps, job, written.length);
    afterSeq = Number(chunks[chunks.length - 1].seq);
  }
  const cleared = rowsOf(await deps.db.execute(sql`
    UPDATE knowledge_documents SET vectors_pending = false, result = '处理完成，共 ' || chunk_count || ' 个分块，已向量化'
    WHERE ${waiting} AND NOT EXISTS (SELECT 1 FROM document_chunks WHERE ${missing})
    RETURNING id`));
  if (cleared.length > 0) return;
  await assertLeaseKept(deps, job, 0);
  const [still] = await deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments).where(waiting);
  // A chunk edited or added while this ran still has no vector: the next attempt embeds it.
  if (still) throw new Error('仍有分块缺少向量，稍后重试');
}

/** The vector-backfill queue's handler: one job at a time per process, retried with a growing wait. */
export function vectorBackfillHandler(deps: Deps): JobHandler {
  const docOf = (job: Job) => Number((job.payload as { docId?: unknown }).docId);
  return {
    queue: VECTOR_QUEUE,
    concurrency: 1,
    leaseMs: deps.config.jobLeaseMs,
    timeoutMs: deps.config.jobTimeoutMs,
    retryDelayMs: backfillWaitMs,
    run: (job, signal) => fillVectors(deps, docOf(job), signal, job),
    userOf: (job) => jobUser(deps, sql`SELECT u.id, u.username FROM knowledge_documents d JOIN users u ON u.id = d.owner_id WHERE d.id = ${docOf(job)}`),
    // The document stays searchable by full text and marked 向量待补; reprocessing it tries again.
    onFailed: async (job, reason) => {
      await deps.db.update(knowledgeDocuments)
        .set({ result: sql`'处理完成，共 ' || ${knowledgeDocuments.chunkCount} || ' 个分块；已完成全文索引，向量补全多次失败（' || ${reason.slice(0, 200)}::text || '），重新处理可再试'` })
        .where(and(eq(knowledgeDocuments.id, docOf(job)), eq(knowledgeDocuments.vectorsPending, true)));
    },
  };
}
