// The tester's edits (issue 14): a case saved as they go (the whole case each time, so a repeated save is harmless and
// nothing typed is lost on reload), an item reworded, and an item merged with the next one. An edited or merged
// item's task is generated again; a task still being generated must be paused first, so no answer for the old
// wording lands after the edit.
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { TASK_STATUS_NAMES, TESTCASE_LIMITS, type AddCaseBody, type EditCaseBody, type EditItemBody, type TaskState, type TaskStatus, type TestCase } from '../../contract/api';
import type { Deps } from '../deps';
import { jobs, testcaseCases, testcaseGenerations, testcaseItems, testcaseTasks } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import type { Viewer } from '../knowledge/visibility';
import { taskStates } from './generation-reads';
import type { TaskEvent } from './lifecycle';
import { moveTask } from './task-events';
import { queueTask, TESTCASE_QUEUE, testcaseJobKey } from './task-jobs';
import { generationVisibleTo } from './visibility';

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];
type TaskRow = typeof testcaseTasks.$inferSelect;

const archivedRefusal = () => badRequest('该生成已归档，只能查看');

/** A task whose cases are shown and may be changed by hand: not expired, not being generated again. */
function refuseUnlessEditable(status: TaskStatus): void {
  if (status === 'expired') throw badRequest('该用例属于已过期的需求版本，不能编辑');
  if (status === 'in_progress') throw badRequest('该条目正在重新生成，暂时不能编辑它的用例');
}

/** A case's fields as the tester wrote them, trimmed, each step with its expected result. */
function writtenCase(body: Omit<EditCaseBody, 'case_id'>) {
  const steps = body.steps.map((s) => ({ step: s.step.trim(), expected: s.expected.trim() }));
  const blank = steps.findIndex((s) => !s.step || !s.expected);
  if (blank >= 0) throw badRequest(`第 ${blank + 1} 步的操作和预期结果都不能为空`);
  if (!body.title.trim()) throw badRequest('用例名称不能为空');
  return {
    title: body.title.trim(), module: body.module.trim(), precondition: body.precondition.trim(), steps,
    priority: body.priority, caseType: body.case_type,
  };
}

function caseOf(row: typeof testcaseCases.$inferSelect, itemCode: string): TestCase {
  return {
    id: row.id, code: row.code, title: row.title, module: row.module, precondition: row.precondition, steps: row.steps,
    priority: row.priority, case_type: row.caseType, item_id: row.itemId, item_code: itemCode,
  };
}

/** The case with its task's status and its generation, if the viewer may see it. */
async function visibleCase(deps: Deps, viewer: Viewer, caseId: number) {
  const [row] = await deps.db.select({ c: testcaseCases, status: testcaseTasks.status, archived: testcaseGenerations.archived, itemCode: testcaseItems.code })
    .from(testcaseCases)
    .innerJoin(testcaseTasks, eq(testcaseTasks.id, testcaseCases.taskId))
    .innerJoin(testcaseItems, eq(testcaseItems.id, testcaseCases.itemId))
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseCases.generationId))
    .where(and(eq(testcaseCases.id, caseId), generationVisibleTo(viewer)));
  if (!row) throw new HttpError(404, '用例不存在');
  if (row.archived) throw archivedRefusal();
  refuseUnlessEditable(row.status as TaskStatus);
  return row;
}

/** Saves a case as the tester edited it. Only the cases of a finished task can be edited (the ones shown). */
export async function editCase(deps: Deps, viewer: Viewer, body: EditCaseBody): Promise<TestCase> {
  const row = await visibleCase(deps, viewer, body.case_id);
  const [saved] = await deps.db.update(testcaseCases).set({ ...writtenCase(body), updatedAt: deps.now() })
    .where(eq(testcaseCases.id, body.case_id)).returning();
  return caseOf(saved, row.itemCode);
}

/**
 * Adds a case written by hand to an item whose cases are shown (its task finished). It is numbered after the item's
 * last case; generating the item again replaces its cases, hand-written ones included, as for edited ones.
 */
export async function addCase(deps: Deps, viewer: Viewer, body: AddCaseBody): Promise<TestCase> {
  const { item } = await itemOf(deps, viewer, body.item_id);
  const task = await currentTask(deps.db, item.id);
  if (!task) throw new HttpError(404, '需求条目不存在');
  refuseUnlessEditable(task.status as TaskStatus);
  if (!task.finishedAt) throw badRequest('该条目的用例还没有生成，生成完成后才能新增用例');
  const fields = writtenCase(body);
  return deps.db.transaction(async (tx) => {
    // The task's row is locked so two additions at once take different numbers.
    await tx.select({ id: testcaseTasks.id }).from(testcaseTasks).where(eq(testcaseTasks.id, task.id)).for('update');
    const [{ count, last }] = await tx.select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${testcaseCases.seq}), 0)::int` })
      .from(testcaseCases).where(eq(testcaseCases.taskId, task.id));
    if (count >= TESTCASE_LIMITS.maxCasesPerItem) throw badRequest(`每个需求条目最多 ${TESTCASE_LIMITS.maxCasesPerItem} 条用例`);
    const seq = last + 1;
    const now = deps.now();
    const [saved] = await tx.insert(testcaseCases).values({
      ...fields, taskId: task.id, generationId: task.generationId, itemId: item.id, seq,
      code: `${item.code}-${String(seq).padStart(2, '0')}`, createdAt: now, updatedAt: now,
    }).returning();
    await tx.update(testcaseGenerations).set({ updatedAt: now }).where(eq(testcaseGenerations.id, task.generationId));
    return caseOf(saved, item.code);
  });
}

/** Removes one case (the others keep their numbers). */
export async function deleteCase(deps: Deps, viewer: Viewer, caseId: number): Promise<void> {
  const row = await visibleCase(deps, viewer, caseId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(testcaseCases).where(eq(testcaseCases.id, caseId));
    await tx.update(testcaseGenerations).set({ updatedAt: deps.now() }).where(eq(testcaseGenerations.id, row.c.generationId));
  });
}

async function itemOf(deps: Deps, viewer: Viewer, itemId: number) {
  const [row] = await deps.db.select({ item: testcaseItems, g: testcaseGenerations }).from(testcaseItems)
    .innerJoin(testcaseGenerations, eq(testcaseGenerations.id, testcaseItems.generationId))
    .where(and(eq(testcaseItems.id, itemId), generationVisibleTo(viewer)));
  if (!row) throw new HttpError(404, '需求条目不存在');
  if (row.g.archived) throw archivedRefusal();
  return row;
}

async function currentTask(db: Deps['db'] | Tx, itemId: number): Promise<TaskRow | undefined> {
  const [task] = await db.select().from(testcaseTasks)
    .where(and(eq(testcaseTasks.itemId, itemId), ne(testcaseTasks.status, 'expired'))).orderBy(sql`${testcaseTasks.id} desc`).limit(1);
  return task;
}

/** Whether any task of the generation was ever queued (the tester confirmed the items and started). */
async function started(tx: Tx, generationId: number): Promise<boolean> {
  const uids = await tx.select({ id: testcaseTasks.id }).from(testcaseTasks).where(eq(testcaseTasks.generationId, generationId));
  if (uids.length === 0) return false;
  const [hit] = await tx.select({ id: jobs.id }).from(jobs)
    .where(and(eq(jobs.queue, TESTCASE_QUEUE), inArray(jobs.key, uids.map((u) => testcaseJobKey(u.id))))).limit(1);
  return Boolean(hit);
}

/**
 * Brings an item's task back to 未开始 after its text changed, and queues it when the generation has started: a
 * waiting task keeps waiting (its job reads the new text), a paused one resumes, a finished or terminated one is
 * generated again, a skipped one stays skipped. A task being generated refuses: pause it first.
 */
async function regenerate(deps: Deps, tx: Tx, task: TaskRow, generationId: number, unskip = false): Promise<void> {
  const status = task.status as TaskStatus;
  if (status === 'in_progress') throw badRequest('该条目正在生成，请先暂停再修改');
  if (status === 'not_started') return;
  if (status === 'skipped' && !unskip) return;
  const event: TaskEvent = status === 'paused' ? 'resume' : status === 'skipped' ? 'unskip' : 'regenerate';
  await moveTask(deps, tx, task, event);
  if (status !== 'skipped' || (await started(tx, generationId))) await queueTask(deps, tx, task.id);
}

/** Rewords an item; its task is generated again (see `regenerate`). */
export async function editItem(deps: Deps, viewer: Viewer, body: EditItemBody): Promise<TaskState[]> {
  const { item, g } = await itemOf(deps, viewer, body.item_id);
  const title = body.title.trim();
  const text = body.text.trim();
  if (!title || !text) throw badRequest('需求标题和内容都不能为空');
  const task = await currentTask(deps.db, item.id);
  if (!task) throw new HttpError(404, '需求条目不存在');
  if (title === item.title && text === item.text) return taskStates(deps, viewer, [task.uid]);
  await deps.db.transaction(async (tx) => {
    await tx.update(testcaseItems).set({ title, text, updatedAt: deps.now() }).where(eq(testcaseItems.id, item.id));
    await regenerate(deps, tx, task, g.id);
  });
  return taskStates(deps, viewer, [task.uid]);
}

/**
 * Merges an item with the one after it: the first keeps its code and title and takes both texts; the second, its
 * task and cases go; the merged item's task is generated again (a skipped one too: its text is no longer the one
 * judged untestable). Neither may be being generated.
 */
export async function mergeItem(deps: Deps, viewer: Viewer, itemId: number): Promise<TaskState[]> {
  const { item, g } = await itemOf(deps, viewer, itemId);
  const [next] = await deps.db.select().from(testcaseItems)
    .where(and(eq(testcaseItems.generationId, g.id), gt(testcaseItems.position, item.position))).orderBy(asc(testcaseItems.position)).limit(1);
  const [task, nextTask] = await Promise.all([currentTask(deps.db, item.id), next ? currentTask(deps.db, next.id) : undefined]);
  if (!task) throw new HttpError(404, '需求条目不存在');
  // An item a newer source version removed (only an expired task left, listed last) is not a neighbour to merge.
  if (!next || !nextTask) throw badRequest('这是最后一个需求条目，没有可合并的下一条');
  if (nextTask.status === 'in_progress') throw badRequest(`条目 ${next.code} 正在生成（${TASK_STATUS_NAMES.in_progress}），请先暂停再合并`);
  const text = `${item.text}\n${next.text}`;
  if (Array.from(text).length > TESTCASE_LIMITS.maxItemChars) throw badRequest(`合并后的需求内容超过 ${TESTCASE_LIMITS.maxItemChars} 字，不能合并`);
  await deps.db.transaction(async (tx) => {
    await regenerate(deps, tx, task, g.id, true);
    await tx.update(testcaseItems).set({ text, skipReason: '', updatedAt: deps.now() }).where(eq(testcaseItems.id, item.id));
    await tx.delete(testcaseItems).where(eq(testcaseItems.id, next.id));
    await tx.update(testcaseItems).set({ position: sql`${testcaseItems.position} - 1` })
      .where(and(eq(testcaseItems.generationId, g.id), gt(testcaseItems.position, next.position)));
    await tx.update(testcaseGenerations).set({ updatedAt: deps.now() }).where(eq(testcaseGenerations.id, g.id));
  });
  return taskStates(deps, viewer, [task.uid]);
}
