// A tester's events on test-case tasks (issue 14): pause, resume and terminate chosen tasks, and skip an item that
// cannot be tested. Each task moves by the lifecycle's table with one conditional UPDATE.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TASK_STATUS_NAMES, type TaskState, type TaskStatus } from '../../contract/api';
import type { Deps } from '../deps';
import { testcaseGenerations, testcaseItems, testcaseTasks } from '../db/schema';
import { badRequest, HttpError } from '../http-error';
import type { Viewer } from '../knowledge/visibility';
import { assertWritable, notFound, taskStates } from './generation-reads';
import { nextStatus, refusalOf, type TaskEvent } from './lifecycle';
import { queueTask, runningTasks, type Tx } from './task-jobs';
import { generationVisibleTo } from './visibility';

type TaskRow = typeof testcaseTasks.$inferSelect;

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
