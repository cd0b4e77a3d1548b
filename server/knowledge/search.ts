import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecallHit } from '../../contract/api';
import type { Deps } from '../deps';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { queryTerms } from './segment';
import { visibleTo, type Viewer } from './visibility';

/**
 * Full-text recall over the chunks of a space that the viewer may see (finished documents only): passages
 * holding every meaningful query word first; only when those are fewer than topK, passages holding any of them.
 * The score is PostgreSQL's cover-density rank normalised to 0..1 (rank / (rank + 1)).
 */
export async function recallChunks(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  spaceId: number,
  question: string,
  topK: number,
  minScore = -100,
): Promise<RecallHit[]> {
  const all = queryTerms(question, '&');
  if (!all) return [];
  const hits = await search(deps, viewer, spaceId, all, topK);
  const any = queryTerms(question, '|');
  if (hits.length < topK && any && any !== all) {
    const seen = new Set(hits.map((h) => h.chunk_id));
    for (const hit of await search(deps, viewer, spaceId, any, topK)) {
      if (hits.length >= topK) break;
      if (!seen.has(hit.chunk_id)) hits.push(hit);
    }
  }
  return hits.filter((hit) => hit.score >= minScore);
}

async function search(deps: Pick<Deps, 'db'>, viewer: Viewer, spaceId: number, terms: string, topK: number): Promise<RecallHit[]> {
  const query = sql`to_tsquery('simple', ${terms})`;
  const score = sql<number>`ts_rank_cd(${documentChunks.search}, ${query}, 32)`;
  const rows = await deps.db
    .select({
      id: documentChunks.id, documentId: documentChunks.documentId, seq: documentChunks.seq, content: documentChunks.content,
      docName: knowledgeDocuments.docName, secrecy: knowledgeDocuments.secrecy, score,
    })
    .from(documentChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
    .where(and(
      eq(documentChunks.spaceId, spaceId),
      sql`${documentChunks.search} @@ ${query}`,
      eq(knowledgeDocuments.status, 'FINISHED'),
      visibleTo(viewer),
    ))
    .orderBy(desc(score), documentChunks.id)
    .limit(topK);
  return rows.map((r) => ({
    chunk_id: r.id, document_id: r.documentId, chunk_name: r.docName, content: r.content,
    score: Math.round(Number(r.score) * 10_000) / 10_000, metadata: { seq: r.seq, secrecy: r.secrecy }, retriever: 'fulltext',
  }));
}
