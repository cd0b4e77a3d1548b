// One document as both document lists show it (the in-memory list of D71 and the SQL list it is tested against), so
// the two cannot drift apart: the row with the names shown beside it, then the answer with its queue position.
import { inArray } from 'drizzle-orm';
import type { KnowledgeDocument } from '../../contract/api';
import type { Deps } from '../deps';
import { roles, type knowledgeDocuments } from '../db/schema';
import { formatDateTime } from '../http/date-time';
import { queuePositions } from '../jobs/queue';
import { DOCUMENT_QUEUE, documentJobKey } from './process';
import type { SpaceRow } from './spaces';
import type { Viewer } from './visibility';

/** A listed document: its row's fields, the names of its owner, grade and review roles, its times as shown. */
export type ListedDocument = {
  id: number; docName: string; docType: string; status: string; result: string; secrecy: string;
  gradeName: string; reviewRoles: number[]; roleNames: string[]; ownerId: number; owner: string; ownerName: string;
  contentType: string; size: number; chunkCount: number; created: string; modified: string; progress: string; vectorsPending: boolean;
};

/** A document row with what the lists join to it. */
export type ListedRow = { doc: typeof knowledgeDocuments.$inferSelect; owner: string; ownerName: string; gradeName: string };

/** The names of the review roles the rows name, by id. */
export async function reviewRoleNames(deps: Pick<Deps, 'db'>, rows: ListedRow[]): Promise<Map<number, string>> {
  const roleIds = [...new Set(rows.flatMap((r) => r.doc.reviewRoles))];
  const names = new Map<number, string>();
  if (roleIds.length) for (const r of await deps.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds))) names.set(r.id, r.name);
  return names;
}

/** A row as listed; a review role deleted meanwhile shows as 角色<id>. */
export function listedDocument({ doc, owner, ownerName, gradeName }: ListedRow, roleNames: Map<number, string>): ListedDocument {
  return {
    id: doc.id, docName: doc.docName, docType: doc.docType, status: doc.status, result: doc.result, secrecy: doc.secrecy,
    gradeName, reviewRoles: doc.reviewRoles, roleNames: doc.reviewRoles.map((id) => roleNames.get(id) ?? `角色${id}`),
    ownerId: doc.ownerId, owner, ownerName, contentType: doc.contentType, size: doc.size, chunkCount: doc.chunkCount,
    created: formatDateTime(doc.createdAt), modified: formatDateTime(doc.updatedAt), progress: doc.progress, vectorsPending: doc.vectorsPending,
  };
}

/** A page of listed documents as answered, a waiting one with its place in the queue. */
export async function documentAnswers(
  deps: Pick<Deps, 'db'>, viewer: Viewer, space: SpaceRow, docs: ListedDocument[],
): Promise<KnowledgeDocument[]> {
  const waiting = docs.filter((d) => d.status === 'TODO').map((d) => documentJobKey(d.id));
  const positions = await queuePositions(deps, DOCUMENT_QUEUE, waiting);
  return docs.map((doc) => ({
    id: doc.id,
    doc_name: doc.docName,
    doc_type: doc.docType,
    space: space.name,
    chunk_size: doc.chunkCount,
    status: doc.status,
    result: doc.result,
    secrecy: doc.secrecy,
    secrecy_name: doc.gradeName,
    review_role: doc.reviewRoles.join(','),
    review_role_names: doc.roleNames,
    owner: doc.owner,
    owner_name: doc.ownerName,
    content_type: doc.contentType,
    size: doc.size,
    queue_position: positions.get(documentJobKey(doc.id)) ?? null,
    progress: doc.status === 'RUNNING' ? doc.progress : '',
    vectors_pending: doc.vectorsPending,
    editable: doc.ownerId === viewer.id || space.ownerId === viewer.id,
    last_sync: doc.modified,
    gmt_created: doc.created,
    gmt_modified: doc.modified,
  }));
}
