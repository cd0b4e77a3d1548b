// Chunk embeddings (docs/decisions.md D16): computed in batches while a document is processed, stored in the
// optional pgvector column of migration 0007, searched by cosine distance among the chunks the viewer may see.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import type { Deps } from '../deps';
import { modelsOf } from '../llm/models';
import { visibleTo, type Viewer } from './visibility';

/** Chunks sent to the embedding model per request. */
export const EMBED_BATCH = 32;

const vectorColumns = new WeakMap<Db, Promise<boolean>>();

/** Whether the database has the embedding columns (pgvector was available when migration 0007 ran). */
export function hasVectorColumn(db: Db): Promise<boolean> {
  let known = vectorColumns.get(db);
  if (!known) {
    known = db.execute(sql`SELECT 1 FROM pg_attribute WHERE attrelid = 'document_chunks'::regclass AND attname = 'embedding' AND NOT attisdropped`)
      .then((res) => (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows).length > 0);
    known.catch(() => vectorColumns.delete(db));
    vectorColumns.set(db, known);
  }
  return known;
}

/** The embedding model to use, or null: none configured, or nowhere to store vectors. */
export async function embeddingModel(deps: Pick<Deps, 'db'> & { config?: Config }): Promise<string | null> {
  if (!deps.config?.llmBaseUrl || !deps.config.embeddingModel) return null;
  return (await hasVectorColumn(deps.db)) ? deps.config.embeddingModel.name : null;
}

/** A vector as pgvector's text form. */
export const vectorLiteral = (v: number[]) => `[${v.join(',')}]`;

/**
 * Embeddings of texts, EMBED_BATCH at a time through the model's queue. A model failure or a malformed answer
 * throws with the reason in Chinese (the job retries it, then the document fails with it).
 */
export async function embedTexts(config: Config, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    signal?.throwIfAborted();
    let batch: number[][] | null;
    try {
      batch = await modelsOf(config).embed(texts.slice(i, i + EMBED_BATCH), signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new Error(`向量化失败：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    if (!batch || batch.length !== Math.min(EMBED_BATCH, texts.length - i)) throw new Error('向量化失败：向量模型返回的条数与请求不符');
    for (const v of batch) {
      if (!Array.isArray(v) || v.length === 0 || v.length !== (out[0] ?? v).length || !v.every(Number.isFinite)) {
        throw new Error('向量化失败：向量模型返回的向量格式不正确');
      }
      out.push(v);
    }
  }
  return out;
}

/**
 * The chunks nearest to a question's vector in a space, among those the viewer may see (THE visibility
 * predicate, in SQL) of finished documents embedded by the same model with the same dimension; score is the
 * cosine similarity.
 */
export async function vectorRecall(db: Db, viewer: Viewer, spaceId: number, model: string, vector: number[], topK: number) {
  const distance = sql<number>`"document_chunks"."embedding" <=> ${vectorLiteral(vector)}::vector`;
  const rows = await db
    .select({
      id: documentChunks.id, documentId: documentChunks.documentId, seq: documentChunks.seq, content: documentChunks.content,
      docName: knowledgeDocuments.docName, secrecy: knowledgeDocuments.secrecy, headingPath: documentChunks.headingPath,
      position: documentChunks.position, distance,
    })
    .from(documentChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
    .where(and(
      eq(documentChunks.spaceId, spaceId),
      sql`"document_chunks"."embedding_model" = ${model}`,
      sql`vector_dims("document_chunks"."embedding") = ${vector.length}`,
      eq(documentChunks.disabled, false),
      eq(knowledgeDocuments.status, 'FINISHED'),
      visibleTo(viewer),
    ))
    .orderBy(distance, documentChunks.id)
    .limit(topK);
  return rows.map((r) => ({ ...r, score: 1 - Number(r.distance) }));
}
