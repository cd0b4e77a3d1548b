// 全部重新处理 (issue 29 §7): after a reader improves, the owner of a space has every document read again. Each is
// queued as a retry queues one (documents.ts `startProcessing`), in one transaction and a few statements, so a space
// of thousands of documents is queued at once; processing replaces each document's chunks, hand edits included.
import { and, eq, ne, sql } from 'drizzle-orm';
import { knowledgeDocuments } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError } from '../http-error';
import { enqueueMany } from '../jobs/queue';
import { DOCUMENT_QUEUE, documentJobKey } from './process';
import type { SpaceRow } from './spaces';
import { visibleTo, type Viewer } from './visibility';

/**
 * Queues every document of the space that its owner sees, except those running now (they are being read already);
 * answers how many. Refused with 400, not 403, to anyone else: the client ends the session on a 403 (spec §8).
 */
export async function reprocessSpace(deps: Deps, viewer: Viewer, space: SpaceRow): Promise<number> {
  if (space.ownerId !== viewer.id) throw new HttpError(400, '只有知识空间的创建者可以全部重新处理');
  return deps.db.transaction(async (tx) => {
    const notRunning = and(eq(knowledgeDocuments.spaceId, space.id), ne(knowledgeDocuments.status, 'RUNNING'), visibleTo(viewer));
    const docs = await tx.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments).where(notRunning);
    if (!docs.length) return 0;
    const ids = docs.map((d) => d.id);
    await enqueueMany({ db: tx as unknown as Deps['db'], now: deps.now }, {
      queue: DOCUMENT_QUEUE, jobs: ids.map((id) => ({ key: documentJobKey(id), payload: { docId: id } })), maxAttempts: deps.config.jobMaxAttempts,
    });
    await tx.update(knowledgeDocuments).set({ status: 'TODO', result: '等待处理', updatedAt: deps.now() })
      .where(and(notRunning, sql`${knowledgeDocuments.id} = ANY(${sql.param(ids)}::int[])`));
    return ids.length;
  });
}
