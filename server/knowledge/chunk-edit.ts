// The owner mends what was extracted (issue 29 §7): a finished document's chunks edited, disabled, deleted, or added
// by hand. Each change runs in one transaction with the document's row locked and moved on (updated_at, chunk_count):
// the row's trigger raises the space's change counter (migration 0005), so cached lists and recall answers are
// dropped and the in-memory term index reads that document's chunks again (term-index.ts skips disabled ones, as
// the SQL and vector recall do).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Chunk, ChunkAddBody, ChunkDeleteBody, ChunkDisableBody, ChunkUpdateBody } from '../../contract/api';
import type { Db } from '../db/client';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import { assertCanChange, chunkOnWire, listedChunkColumns, visibleDocument, type DocumentRow } from './documents';
import { indexTerms, withHeadingPath } from './segment';
import type { SpaceRow } from './spaces';
import { embeddingModel, embedTexts, hasVectorColumn, vectorLiteral } from './vectors';
import { queueVectorBackfill } from './vector-backfill';
import type { Viewer } from './visibility';

const BUSY = '文档正在处理，处理完成后才能修改分块';

/** Which chunk a change touched, for the audit log: its document and its number. */
export type ChunkTouched = { doc: DocumentRow; seq: number };
/** What a change left: the chunk as listed, too. */
export type ChunkChange = ChunkTouched & { chunk: Chunk };

/** A finished document of the space the viewer may change: 404 when they may not see it, 400 when not theirs. */
async function changeableDocument(deps: Deps, viewer: Viewer, space: SpaceRow, documentId: number): Promise<DocumentRow> {
  const doc = await visibleDocument(deps, viewer, space, documentId);
  assertCanChange(doc, space, viewer);
  if (doc.status !== 'FINISHED') throw badRequest(BUSY);
  return doc;
}

/** Text as typed, trimmed; refused when nothing is left. */
function typedContent(content: string): string {
  const text = content.trim();
  if (!text) throw badRequest('分块内容不能为空');
  return text;
}

/**
 * Runs `change` on the document's chunks in one transaction: the document's row is locked first (so processing,
 * which sets it RUNNING, waits or has already won: then the change is refused), and moved on last: its chunk count
 * counted again (in its 结果 too) and its update time moved forward by at least a millisecond, which is what the term index compares.
 */
async function changeChunks<T>(deps: Deps, doc: DocumentRow, change: (tx: Db) => Promise<T>, vectorsPending = false): Promise<T> {
  const changed = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [locked] = await tx.select({ status: knowledgeDocuments.status }).from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.id, doc.id)).for('update');
    if (locked?.status !== 'FINISHED') throw badRequest(BUSY);
    const result = await change(tx);
    const counted = sql`(SELECT count(*) FROM ${documentChunks} WHERE ${documentChunks.documentId} = ${doc.id})::int`;
    await tx.update(knowledgeDocuments).set({
      updatedAt: sql`greatest(${deps.now().toISOString()}::timestamptz, ${knowledgeDocuments.updatedAt} + interval '1 millisecond')`,
      chunkCount: counted,
      // The list's 结果 (处理完成，共 N 个分块…) says the count as it is now.
      result: sql`regexp_replace(${knowledgeDocuments.result}, '共 [0-9]+ 个分块', '共 ' || ${counted} || ' 个分块')`,
      ...(vectorsPending ? { vectorsPending: true } : {}),
    }).where(eq(knowledgeDocuments.id, doc.id));
    return result;
  });
  // The vector the model could not make now is made by the backfill job (D106).
  if (vectorsPending) await queueVectorBackfill(deps, doc.id);
  return changed;
}

/** The chunk of the document, or 404. */
async function chunkOf(db: Db, doc: DocumentRow, chunkId: number) {
  const [chunk] = await db.select(listedChunkColumns).from(documentChunks)
    .where(and(eq(documentChunks.id, chunkId), eq(documentChunks.documentId, doc.id)));
  if (!chunk) throw new HttpError(404, '分块不存在');
  return chunk;
}

/**
 * The embedding columns' new values for a chunk's text: its vector when the space has a model (computed before the
 * transaction: it is the slow part), none without a model (an old vector would recall the old text), and none with
 * the document marked 向量待补 when the model fails now. Null where the database stores no vectors.
 */
async function embeddingOf(deps: Deps, text: string): Promise<{ set: SQL; pending: boolean } | null> {
  if (!(await hasVectorColumn(deps.db))) return null;
  const none = { set: sql`embedding = NULL, embedding_model = NULL`, pending: false };
  const model = await embeddingModel(deps);
  if (!model) return none;
  try {
    const [vector] = await embedTexts(deps.config, [text]);
    return { set: sql`embedding = ${vectorLiteral(vector)}::vector, embedding_model = ${model}`, pending: false };
  } catch {
    return { ...none, pending: true };
  }
}

async function storeEmbedding(tx: Db, chunkId: number, embedding: { set: SQL } | null): Promise<void> {
  if (embedding) await tx.execute(sql`UPDATE document_chunks SET ${embedding.set} WHERE id = ${chunkId}`);
}

/** New text for a chunk: its terms and vector made again from its heading path and the text; seq and position kept. */
export async function updateChunk(deps: Deps, viewer: Viewer, space: SpaceRow, body: ChunkUpdateBody): Promise<ChunkChange> {
  const doc = await changeableDocument(deps, viewer, space, body.document_id);
  const current = await chunkOf(deps.db, doc, body.chunk_id);
  const content = typedContent(body.content);
  const text = withHeadingPath(current.headingPath, content);
  const embedding = await embeddingOf(deps, text);
  const chunk = await changeChunks(deps, doc, async (tx) => {
    await tx.update(documentChunks).set({ content, terms: indexTerms(text), edited: true })
      .where(and(eq(documentChunks.id, current.id), eq(documentChunks.documentId, doc.id)));
    await storeEmbedding(tx, current.id, embedding);
    return chunkOf(tx, doc, current.id);
  }, embedding?.pending);
  return { doc, chunk: chunkOnWire(doc, chunk), seq: chunk.seq };
}

/** 停用 or 启用 a chunk: a disabled chunk stays in the list and is never recalled. */
export async function disableChunk(deps: Deps, viewer: Viewer, space: SpaceRow, body: ChunkDisableBody): Promise<ChunkChange> {
  const doc = await changeableDocument(deps, viewer, space, body.document_id);
  const chunk = await changeChunks(deps, doc, async (tx) => {
    const current = await chunkOf(tx, doc, body.chunk_id);
    await tx.update(documentChunks).set({ disabled: body.disabled }).where(eq(documentChunks.id, current.id));
    return { ...current, disabled: body.disabled };
  });
  return { doc, chunk: chunkOnWire(doc, chunk), seq: chunk.seq };
}

/** Deletes a chunk; the others keep their numbers. */
export async function deleteChunk(deps: Deps, viewer: Viewer, space: SpaceRow, body: ChunkDeleteBody): Promise<ChunkTouched> {
  const doc = await changeableDocument(deps, viewer, space, body.document_id);
  const seq = await changeChunks(deps, doc, async (tx) => {
    const current = await chunkOf(tx, doc, body.chunk_id);
    await tx.delete(documentChunks).where(eq(documentChunks.id, current.id));
    return current.seq;
  });
  return { doc, seq };
}

/** A chunk typed by hand, after the document's last one (the next seq), marked manual, recalled like the others. */
export async function addChunk(deps: Deps, viewer: Viewer, space: SpaceRow, body: ChunkAddBody): Promise<ChunkChange> {
  const doc = await changeableDocument(deps, viewer, space, body.document_id);
  const content = typedContent(body.content);
  const headingPath = (body.heading_path ?? '').trim();
  const text = withHeadingPath(headingPath, content);
  const embedding = await embeddingOf(deps, text);
  const chunk = await changeChunks(deps, doc, async (tx) => {
    // The document's row is locked: no other change numbers a chunk meanwhile.
    const [{ id }] = await tx.insert(documentChunks).values({
      documentId: doc.id, spaceId: doc.spaceId, content, terms: indexTerms(text), headingPath, manual: true,
      seq: sql`(SELECT coalesce(max(${documentChunks.seq}), -1) + 1 FROM ${documentChunks} WHERE ${documentChunks.documentId} = ${doc.id})`,
    }).returning({ id: documentChunks.id });
    await storeEmbedding(tx, id, embedding);
    return chunkOf(tx, doc, id);
  }, embedding?.pending);
  return { doc, chunk: chunkOnWire(doc, chunk), seq: chunk.seq };
}
