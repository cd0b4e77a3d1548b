import { and, eq, sql } from 'drizzle-orm';
import { officeOf } from '../config-office';
import type { Deps } from '../deps';
import { documentChunks, knowledgeDocuments, knowledgeSpaces } from '../db/schema';
import { inBatches, positions } from '../jobs/batches';
import type { Job } from '../jobs/queue';
import { assertLeaseKept, rowStatusJobHandler, writeGuard } from '../jobs/row-status-handler';
import type { JobHandler } from '../jobs/worker';
import { zipLimitsOf } from '../uploads/limits';
import { ocrSettingsOf } from '../config-ocr';
import { storedArguments } from './arguments';
import { chunksInPool } from './chunks-in-pool';
import { documentProgress } from './document-progress';
import { readStoredFile } from './storage';
import { embedWhileProcessing, pendingResult, queueVectorBackfill } from './vector-backfill';
import { withHeadingPath } from './segment';
import { embeddingModel, vectorLiteral } from './vectors';

/** The queue of document processing jobs; a job's key is `doc:<id>`. */
export const DOCUMENT_QUEUE = 'document-processing';
export const documentJobKey = (docId: number) => `doc:${docId}`;

/** Chunks written per insert statement: short enough that a request waiting for the embedded database's one
 * connection waits a few milliseconds (D80). */
const INSERT_BATCH = 50;

/**
 * Processes one document: text, chunks by the space's arguments, segmented terms for full-text search, and
 * embeddings when a model is configured and the database stores vectors. When the model fails or is too slow, the
 * document is finished with full-text search only and marked `vectors_pending` (向量待补), and a job of the vector
 * queue fills the vectors in later (vector-backfill.ts); full text finds its chunks meanwhile. The
 * chunks replace the document's previous ones while it is RUNNING, so reprocessing (a retry, or a job taken
 * over after a crash) never duplicates them, and no reader sees half a document: readers use FINISHED ones only.
 * Under a job, every write is guarded by its lease: a worker whose job was taken over changes nothing more.
 */
export async function processDocument(deps: Deps, docId: number, signal: AbortSignal, job?: Job, progressed?: () => void): Promise<void> {
  const held = writeGuard(job);
  const [doc] = await deps.db
    .select({ doc: knowledgeDocuments, argument: knowledgeSpaces.argument })
    .from(knowledgeDocuments)
    .innerJoin(knowledgeSpaces, eq(knowledgeSpaces.id, knowledgeDocuments.spaceId))
    .where(eq(knowledgeDocuments.id, docId));
  if (!doc) return; // deleted meanwhile: nothing to do
  await deps.db.update(knowledgeDocuments).set({ status: 'RUNNING', result: '', vectorsPending: false, progress: '', updatedAt: deps.now() }).where(and(eq(knowledgeDocuments.id, docId), held));
  const { type, bytes } = await readStoredFile(deps.config, doc.doc.filePath);
  const { embedding } = storedArguments(doc.argument);
  // Checked, extracted, chunked and segmented in a worker thread (D50): the request thread keeps answering. A scan's
  // pages recognised show in the list; a stop (cancelled, timed out, lease lost) ends the reading in the worker.
  const progress = documentProgress(deps, docId, held);
  const { chunks, paths, positions: places, terms } = await chunksInPool({
    bytes, type, limits: zipLimitsOf(deps.config), office: officeOf(deps.config), maxPages: deps.config.docMaxPages, ocr: ocrSettingsOf(deps.config),
    chunkSize: embedding.chunk_size, chunkOverlap: embedding.chunk_overlap,
  }, {
    // Each page recognised is progress: a long scan is stopped when it stalls for JOB_TIMEOUT_MS, not when it is long.
    progress: (done, total, unit) => {
      progress.report(done, total, unit);
      progressed?.();
    },
    signal,
  }).finally(progress.settled);
  signal.throwIfAborted();
  // Embeddings first (the slow part), then the chunks replaced; a chunk is embedded with its heading path, as it is
  // matched in full text. A model that fails or is too slow leaves them to the vector queue.
  const model = await embeddingModel(deps);
  const embedded = model ? await embedWhileProcessing(deps.config, chunks.map((c, i) => withHeadingPath(paths[i], c)), signal) : null;
  const vectors = embedded && 'vectors' in embedded ? embedded.vectors : null;
  const postponed = embedded && 'failed' in embedded ? embedded.failed : null;
  signal.throwIfAborted();
  // Replaced a batch at a time, each batch its own statement, not in one transaction (D80): while the document is
  // not FINISHED no reader uses its chunks (recall, the term index, vector search and the chunk list read finished
  // documents only), and a retry deletes what a failed attempt left. One transaction held the embedded database's
  // only connection, so every request, for the whole insert (≈ 0.4 s for a 251-page PDF).
  await deps.db.delete(documentChunks).where(and(eq(documentChunks.documentId, docId), held));
  await inBatches(chunks.length, INSERT_BATCH, signal, (from, to) => {
    const columns = sql`${sql.param(positions(from, to))}::int[], ${sql.param(chunks.slice(from, to))}::text[], ${sql.param(terms.slice(from, to))}::text[],
      ${sql.param(paths.slice(from, to))}::text[], ${sql.param(places.slice(from, to).map((p) => JSON.stringify(p)))}::text[]`;
    // One statement per batch: arrays unnested into rows (faster than a VALUES list on the embedded database).
    return deps.db.execute(vectors
      ? sql`INSERT INTO document_chunks (document_id, space_id, seq, content, terms, heading_path, position, embedding, embedding_model)
            SELECT ${docId}::int, ${doc.doc.spaceId}::int, s, c, t, h, p::jsonb, e::vector, ${model}::text
            FROM unnest(${columns}, ${sql.param(vectors.slice(from, to).map(vectorLiteral))}::text[]) AS x(s, c, t, h, p, e)
            WHERE ${held}`
      : sql`INSERT INTO document_chunks (document_id, space_id, seq, content, terms, heading_path, position)
            SELECT ${docId}::int, ${doc.doc.spaceId}::int, s, c, t, h, p::jsonb FROM unnest(${columns}) AS x(s, c, t, h, p)
            WHERE ${held}`);
  });
  const finished = await deps.db.update(knowledgeDocuments)
    .set({
      status: 'FINISHED', chunkCount: chunks.length, vectorsPending: postponed !== null, progress: '', updatedAt: deps.now(),
      result: postponed === null ? `处理完成，共 ${chunks.length} 个分块${vectors ? '，已向量化' : ''}` : pendingResult(chunks.length, postponed),
    })
    .where(and(eq(knowledgeDocuments.id, docId), held))
    .returning({ id: knowledgeDocuments.id });
  await assertLeaseKept(deps, job, finished.length);
  if (postponed !== null) await queueVectorBackfill(deps, docId);
}

/** The document-processing queue's handler (docs/decisions.md D13). */
export function documentJobHandler(deps: Deps): JobHandler {
  return rowStatusJobHandler(deps, { queue: DOCUMENT_QUEUE, payloadKey: 'docId', table: knowledgeDocuments, process: processDocument });
}
