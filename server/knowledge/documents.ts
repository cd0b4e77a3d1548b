import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Chunk, ChunkPosition, DocumentListBody, DocumentUpdateBody, KnowledgeDocument } from '../../contract/api';
import type { Deps } from '../deps';
import { documentChunks, knowledgeDocuments, knowledgeSpaces, secrecyGrades, users } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import { assertRolesExist } from '../identity/grant-input';
import { cancel, enqueue } from '../jobs/queue';
import { sanitizeFileName } from '../uploads/file-name';
import { placeFile } from '../uploads/incoming';
import { zipLimitsOf } from '../uploads/limits';
import type { ReceivedFile } from '../uploads/receive';
import { CONTENT_TYPES, sniffFile, type DocumentType } from './file-types';
import { documentAnswers, listedDocument, reviewRoleNames, type ListedRow } from './listed-document';
import { DOCUMENT_QUEUE, documentJobKey } from './process';
import type { SpaceRow } from './spaces';
import { absolute, documentFilePath, removeFiles } from './storage';
import { assertWithinClearance, visibleTo, type Viewer } from './visibility';

/** The pseudo-role of spec §3: visible to everyone (no review roles). */
export const EVERYONE_ROLE = -2;

export type DocumentRow = typeof knowledgeDocuments.$inferSelect;

/** Review roles from the client's form: '-2' (everyone), '3,5', or a number. */
export function parseReviewRoles(value: string | number | undefined | null): number[] {
  if (value === undefined || value === null || value === '') return [];
  const ids = String(value).split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (ids.some((n) => !Number.isInteger(n))) throw badRequest('审核角色格式不正确，应为逗号分隔的角色编号');
  const real = [...new Set(ids.filter((n) => n !== EVERYONE_ROLE))];
  return real.sort((a, b) => a - b);
}

/** The document if the viewer may see it; otherwise 404, whether it exists or not (no probing). */
export async function visibleDocument(deps: Pick<Deps, 'db'>, viewer: Viewer, space: SpaceRow, docId: number): Promise<DocumentRow> {
  const [doc] = await deps.db.select().from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.id, docId), eq(knowledgeDocuments.spaceId, space.id), visibleTo(viewer)));
  if (!doc) throw new HttpError(404, '文档不存在或您无权查看');
  return doc;
}

/** Changes (of the document and of its chunks) are for the document's owner and the space's owner. */
export function assertCanChange(doc: DocumentRow, space: SpaceRow, viewer: Viewer): void {
  if (doc.ownerId !== viewer.id && space.ownerId !== viewer.id) throw new HttpError(400, '只有文档的上传者或知识空间的创建者可以修改或删除文档');
}

/**
 * Stores received files as TODO documents, all or none: every file is checked first (type by content, an Office
 * file's archive directory, grade, roles); the rows are inserted and the files moved into place in one transaction,
 * and moved files are removed if it fails. Answers the new ids.
 */
export async function uploadDocuments(
  deps: Deps,
  viewer: Viewer,
  space: SpaceRow,
  files: ReceivedFile[],
  options: { secrecy: string; reviewRoles: number[]; docName?: string },
): Promise<number[]> {
  if (!files.length) throw badRequest('请选择要上传的文件');
  assertWithinClearance(viewer, options.secrecy, '文档密级');
  await assertRolesExist(deps, options.reviewRoles, '审核角色不存在');
  const checked: (ReceivedFile & { type: DocumentType })[] = [];
  for (const f of files) {
    const sniffed = await sniffFile(f, zipLimitsOf(deps.config));
    if ('problem' in sniffed) throw new HttpError(sniffed.status, sniffed.problem);
    const name = sanitizeFileName(files.length === 1 && options.docName ? options.docName : f.name);
    checked.push({ ...f, name, type: sniffed.type });
  }
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const f of checked) {
        const now = deps.now();
        const [row] = await tx.insert(knowledgeDocuments).values({
          spaceId: space.id, docName: f.name, contentType: CONTENT_TYPES[f.type], filePath: '', size: f.size, sha256: f.sha256,
          secrecy: options.secrecy, reviewRoles: options.reviewRoles, ownerId: viewer.id, status: 'TODO', createdAt: now, updatedAt: now,
        }).returning({ id: knowledgeDocuments.id });
        const relative = documentFilePath(space.id, row.id, f.type);
        await placeFile(f.path, absolute(deps.config, relative));
        written.push(relative);
        await tx.update(knowledgeDocuments).set({ filePath: relative }).where(eq(knowledgeDocuments.id, row.id));
        ids.push(row.id);
      }
      return ids;
    });
  } catch (err) {
    await removeFiles(deps.config, written);
    throw err;
  }
}

/** Queues processing of documents the viewer may change; answers the ids queued. */
export async function startProcessing(deps: Deps, viewer: Viewer, docIds: number[], onlyStatuses?: string[]): Promise<number[]> {
  if (!docIds.length) return [];
  const rows = await deps.db
    .select({ doc: knowledgeDocuments, spaceOwner: knowledgeSpaces.ownerId })
    .from(knowledgeDocuments)
    .innerJoin(knowledgeSpaces, eq(knowledgeSpaces.id, knowledgeDocuments.spaceId))
    .where(and(inArray(knowledgeDocuments.id, docIds), visibleTo(viewer)));
  if (rows.length !== new Set(docIds).size) throw new HttpError(404, '文档不存在或您无权查看');
  const queued: number[] = [];
  for (const { doc, spaceOwner } of rows) {
    if (doc.ownerId !== viewer.id && spaceOwner !== viewer.id) throw new HttpError(400, '只有文档的上传者或知识空间的创建者可以处理文档');
    if (onlyStatuses && !onlyStatuses.includes(doc.status)) continue;
    if (doc.status === 'RUNNING') continue; // already being processed
    await enqueue(deps, { queue: DOCUMENT_QUEUE, key: documentJobKey(doc.id), payload: { docId: doc.id }, maxAttempts: deps.config.jobMaxAttempts });
    await deps.db.update(knowledgeDocuments).set({ status: 'TODO', result: '等待处理', updatedAt: deps.now() })
      .where(eq(knowledgeDocuments.id, doc.id));
    queued.push(doc.id);
  }
  return queued;
}

/** What a stopped document's row says: why it has no chunks, and how to go on. */
export const STOPPED_RESULT = '已停止处理，可点击“重新处理”重新开始';

/**
 * Stops a queued or running document (停止; its uploader or the space's owner, as for 重新处理): its job cancelled,
 * the document FAILED with STOPPED_RESULT, so 重新处理 takes it up again. A reading under way in any process ends
 * when its worker next checks its lease: its job is no longer its own, and none of its writes lands (D13).
 */
export async function stopProcessing(deps: Deps, viewer: Viewer, docId: number): Promise<number[]> {
  const [row] = await deps.db
    .select({ doc: knowledgeDocuments, spaceOwner: knowledgeSpaces.ownerId })
    .from(knowledgeDocuments)
    .innerJoin(knowledgeSpaces, eq(knowledgeSpaces.id, knowledgeDocuments.spaceId))
    .where(and(eq(knowledgeDocuments.id, docId), visibleTo(viewer)));
  if (!row) throw new HttpError(404, '文档不存在或您无权查看');
  const { doc, spaceOwner } = row;
  if (doc.ownerId !== viewer.id && spaceOwner !== viewer.id) throw new HttpError(400, '只有文档的上传者或知识空间的创建者可以处理文档');
  const notProcessing = () => badRequest(`文档「${doc.docName}」不在处理中，无需停止`);
  if (doc.status !== 'TODO' && doc.status !== 'RUNNING') throw notProcessing();
  await deps.db.transaction(async (tx) => {
    await cancel({ db: tx as unknown as Deps['db'], now: deps.now }, DOCUMENT_QUEUE, [documentJobKey(doc.id)]);
    const stopped = await tx.update(knowledgeDocuments)
      .set({ status: 'FAILED', result: STOPPED_RESULT, progress: '', vectorsPending: false, updatedAt: deps.now() })
      .where(and(eq(knowledgeDocuments.id, doc.id), inArray(knowledgeDocuments.status, ['TODO', 'RUNNING'])))
      .returning({ id: knowledgeDocuments.id });
    // Finished (or failed) between the read and the stop: nothing is stopped, the cancellation rolled back.
    if (!stopped.length) throw notProcessing();
  });
  return [doc.id];
}

/** The failed documents of a space that the viewer may change. */
export async function failedDocumentIds(deps: Pick<Deps, 'db'>, viewer: Viewer, space: SpaceRow): Promise<number[]> {
  const owned = space.ownerId === viewer.id ? undefined : eq(knowledgeDocuments.ownerId, viewer.id);
  const rows = await deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.spaceId, space.id), eq(knowledgeDocuments.status, 'FAILED'), visibleTo(viewer), owned));
  return rows.map((r) => r.id);
}

/** The list's order: the asked column (grades by rank), then newest first so pages never overlap. */
function documentOrder(body: DocumentListBody): SQL[] {
  const column = {
    doc_name: knowledgeDocuments.docName, secrecy_name: secrecyGrades.rank, status: knowledgeDocuments.status,
    gmt_modified: knowledgeDocuments.updatedAt, size: knowledgeDocuments.size, chunk_size: knowledgeDocuments.chunkCount,
    owner_name: users.fullName,
  }[body.sort_by ?? 'gmt_modified'];
  if (!body.sort_by) return [desc(knowledgeDocuments.id)];
  return [body.sort_order === 'ASC' ? asc(column) : desc(column), desc(knowledgeDocuments.id)];
}

/**
 * The document list in SQL, a query per request (document-list.ts keeps the space in memory instead, D71): for a
 * space too large for memory, and as the reference the in-memory list is tested against. Spec §3/§4: filters
 * owner, grade, name (Like), status and review role; review mode '0' lists documents shared with the viewer's
 * roles, otherwise the viewer's own.
 */
export async function listDocumentsInSql(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  space: SpaceRow,
  body: DocumentListBody,
): Promise<{ data: KnowledgeDocument[]; total: number; page: number; processing: boolean }> {
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 20;
  const where: (SQL | undefined)[] = [eq(knowledgeDocuments.spaceId, space.id), visibleTo(viewer)];
  if (body.secrecy) where.push(eq(knowledgeDocuments.secrecy, body.secrecy));
  if (body.doc_name) where.push(ilike(knowledgeDocuments.docName, `%${body.doc_name.replace(/[\\%_]/g, '\\$&')}%`));
  if (body.status) where.push(eq(knowledgeDocuments.status, body.status));
  if (body.review_role !== undefined && body.review_role !== '') {
    const wanted = String(body.review_role).split(',').map(Number).filter(Number.isInteger);
    if (wanted.includes(EVERYONE_ROLE)) where.push(sql`cardinality(${knowledgeDocuments.reviewRoles}) = 0`);
    else if (wanted.length) where.push(sql`${knowledgeDocuments.reviewRoles} && ${sql.param(wanted)}::integer[]`);
  }
  if (body.review_mode !== undefined && String(body.review_mode) === '0') {
    where.push(viewer.roleIds.length ? sql`${knowledgeDocuments.reviewRoles} && ${sql.param(viewer.roleIds)}::integer[]` : sql`false`);
  } else if (body.review_mode !== undefined && body.review_mode !== '') {
    where.push(eq(knowledgeDocuments.ownerId, viewer.id));
  }
  if (body.owner) {
    // The owner filter names a username: resolve it once instead of joining users into the count.
    const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, body.owner));
    where.push(eq(knowledgeDocuments.ownerId, owner?.id ?? -99_999));
  }
  const condition = and(...where);
  const [{ total }] = await deps.db.select({ total: count() }).from(knowledgeDocuments).where(condition);
  const rows: ListedRow[] = await deps.db
    .select({ doc: knowledgeDocuments, owner: users.username, ownerName: users.fullName, gradeName: secrecyGrades.text })
    .from(knowledgeDocuments)
    .innerJoin(users, eq(users.id, knowledgeDocuments.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, knowledgeDocuments.secrecy))
    .where(condition)
    .orderBy(...documentOrder(body))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const roleNames = await reviewRoleNames(deps, rows);
  const data = await documentAnswers(deps, viewer, space, rows.map((row) => listedDocument(row, roleNames)));
  const [{ busy }] = await deps.db.select({ busy: count() }).from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.spaceId, space.id), visibleTo(viewer), inArray(knowledgeDocuments.status, ['TODO', 'RUNNING'])));
  return {
    page,
    total: Number(total),
    processing: Number(busy) > 0,
    data,
  };
}

/** Renames a document or changes its grade and review roles (owner or space owner; grade within clearance). */
export async function updateDocument(deps: Deps, viewer: Viewer, space: SpaceRow, body: DocumentUpdateBody): Promise<void> {
  const doc = await visibleDocument(deps, viewer, space, body.doc_id);
  assertCanChange(doc, space, viewer);
  const patch: Partial<DocumentRow> = { updatedAt: deps.now() };
  if (body.doc_name !== undefined) {
    const name = sanitizeFileName(body.doc_name);
    if (!name.trim()) throw badRequest('文档名称不能为空');
    patch.docName = name;
  }
  if (body.secrecy !== undefined) {
    assertWithinClearance(viewer, body.secrecy, '文档密级');
    patch.secrecy = body.secrecy;
  }
  if (body.review_role !== undefined) {
    patch.reviewRoles = parseReviewRoles(body.review_role);
    await assertRolesExist(deps, patch.reviewRoles, '审核角色不存在');
  }
  await deps.db.update(knowledgeDocuments).set(patch).where(eq(knowledgeDocuments.id, doc.id));
}

/** Deletes a document (by id, or by name as DB-GPT does), its chunks, its job and its file. */
export async function deleteDocument(deps: Deps, viewer: Viewer, space: SpaceRow, target: { doc_id?: number; doc_name?: string }): Promise<string> {
  let docId = target.doc_id;
  if (docId === undefined) {
    if (!target.doc_name) throw badRequest('请指定要删除的文档（doc_id 或 doc_name）');
    const matches = await deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments)
      .where(and(eq(knowledgeDocuments.spaceId, space.id), eq(knowledgeDocuments.docName, target.doc_name), visibleTo(viewer)));
    if (matches.length !== 1) throw new HttpError(matches.length ? 400 : 404, matches.length ? `存在多个同名文档：${target.doc_name}，请按编号删除` : '文档不存在或您无权查看');
    docId = matches[0].id;
  }
  const doc = await visibleDocument(deps, viewer, space, docId);
  assertCanChange(doc, space, viewer);
  await deps.db.transaction(async (tx) => {
    await cancel({ db: tx as unknown as Deps['db'], now: deps.now }, DOCUMENT_QUEUE, [documentJobKey(doc.id)]);
    await tx.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc.id));
  });
  if (doc.filePath) await removeFiles(deps.config, [doc.filePath]);
  return doc.docName;
}

/** A page of a visible document's chunks, optionally those containing a text. */
export async function listChunks(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  space: SpaceRow,
  body: { document_id: number; page?: number; page_size?: number; content?: string },
) {
  const doc = await visibleDocument(deps, viewer, space, body.document_id);
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 20;
  // A document being (re)processed has no chunks to show yet: they are replaced a batch at a time (D80).
  if (doc.status !== 'FINISHED') return { page, total: 0, data: [] };
  const where = and(
    eq(documentChunks.documentId, doc.id),
    body.content ? ilike(documentChunks.content, `%${body.content.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(documentChunks).where(where);
  const rows = await deps.db.select(listedChunkColumns)
    .from(documentChunks).where(where).orderBy(asc(documentChunks.seq)).limit(pageSize).offset((page - 1) * pageSize);
  return { page, total: Number(total), data: rows.map((r) => chunkOnWire(doc, r)) };
}

/** The columns of a chunk as listed (`chunkOnWire`). */
export const listedChunkColumns = {
  id: documentChunks.id, seq: documentChunks.seq, content: documentChunks.content, headingPath: documentChunks.headingPath,
  position: documentChunks.position, edited: documentChunks.edited, disabled: documentChunks.disabled, manual: documentChunks.manual,
};

/** A chunk of `doc` as the chunk list answers it. */
export function chunkOnWire(doc: DocumentRow, r: { [K in keyof typeof listedChunkColumns]: (typeof documentChunks.$inferSelect)[K] }): Chunk {
  return {
    id: r.id, document_id: doc.id, doc_name: doc.docName, doc_type: doc.docType, seq: r.seq, content: r.content,
    meta_info: JSON.stringify({ source: doc.docName, seq: r.seq }),
    heading_path: r.headingPath, position: r.position as ChunkPosition, edited: r.edited, disabled: r.disabled, manual: r.manual,
  };
}
