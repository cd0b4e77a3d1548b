import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ChunkPosition, RecallHit } from '../../contract/api';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { preparedPerDb } from '../db/prepared';
import { documentChunks, knowledgeDocuments } from '../db/schema';
import { indexTerms, plainTerm, queryTerms, queryWords, withHeadingPath } from './segment';
import { termIndex, wordWeight, type Candidate } from './term-index';
import { embeddingModel, embedTexts, vectorRecall } from './vectors';
import { visibleDocumentIds, type VisibleSet } from './visible-documents';
import { visibleTo, type Viewer } from './visibility';

/**
 * Candidates read beyond top-K: none, as the ranked chunks are already those of visible finished documents; the
 * read-back only drops a chunk whose document changed meanwhile, and the next page is read then.
 */
const CANDIDATE_SPARE = 0;

/** Reciprocal rank fusion's constant: a hit at rank r (from 1) of a list adds 1 / (RRF_K + r). */
const RRF_K = 60;

/**
 * Recall over the chunks of a space that the viewer may see (finished documents only): at most `topK` passages whose
 * relevance is at least `minScore`, most relevant first.
 *
 * Relevance is one scale from 0 to 1 (D29), the one the space's 召回阈值 is set on and the one the recall test and
 * knowledge chat show (as a percentage): for full text, the share of the question's meaningful words, each weighted
 * by how rare it is among the space's passages (1 + its BM25 inverse document frequency), that the passage holds; a
 * passage holding every word is 100%, one sharing a single common word with the question a few per cent. BM25
 * orders passages of equal relevance. On both databases the words are ranked in memory
 * (server/knowledge/term-index.ts, the same function on both: D68) and the candidates read back through THE
 * visibility predicate in SQL; for a space too large for memory SQL finds the passages and the same relevance is
 * computed from their words, with the words' frequencies counted in SQL.
 *
 * `generation` is the space's change counter when the caller has just read it (saves reading it again).
 *
 * With an embedding model (and pgvector), the question's vector finds the nearest visible chunks too; a passage's
 * relevance is then the higher of its word relevance and its cosine similarity. A model that fails at question
 * time leaves full text alone (the answer must not depend on the model server being up).
 */
export async function recallChunks(
  deps: Pick<Deps, 'db'> & { config?: Config },
  viewer: Viewer,
  spaceId: number,
  question: string,
  topK: number,
  minScore = 0,
  generation?: number,
): Promise<RecallHit[]> {
  const words = queryWords(question);
  const [text, vector] = await Promise.all([
    fullText(deps.db, viewer, spaceId, question, words, topK, minScore, generation),
    vectorHits(deps, viewer, spaceId, question, topK),
  ]);
  const hits = vector ? fuse([text, vector], topK) : text;
  return hits.filter((hit) => hit.score >= minScore).slice(0, topK).map((hit) => ({ ...hit, highlights: matchedWords(hit.content, words) }));
}

type Row = {
  id: number; documentId: number; seq: number; content: string; docName: string; secrecy: string; headingPath: string; position: unknown;
};

const rounded = (n: number) => Math.round(n * 10_000) / 10_000;

function toHit(r: Row, score: number, retriever: string): RecallHit {
  return {
    chunk_id: r.id, document_id: r.documentId, chunk_name: r.docName, content: r.content,
    score: rounded(score), metadata: { seq: r.seq, secrecy: r.secrecy }, retriever,
    heading_path: r.headingPath, position: r.position as ChunkPosition,
  };
}

/** The query words found in a passage's text (as typed there, case aside), longest first, for highlighting. */
export function matchedWords(content: string, words: string[]): string[] {
  const text = content.normalize('NFKC').toLowerCase();
  return words.filter((w) => text.includes(w)).sort((a, b) => b.length - a.length);
}

export const chunkColumns = {
  id: documentChunks.id, documentId: documentChunks.documentId, seq: documentChunks.seq, content: documentChunks.content,
  docName: knowledgeDocuments.docName, secrecy: knowledgeDocuments.secrecy, headingPath: documentChunks.headingPath,
  position: documentChunks.position,
};

/** Recalled chunks: not disabled by the owner (chunk-edit.ts). */
export const recallable = eq(documentChunks.disabled, false);

/** Chunks of finished documents of the space that the viewer may see, among `where`, with a score. */
function visibleChunks(db: Db, viewer: Viewer, spaceId: number, where: SQL, score: SQL<number> = sql<number>`0`) {
  return db.select({ ...chunkColumns, score })
    .from(documentChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
    .where(and(eq(documentChunks.spaceId, spaceId), where, recallable, eq(knowledgeDocuments.status, 'FINISHED'), visibleTo(viewer)));
}

async function fullText(
  db: Db, viewer: Viewer, spaceId: number, question: string, words: string[], topK: number, minScore: number, generation?: number,
): Promise<RecallHit[]> {
  if (!words.length) return [];
  const index = await termIndex(db, spaceId, generation);
  if (index) {
    // Only what the viewer may see is ranked (D71): the set of visible documents comes from THE predicate in SQL,
    // kept until the space changes, so the few candidates read back below are normally all kept.
    const visible = await visibleDocumentIds(db, viewer, spaceId, index.generation);
    return offeredCandidates(db, visible, spaceId, index.rank(words, minScore, index.maskFor(visible), topK + CANDIDATE_SPARE), topK);
  }
  const all = queryTerms(question, '&');
  if (!all) return [];
  // Passages holding every word, then (when fewer than topK) those holding any; a few more than topK, as the
  // relevance below may reorder them.
  const wanted = topK * 2;
  const hits = await sqlSearch(db, viewer, spaceId, all, wanted);
  const any = queryTerms(question, '|');
  if (hits.length < wanted && any && any !== all) {
    const seen = new Set(hits.map((h) => h.row.id));
    for (const hit of await sqlSearch(db, viewer, spaceId, any, wanted)) {
      if (hits.length >= wanted) break;
      if (!seen.has(hit.row.id)) hits.push(hit);
    }
  }
  if (!hits.length) return [];
  const weights = await sqlWeights(db, spaceId, words);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  return hits
    .map((hit) => {
      const terms = new Set(indexTerms(withHeadingPath(hit.row.headingPath, hit.row.content)).split(' ').map(plainTerm));
      const held = words.reduce((sum, word, i) => sum + (terms.has(word) ? weights[i] : 0), 0);
      return { hit: toHit(hit.row, Math.min(1, held / total), 'fulltext'), rank: hit.rank };
    })
    .filter(({ hit }) => hit.score >= minScore)
    .sort((a, b) => b.hit.score - a.hit.score || b.rank - a.rank || a.hit.chunk_id - b.hit.chunk_id)
    .slice(0, topK)
    .map(({ hit }) => hit);
}

/** The query words' weights over the space's chunks (`wordWeight`), their frequencies counted in SQL. */
async function sqlWeights(db: Db, spaceId: number, words: string[]): Promise<number[]> {
  const counts = words.map((w) => sql`count(*) filter (where ${documentChunks.search} @@ to_tsquery('simple', ${`'${w}'`}))`);
  const [row] = await db.select({ n: sql<number>`count(*)`, df: sql<number[]>`array[${sql.join(counts, sql`, `)}]` })
    .from(documentChunks)
    .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
    .where(and(eq(documentChunks.spaceId, spaceId), recallable, eq(knowledgeDocuments.status, 'FINISHED')));
  const n = Number(row?.n ?? 0);
  return words.map((_w, i) => {
    return wordWeight(n, Number(row?.df?.[i] ?? 0));
  });
}

/**
 * The first topK candidates (best first) of documents in the viewer's visible set (THE predicate's answer for this
 * state of the space, visible-documents.ts) and finished now, read by id in growing pages with one prepared
 * statement: building and planning a join with the predicate per question cost more than the read itself.
 */
async function offeredCandidates(db: Db, visible: VisibleSet, spaceId: number, pages: Iterable<Candidate[]>, topK: number): Promise<RecallHit[]> {
  const hits: RecallHit[] = [];
  for (const page of pages) {
    const rows = await chunksById(db).execute({ space: spaceId, ids: page.map((c) => c[0]) });
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const [id, relevance] of page) {
      const row = byId.get(id);
      if (row && row.status === 'FINISHED' && visible.ids.has(row.documentId)) hits.push(toHit(row, relevance, 'fulltext'));
      if (hits.length >= topK) return hits;
    }
  }
  return hits;
}

const chunksById = preparedPerDb((db) => db.select({ ...chunkColumns, status: knowledgeDocuments.status })
  .from(documentChunks)
  .innerJoin(knowledgeDocuments, eq(knowledgeDocuments.id, documentChunks.documentId))
  .where(and(eq(documentChunks.spaceId, sql.placeholder('space')), sql`${documentChunks.id} = ANY(${sql.placeholder('ids')}::bigint[])`, recallable))
  .prepare('knowledge_recall_chunks_by_id'));

async function sqlSearch(db: Db, viewer: Viewer, spaceId: number, terms: string, limit: number): Promise<{ row: Row; rank: number }[]> {
  const query = sql`to_tsquery('simple', ${terms})`;
  const score = sql<number>`ts_rank_cd(${documentChunks.search}, ${query}, 32)`;
  const rows = await visibleChunks(db, viewer, spaceId, sql`${documentChunks.search} @@ ${query}`, score)
    .orderBy(desc(score), documentChunks.id)
    .limit(limit);
  return rows.map((r) => ({ row: r, rank: Number(r.score) }));
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
  // Cosine similarity, 0..1 (opposite directions count as unrelated, not negative).
  return rows.map((r) => toHit(r, Math.max(0, r.score), 'vector'));
}

/**
 * Merges ranked lists of the same passages: a passage's relevance is the highest any list gave it (word relevance,
 * cosine similarity: both 0..1), most relevant first; reciprocal rank fusion orders passages of equal relevance.
 */
export function fuse(lists: RecallHit[][], topK: number): RecallHit[] {
  const fused = new Map<number, { hit: RecallHit; score: number; rrf: number; retrievers: Set<string> }>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const entry = fused.get(hit.chunk_id) ?? { hit, score: 0, rrf: 0, retrievers: new Set<string>() };
      entry.rrf += 1 / (RRF_K + rank + 1);
      entry.score = Math.max(entry.score, hit.score);
      entry.retrievers.add(hit.retriever);
      fused.set(hit.chunk_id, entry);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || b.rrf - a.rrf || a.hit.chunk_id - b.hit.chunk_id)
    .slice(0, topK)
    .map(({ hit, score, retrievers }) => ({ ...hit, score: rounded(score), retriever: retrievers.size > 1 ? 'hybrid' : hit.retriever }));
}
