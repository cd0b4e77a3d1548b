// Test-case generations (issue 14): made from an uploaded requirements document or a knowledge document the user
// may read, split into items, one durable job per item's task. A generation is its owner's work and carries its
// source's grade: it is answered only to its owner, and only while the owner's clearance reaches that grade.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  TASK_STATUS_NAMES, TESTCASE_MESSAGES, type Generation, type GenerationDetail, type GenerationList, type GenerationListBody,
  type RequirementItem, type TaskState, type TaskStatus, type TestCase,
} from '../../contract/api';
import type { Deps } from '../deps';
import { isUniqueViolation } from '../db/unique-violation';
import { knowledgeDocuments, secrecyGrades, testcaseCases, testcaseGenerations, testcaseItems, testcaseTasks, users } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import { enqueue, enqueueMany } from '../jobs/queue';
import { absolute, removeFiles } from '../knowledge/storage';
import { assertWithinClearance, visibleTo, type Viewer } from '../knowledge/visibility';
import { modelsOf } from '../llm/models';
import { sanitizeFileName } from '../uploads/file-name';
import { placeFile } from '../uploads/incoming';
import { freeName, GENERATION_NAME_UNIQUE } from './names';
import { zipLimitsOf } from '../uploads/limits';
import type { ReceivedFile } from '../uploads/receive';
import { nextStatus, refusalOf, type TaskEvent } from './lifecycle';
import { blocksOf, readUploadedSource, SOURCE_TYPES } from './source';
import { splitRequirements, type SplitItem } from './split';
import { generationVisibleTo } from './visibility';

export const TESTCASE_QUEUE = 'testcase-generation';
export const testcaseJobKey = (taskId: number) => `testcase-task:${taskId}`;

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];
type GenerationRow = typeof testcaseGenerations.$inferSelect;
type TaskRow = typeof testcaseTasks.$inferSelect;

/** What a generation is made from: an uploaded file (with the grade the tester gives it) or a knowledge document. */
export type GenerationSource =
  | { kind: 'upload'; file: ReceivedFile; secrecy: string }
  | { kind: 'document'; docId: number };

export { generationVisibleTo };

const notFound = () => new HttpError(404, TESTCASE_MESSAGES.notFound);

/** The progress shown for a status (a task is one model request: it has no steps of its own to count). */
const PROGRESS: Record<TaskStatus, number> = {
  not_started: 0, in_progress: 50, completed: 100, paused: 0, terminated: 0, skipped: 100, expired: 100, pending_update: 0, latest: 100, archived: 100,
};

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

/** Queues many tasks in one statement (idempotent: a task already waiting keeps its job). */
async function queueTasks(deps: Deps, tx: Tx | Deps['db'], taskIds: number[]): Promise<void> {
  await enqueueMany({ ...deps, db: tx as unknown as Deps['db'] }, {
    queue: TESTCASE_QUEUE, jobs: taskIds.map((taskId) => ({ key: testcaseJobKey(taskId), payload: { taskId } })), maxAttempts: deps.config.jobMaxAttempts,
  });
}

export async function queueTask(deps: Deps, tx: Tx | Deps['db'], taskId: number): Promise<void> {
  await enqueue({ ...deps, db: tx as unknown as Deps['db'] }, {
    queue: TESTCASE_QUEUE, key: testcaseJobKey(taskId), payload: { taskId }, maxAttempts: deps.config.jobMaxAttempts,
  });
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

/** The generation if the viewer may see it; 404 otherwise, whether it exists or not. */
export async function visibleGeneration(deps: Pick<Deps, 'db'>, viewer: Viewer, uid: string): Promise<GenerationRow> {
  const [row] = await deps.db.select().from(testcaseGenerations).where(and(eq(testcaseGenerations.uid, uid), generationVisibleTo(viewer)));
  if (!row) throw notFound();
  return row;
}

function assertWritable(generation: GenerationRow): void {
  if (generation.archived) throw badRequest('该生成已归档，只能查看');
}

type CaseRow = typeof testcaseCases.$inferSelect;
const toCase = (c: CaseRow, itemCode: string): TestCase => ({
  id: c.id, code: c.code, title: c.title, module: c.module, precondition: c.precondition, steps: c.steps, priority: c.priority,
  case_type: c.caseType, item_id: c.itemId, item_code: itemCode,
});

/** Task states with their cases, for tasks already chosen as visible. */
async function statesOf(deps: Pick<Deps, 'db'>, rows: { task: TaskRow; position: number; itemCode: string }[]): Promise<TaskState[]> {
  if (rows.length === 0) return [];
  const cases = await deps.db.select().from(testcaseCases)
    .where(inArray(testcaseCases.taskId, rows.map((r) => r.task.id))).orderBy(asc(testcaseCases.taskId), asc(testcaseCases.seq));
  const byTask = new Map<number, CaseRow[]>();
  for (const c of cases) byTask.set(c.taskId, [...(byTask.get(c.taskId) ?? []), c]);
  return rows.map(({ task, position, itemCode }) => {
    const status = task.status as TaskStatus;
    return {
      task_id: task.uid, item_id: task.itemId, status, status_name: TASK_STATUS_NAMES[status], position, progress: PROGRESS[status],
      reason: task.reason, cases: (byTask.get(task.id) ?? []).map((c) => toCase(c, itemCode)),
    };
  });
}

/** task_status: one entry per id the viewer may see, in the order asked; unknown and hidden ids are left out. */
export async function taskStates(deps: Pick<Deps, 'db'>, viewer: Viewer, uids: string[]): Promise<TaskState[]> {
  const rows = await deps.db.select({ task: testcaseTasks, position: testcaseItems.position, itemCode: testcaseItems.code })
    .from(testcaseTasks)
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseTasks.generationId))
    .innerJoin(testcaseItems, eq(testcaseItems.id, testcaseTasks.itemId))
    .where(and(inArray(testcaseTasks.uid, [...new Set(uids)]), generationVisibleTo(viewer)));
  const order = new Map(uids.map((u, i) => [u, i]));
  return statesOf(deps, rows.sort((a, b) => order.get(a.task.uid)! - order.get(b.task.uid)!));
}

const FINISHED: TaskStatus[] = ['completed', 'latest', 'skipped'];

/** The generations of the viewer, newest first, with their counts. */
export async function listGenerations(deps: Pick<Deps, 'db'>, viewer: Viewer, body: GenerationListBody): Promise<GenerationList> {
  const page = body.page ?? 1;
  const size = body.page_size ?? 20;
  const where = and(
    generationVisibleTo(viewer),
    eq(testcaseGenerations.archived, body.archived ?? false),
    body.keyword?.trim() ? ilike(testcaseGenerations.name, `%${body.keyword.trim().replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(testcaseGenerations).where(where);
  const rows = await deps.db.select({ g: testcaseGenerations, owner: users.fullName, gradeName: secrecyGrades.text })
    .from(testcaseGenerations)
    .innerJoin(users, eq(users.id, testcaseGenerations.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, testcaseGenerations.secrecy))
    .where(where).orderBy(desc(testcaseGenerations.id)).limit(size).offset((page - 1) * size);
  return { total, data: await summaries(deps, rows) };
}

async function summaries(deps: Pick<Deps, 'db'>, rows: { g: GenerationRow; owner: string; gradeName: string }[]): Promise<Generation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.g.id);
  const tasks = await deps.db.select({ generationId: testcaseTasks.generationId, status: testcaseTasks.status, itemId: testcaseTasks.itemId })
    .from(testcaseTasks).where(inArray(testcaseTasks.generationId, ids));
  // Cases of the current version only: an expired task's cases neither count nor cover their item.
  const cases = await deps.db.select({ generationId: testcaseCases.generationId, itemId: testcaseCases.itemId, n: count() })
    .from(testcaseCases).innerJoin(testcaseTasks, eq(testcaseTasks.id, testcaseCases.taskId))
    .where(and(inArray(testcaseCases.generationId, ids), sql`${testcaseTasks.status} <> 'expired'`))
    .groupBy(testcaseCases.generationId, testcaseCases.itemId);
  return rows.map(({ g, owner, gradeName }) => {
    const mine = tasks.filter((t) => t.generationId === g.id && t.status !== 'expired');
    const items = new Set(mine.map((t) => t.itemId));
    const withCases = new Set(cases.filter((c) => c.generationId === g.id).map((c) => c.itemId));
    const skipped = new Set(mine.filter((t) => t.status === 'skipped').map((t) => t.itemId));
    return {
      generation_id: g.uid, name: g.name, source_name: g.sourceName, secrecy: g.secrecy, secrecy_name: gradeName, owner,
      // An archived task no longer says how it ended: one archived with its cases had finished.
      archived: g.archived, items: items.size,
      done: mine.filter((t) => FINISHED.includes(t.status as TaskStatus) || (t.status === 'archived' && withCases.has(t.itemId))).length,
      covered: [...items].filter((i) => withCases.has(i) || skipped.has(i)).length,
      cases: cases.filter((c) => c.generationId === g.id).reduce((n, c) => n + Number(c.n), 0),
      gmt_created: g.createdAt.toISOString(), gmt_modified: g.updatedAt.toISOString(),
    };
  });
}

/** A generation with its items, their tasks and cases, and the items neither covered by a case nor skipped. */
export async function generationDetail(deps: Pick<Deps, 'db'>, viewer: Viewer, uid: string): Promise<GenerationDetail> {
  const g = await visibleGeneration(deps, viewer, uid);
  const [head] = await deps.db.select({ g: testcaseGenerations, owner: users.fullName, gradeName: secrecyGrades.text })
    .from(testcaseGenerations)
    .innerJoin(users, eq(users.id, testcaseGenerations.ownerId))
    .innerJoin(secrecyGrades, eq(secrecyGrades.code, testcaseGenerations.secrecy))
    .where(eq(testcaseGenerations.id, g.id));
  const items = await deps.db.select().from(testcaseItems).where(eq(testcaseItems.generationId, g.id)).orderBy(asc(testcaseItems.position));
  const tasks = await deps.db.select().from(testcaseTasks).where(eq(testcaseTasks.generationId, g.id)).orderBy(asc(testcaseTasks.id));
  const itemById = new Map(items.map((i) => [i.id, i]));
  const states = await statesOf(deps, tasks.map((task) => ({ task, position: itemById.get(task.itemId)!.position, itemCode: itemById.get(task.itemId)!.code })));
  // An item's task: its current one, or the latest expired one when a newer version removed the item.
  const current = new Map<number, TaskRow>();
  for (const t of tasks) {
    const held = current.get(t.itemId);
    if (t.status !== 'expired' || !held || held.status === 'expired') current.set(t.itemId, t);
  }
  const listed: RequirementItem[] = items.map((i) => ({
    id: i.id, position: i.position, code: i.code, module: i.module, title: i.title, text: i.text, skip_reason: i.skipReason,
    task_id: current.get(i.id)?.uid ?? '',
  }));
  const covered = new Set(states.filter((s) => s.status !== 'expired' && (s.cases.length > 0 || s.status === 'skipped')).map((s) => s.item_id));
  const [summary] = await summaries(deps, [head]);
  return {
    generation: summary, items: listed, tasks: states, uncovered: items.filter((i) => !covered.has(i.id) && current.get(i.id)?.status !== 'expired').map((i) => i.id),
  };
}

/** In-process model requests of running tasks, by database (tests run several apps), to abort on pause or terminate. */
const runningByDb = new WeakMap<Deps['db'], Map<number, AbortController>>();
export function runningTasks(db: Deps['db']): Map<number, AbortController> {
  let m = runningByDb.get(db);
  if (!m) runningByDb.set(db, (m = new Map()));
  return m;
}

/**
 * Applies a user's event to tasks of the viewer's (pause, resume, terminate): each moved with one conditional
 * UPDATE, all or none (a task that cannot take the event refuses the whole request with its status). A paused or
 * terminated task's running model request is aborted; a resumed one is queued again.
 */
export async function applyToTasks(deps: Deps, viewer: Viewer, uids: string[], event: Extract<TaskEvent, 'pause' | 'resume' | 'terminate'>): Promise<TaskState[]> {
  const rows = await deps.db.select({ task: testcaseTasks, archived: testcaseGenerations.archived }).from(testcaseTasks)
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseTasks.generationId))
    .where(and(inArray(testcaseTasks.uid, [...new Set(uids)]), generationVisibleTo(viewer)));
  if (rows.length !== new Set(uids).size) throw notFound();
  await deps.db.transaction(async (tx) => {
    for (const { task, archived } of rows) {
      if (archived) throw badRequest('该生成已归档，只能查看');
      await moveTask(deps, tx, task, event);
      if (event === 'resume') await queueTask(deps, tx, task.id);
    }
  });
  if (event !== 'resume') for (const { task } of rows) runningTasks(deps.db).get(task.id)?.abort(new Error(event));
  return taskStates(deps, viewer, uids);
}

/** Moves one task by an event, or refuses (400) naming its status; `reason` replaces the task's reason. */
export async function moveTask(deps: Pick<Deps, 'now'>, tx: Tx, task: TaskRow, event: TaskEvent, reason = ''): Promise<TaskStatus> {
  const from = task.status as TaskStatus;
  const to = nextStatus(from, event);
  if (!to) throw badRequest(refusalOf(event, TASK_STATUS_NAMES[from]));
  const moved = await tx.update(testcaseTasks).set({ status: to, reason, updatedAt: deps.now() })
    .where(and(eq(testcaseTasks.id, task.id), eq(testcaseTasks.status, from))).returning({ id: testcaseTasks.id });
  if (moved.length === 0) throw badRequest('任务状态刚刚发生了变化，请刷新后重试');
  return to;
}

/** Marks an item not testable, with the reason; its task is skipped (and stopped if it was running). */
export async function skipItem(deps: Deps, viewer: Viewer, itemId: number, reason: string): Promise<TaskState[]> {
  if (!reason.trim()) throw badRequest('请填写跳过的原因');
  const [row] = await deps.db.select({ item: testcaseItems, g: testcaseGenerations }).from(testcaseItems)
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseItems.generationId))
    .where(and(eq(testcaseItems.id, itemId), generationVisibleTo(viewer)));
  if (!row) throw new HttpError(404, '需求条目不存在');
  assertWritable(row.g);
  const [task] = await deps.db.select().from(testcaseTasks)
    .where(and(eq(testcaseTasks.itemId, itemId), sql`${testcaseTasks.status} <> 'expired'`)).orderBy(desc(testcaseTasks.id)).limit(1);
  if (!task) throw new HttpError(404, '需求条目不存在');
  await deps.db.transaction(async (tx) => {
    await moveTask(deps, tx, task, 'skip', reason.trim());
    await tx.update(testcaseItems).set({ skipReason: reason.trim(), updatedAt: deps.now() }).where(eq(testcaseItems.id, itemId));
  });
  return taskStates(deps, viewer, [task.uid]);
}
