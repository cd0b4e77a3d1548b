import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RecallHit } from '../../contract/api';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { queryTerms, queryWords } from './segment';
import { termIndex, type Candidate } from './term-index';
import { embeddingModel, embedTexts, vectorRecall } from './vectors';
import { visibleTo, type Viewer } from './visibility';

/** Reciprocal rank fusion's constant: a hit at rank r (from 1) of a list adds 1 / (RRF_K + r). */
const RRF_K = 60;

/**
 * Recall over the chunks of a space that the viewer may see (finished documents only).
 *
 * Full text: passages holding every meaningful query word first; only when those are fewer than topK, passages
 * holding any of them. On PostgreSQL (and for a space too large for memory) the score is the cover-density rank
 * normalised to 0..1; on the embedded
 * database the terms are ranked in memory with BM25 (server/knowledge/term-index.ts, normalised the same way)
 * and the candidates are read back through THE visibility predicate in SQL.
 *
 * With an embedding model (and pgvector), the question's vector finds the nearest visible chunks too, and both
 * lists are merged by reciprocal rank fusion; the score is then the fused score normalised to 0..1. A model that
 * fails at question time leaves full text alone (the answer must not depend on the model server being up).
 */
export async function recallChunks(
  deps: Pick<Deps, 'db'> & { config?: Config },
  viewer: Viewer,
  spaceId: number,
  question: string,
  topK: number,
  minScore = -100,
): Promise<RecallHit[]> {
  const [text, vector] = await Promise.all([fullText(deps.db, viewer, spaceId, question, topK), vectorHits(deps, viewer, spaceId, question, topK)]);
  const hits = vector ? fuse([text, vector], topK) : text;
  return hits.filter((hit) => hit.score >= minScore);
}

type Row = { id: number; documentId: number; seq: number; content: string; docName: string; secrecy: string };

const rounded = (n: number) => Math.round(n * 10_000) / 10_000;

function toHit(r: Row, score: number, retriever: string): RecallHit {
  return {
    chunk_id: r.id, document_id: r.documentId, chunk_name: r.docName, content: r.content,
    score: rounded(score), metadata: { seq: r.seq, secrecy: r.secrecy }, retriever,
  };
}

const chunkColumns = {
  id: documentChunks.id, documentId: documentChunks.documentId, seq: documentChunks.seq, content: documentChunks.content,
  docName: knowledgeDocuments.docName, secrecy: knowledgeDocuments.secrecy,
};

/** Chunks of finished documents of the space that the viewer may see, among `where`, with a score. */
function visibleChunks(db: Db, viewer: Viewer, spaceId: number, where: SQL, score: SQL<number> = sql<number>`0`) {
  return db.select({ ...chunkColumns, score })
    .from(documentChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
    .where(and(eq(documentChunks.spaceId, spaceId), where, eq(knowledgeDocuments.status, 'FINISHED'), visibleTo(viewer)));
}

/** Whether the database is the embedded PGlite (one WASM thread: full-text ranking is done in memory). */
function embedded(db: Db): boolean {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === 'function';
}

async function fullText(db: Db, viewer: Viewer, spaceId: number, question: string, topK: number): Promise<RecallHit[]> {
  const index = embedded(db) ? await termIndex(db, spaceId) : null;
  if (index) {
    const words = queryWords(question);
    if (!words.length) return [];
    return visibleCandidates(db, viewer, spaceId, index.rank(words), topK);
  }
  const all = queryTerms(question, '&');
  if (!all) return [];
  const hits = await sqlSearch(db, viewer, spaceId, all, topK);
  const any = queryTerms(question, '|');
  if (hits.length < topK && any && any !== all) {
    const seen = new Set(hits.map((h) => h.chunk_id));
    for (const hit of await sqlSearch(db, viewer, spaceId, any, topK)) {
      if (hits.length >= topK) break;
      if (!seen.has(hit.chunk_id)) hits.push(hit);
    }
  }
  return hits;
}

/**
 * The first topK candidates (best first) that the viewer may see, read in growing pages through the visibility
 * predicate in SQL; the BM25 score is normalised to 0..1 as s / (s + 10).
 */
async function visibleCandidates(db: Db, viewer: Viewer, spaceId: number, pages: Iterable<Candidate[]>, topK: number): Promise<RecallHit[]> {
  const hits: RecallHit[] = [];
  for (const page of pages) {
    const rows = await visibleChunks(db, viewer, spaceId, sql`${documentChunks.id} = ANY(${sql.param(page.map((c) => c[0]))}::bigint[])`);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const [id, score] of page) {
      const row = byId.get(id);
      if (row) hits.push(toHit(row, score / (score + 10), 'fulltext'));
      if (hits.length >= topK) return hits;
    }
  }
  return hits;
}

async function sqlSearch(db: Db, viewer: Viewer, spaceId: number, terms: string, topK: number): Promise<RecallHit[]> {
  const query = sql`to_tsquery('simple', ${terms})`;
  const score = sql<number>`ts_rank_cd(${documentChunks.search}, ${query}, 32)`;
  const rows = await visibleChunks(db, viewer, spaceId, sql`${documentChunks.search} @@ ${query}`, score)
    .orderBy(desc(score), documentChunks.id)
    .limit(topK);
  return rows.map((r) => toHit(r, Number(r.score), 'fulltext'));
}

/** The nearest chunks by vector, or null without an embedding model (or when it fails now). */
async function vectorHits(deps: Pick<Deps, 'db'> & { config?: Config }, viewer: Viewer, spaceId: number, question: string, topK: number) {
  const model = await embeddingModel(deps);
  if (!model || !deps.config || !question.trim()) return null;
  let vector: number[];
  try {
    [vector] = await embedTexts(deps.config, [question]);
  } catch {
    return null;
  }
  const rows = await vectorRecall(deps.db, viewer, spaceId, model, vector, topK);
  return rows.map((r) => toHit(r, r.score, 'vector'));
}

/** Reciprocal rank fusion of ranked lists: the fused score normalised by its best possible value. */
export function fuse(lists: RecallHit[][], topK: number): RecallHit[] {
  const fused = new Map<number, { hit: RecallHit; score: number; retrievers: Set<string> }>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const entry = fused.get(hit.chunk_id) ?? { hit, score: 0, retrievers: new Set<string>() };
      entry.score += 1 / (RRF_K + rank + 1);
      entry.retrievers.add(hit.retriever);
      fused.set(hit.chunk_id, entry);
    });
  }
  const best = lists.length / (RRF_K + 1);
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.hit.chunk_id - b.hit.chunk_id)
    .slice(0, topK)
    .map(({ hit, score, retrievers }) => ({ ...hit, score: rounded(score / best), retriever: retrievers.size > 1 ? 'hybrid' : hit.retriever }));
}
