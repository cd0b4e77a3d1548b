// Test-case generations (issue 14): made from an uploaded requirements document or a knowledge document the user
// may read, split into items, one durable job per item's task. A generation is its owner's work and carries its
// source's grade: it is answered only to its owner, and only while the owner's clearance reaches that grade.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { TESTCASE_MESSAGES } from '../../contract/api';
import type { Deps } from '../deps';
import { isUniqueViolation } from '../db/unique-violation';
import { knowledgeDocuments, testcaseGenerations, testcaseItems, testcaseTasks } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import { absolute, removeFiles } from '../knowledge/storage';
import { assertWithinClearance, visibleTo, type Viewer } from '../knowledge/visibility';
import { modelsOf } from '../llm/models';
import { sanitizeFileName } from '../uploads/file-name';
import { placeFile } from '../uploads/incoming';
import { freeName, GENERATION_NAME_UNIQUE } from './names';
import { zipLimitsOf } from '../uploads/limits';
import type { ReceivedFile } from '../uploads/receive';
import { assertWritable, visibleGeneration } from './generation-reads';
import { blocksOf, readUploadedSource, SOURCE_TYPES } from './source';
import { splitRequirements, type SplitItem } from './split';
import { queueTasks, type Tx } from './task-jobs';

/** What a generation is made from: an uploaded file (with the grade the tester gives it) or a knowledge document. */
export type GenerationSource =
  | { kind: 'upload'; file: ReceivedFile; secrecy: string }
  | { kind: 'document'; docId: number };

/** The source read into blocks, with its name, type and grade (an upload's grade at most the viewer's clearance). */
export async function sourceOf(deps: Deps, viewer: Viewer, source: GenerationSource) {
  const limits = zipLimitsOf(deps.config);
  if (source.kind === 'upload') {
    assertWithinClearance(viewer, source.secrecy, '需求文档的密级');
    const { type, blocks } = await readUploadedSource(source.file, limits);
    return { name: sanitizeFileName(source.file.name), type, blocks, secrecy: source.secrecy, docId: null, file: source.file };
  }
  const [doc] = await deps.db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.id, source.docId), visibleTo(viewer)));
  if (!doc) throw new HttpError(404, '文档不存在或您无权查看');
  const type = SOURCE_TYPES.find((t) => doc.filePath.endsWith(`.${t}`));
  if (!type) throw badRequest(`需求文档只支持 docx、pdf、xlsx、md、txt、csv：${doc.docName}`);
  const blocks = await blocksOf(await fs.readFile(absolute(deps.config, doc.filePath)), type, doc.docName, limits);
  return { name: doc.docName, type, blocks, secrecy: doc.secrecy, docId: doc.id, file: null };
}

/**
 * Makes a generation: the source read and split in the request, then the generation, its items, one task per item
 * and (when `start`) their jobs in one transaction, the uploaded file moved into place inside it. Refused without a
 * model (nothing is made), and when the document yields no item.
 */
export async function createGeneration(
  deps: Deps, viewer: Viewer, source: GenerationSource, options: { name?: string; start: boolean },
): Promise<{ generation_id: string; task_ids: string[] }> {
  if (!modelsOf(deps.config).configured) throw badRequest(TESTCASE_MESSAGES.noModel);
  const src = await sourceOf(deps, viewer, source);
  const items = splitRequirements(src.blocks);
  if (items.length === 0) throw badRequest(TESTCASE_MESSAGES.noItems);
  const wanted = options.name?.trim() || src.name.replace(/\.[^.]+$/, '');
  // Two creations racing to the same free name: the unique index refuses the second, which takes the next number.
  for (let attempt = 1; ; attempt++) {
    const name = await freeName(deps, viewer.id, wanted);
    try {
      return await insertGeneration(deps, src, items, name, viewer.id, options.start);
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, GENERATION_NAME_UNIQUE)) throw err;
    }
  }
}

async function insertGeneration(
  deps: Deps, src: Awaited<ReturnType<typeof sourceOf>>, items: SplitItem[], name: string, ownerId: number, start: boolean,
): Promise<{ generation_id: string; task_ids: string[] }> {
  let written: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [generation] = await tx.insert(testcaseGenerations).values({
        uid: randomUUID(), name, ownerId, secrecy: src.secrecy, sourceName: src.name, sourceType: src.type,
        sourceDocId: src.docId, createdAt: now, updatedAt: now,
      }).returning();
      if (src.file) {
        const relative = path.join('files', 'testcases', String(generation.id), `source.${src.type}`);
        await placeFile(src.file.path, absolute(deps.config, relative));
        written = relative;
        await tx.update(testcaseGenerations).set({ sourcePath: relative }).where(eq(testcaseGenerations.id, generation.id));
      }
      const taskIds = await insertItems(deps, tx, generation.id, items, 0, start);
      return { generation_id: generation.uid, task_ids: taskIds };
    });
  } catch (err) {
    if (written) await removeFiles(deps.config, [written]);
    throw err;
  }
}

async function insertItems(deps: Deps, tx: Tx, generationId: number, items: SplitItem[], from: number, start: boolean): Promise<string[]> {
  const now = deps.now();
  const rows = await tx.insert(testcaseItems).values(items.map((it, i) => ({
    generationId, position: from + i + 1, code: it.code, module: it.module, title: it.title, text: it.text, createdAt: now, updatedAt: now,
  }))).returning({ id: testcaseItems.id });
  const tasks = await tx.insert(testcaseTasks).values(rows.map((r) => ({
    uid: randomUUID(), generationId, itemId: r.id, status: 'not_started', createdAt: now, updatedAt: now,
  }))).returning({ id: testcaseTasks.id, uid: testcaseTasks.uid });
  if (start) await queueTasks(deps, tx, tasks.map((t) => t.id));
  return tasks.map((t) => t.uid);
}

/**
 * Queues every waiting task of a generation: the not-started ones once the tester confirmed the items, and the
 * 待更新 ones a newer source version made. Idempotent (one waiting job per task).
 */
export async function startGeneration(deps: Deps, viewer: Viewer, generationUid: string): Promise<string[]> {
  const generation = await visibleGeneration(deps, viewer, generationUid);
  assertWritable(generation);
  const tasks = await deps.db.select().from(testcaseTasks)
    .where(and(eq(testcaseTasks.generationId, generation.id), inArray(testcaseTasks.status, ['not_started', 'pending_update'])));
  await queueTasks(deps, deps.db, tasks.map((t) => t.id));
  return tasks.map((t) => t.uid);
}
