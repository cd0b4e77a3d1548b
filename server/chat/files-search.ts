// Full-text search over the documents uploaded into one dialogue (file chat), with the knowledge search's
// segmentation and ranking: passages holding every meaningful question word first, then any of them.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { chatFileChunks, chatFiles } from '../db/schema';
import { queryTerms } from '../knowledge/segment';

export type ChatFilePassage = { fileName: string; content: string; score: number };

async function search(deps: Pick<Deps, 'db'>, dialogueId: number, terms: string, topK: number) {
  const query = sql`to_tsquery('simple', ${terms})`;
  const score = sql<number>`ts_rank_cd(${chatFileChunks.search}, ${query}, 32)`;
  return deps.db
    .select({ id: chatFileChunks.id, fileName: chatFiles.fileName, content: chatFileChunks.content, score })
    .from(chatFileChunks)
    .innerJoin(chatFiles, eq(chatFiles.id, chatFileChunks.fileId))
    .where(and(
      eq(chatFiles.dialogueId, dialogueId),
      eq(chatFiles.kind, 'document'),
      eq(chatFiles.status, 'FINISHED'),
      sql`${chatFileChunks.search} @@ ${query}`,
    ))
    .orderBy(desc(score), chatFileChunks.id)
    .limit(topK);
}

/** The best passages of the dialogue's processed documents for a question (score 0..1, best first). */
export async function searchChatFiles(deps: Pick<Deps, 'db'>, dialogueId: number, question: string, topK: number): Promise<ChatFilePassage[]> {
  const all = queryTerms(question, '&');
  if (!all || topK < 1) return [];
  const hits = await search(deps, dialogueId, all, topK);
  const any = queryTerms(question, '|');
  if (hits.length < topK && any && any !== all) {
    const seen = new Set(hits.map((h) => h.id));
    for (const hit of await search(deps, dialogueId, any, topK)) {
      if (hits.length >= topK) break;
      if (!seen.has(hit.id)) hits.push(hit);
    }
  }
  return hits.map((h) => ({ fileName: h.fileName, content: h.content, score: Math.round(Number(h.score) * 10_000) / 10_000 }));
}
