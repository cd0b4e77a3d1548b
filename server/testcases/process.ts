// The job of one test-case task (issue 14): ask the model for the cases of the task's item, check them (one repair
// request when they fail the check), and store them with the task's finish in one transaction, so a task's cases are
// stored once or not at all, whatever happens to the process. Pause and terminate abort the model request: at once
// in this process, and within a second from another (the task row is read every second while the model works).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TESTCASE_MESSAGES, type TaskStatus } from '../../contract/api';
import type { Deps } from '../deps';
import { testcaseCases, testcaseItems, testcaseTasks } from '../db/schema';
import type { Job } from '../jobs/queue';
import { jobUser } from '../jobs/row-status-handler';
import { PermanentJobError, type JobHandler } from '../jobs/worker';
import { isAbort, LlmError, modelsOf } from '../llm/models';
import { parseCases, promptFor, repairPrompt, type DraftCase } from './cases';
import { nextStatus } from './lifecycle';
import { moveTask } from './task-events';
import { runningTasks, TESTCASE_QUEUE } from './task-jobs';

/** How often a running task's row is read, to notice a pause or termination made by another process. */
export const TASK_WATCH_MS = 1000;

type TaskRow = typeof testcaseTasks.$inferSelect;

async function taskOf(deps: Deps, taskId: number): Promise<TaskRow | undefined> {
  const [task] = await deps.db.select().from(testcaseTasks).where(eq(testcaseTasks.id, taskId));
  return task;
}

/** Stores the cases and finishes the task, unless it was paused or terminated meanwhile (then nothing is stored). */
async function store(deps: Deps, task: TaskRow, itemCode: string, cases: DraftCase[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const to = task.isUpdate ? 'latest' : 'completed';
    const done = await tx.update(testcaseTasks).set({ status: to, reason: '', updatedAt: now, finishedAt: now })
      .where(and(eq(testcaseTasks.id, task.id), eq(testcaseTasks.status, 'in_progress'))).returning({ id: testcaseTasks.id });
    if (done.length === 0) return;
    // A task's cases are stored only here, with its finish time: one never finished has none to replace.
    if (task.finishedAt) await tx.delete(testcaseCases).where(eq(testcaseCases.taskId, task.id));
    await tx.insert(testcaseCases).values(cases.map((c, i) => ({
      taskId: task.id, generationId: task.generationId, itemId: task.itemId, seq: i + 1, code: `${itemCode}-${String(i + 1).padStart(2, '0')}`,
      title: c.title, module: c.module, precondition: c.precondition, steps: c.steps, priority: c.priority, caseType: c.case_type,
      createdAt: now, updatedAt: now,
    })));
  });
}

/** Pauses a task with the reason it could not finish (the tester may resume it). */
async function pauseWithReason(deps: Deps, taskId: number, reason: string): Promise<void> {
  const task = await taskOf(deps, taskId);
  if (!task || !nextStatus(task.status as TaskStatus, 'fail')) return;
  await deps.db.transaction((tx) => moveTask(deps, tx, task, 'fail', reason.slice(0, 500))).catch(() => undefined);
}

async function runTask(deps: Deps, job: Job, signal: AbortSignal): Promise<void> {
  const taskId = Number((job.payload as { taskId?: unknown }).taskId);
  // Started with one conditional UPDATE that also reads the item (one statement on the path to the model request);
  // a task already 进行中 is one whose worker died (taken up again).
  const [started] = await deps.db.update(testcaseTasks).set({ status: 'in_progress', reason: '', updatedAt: deps.now() })
    .from(testcaseItems)
    .where(and(eq(testcaseTasks.id, taskId), inArray(testcaseTasks.status, ['not_started', 'pending_update']), eq(testcaseItems.id, testcaseTasks.itemId)))
    .returning({ task: testcaseTasks, item: testcaseItems });
  let task = started?.task;
  let item = started?.item;
  if (!started) {
    const [row] = await deps.db.select({ task: testcaseTasks, item: testcaseItems }).from(testcaseTasks)
      .innerJoin(testcaseItems, eq(testcaseItems.id, testcaseTasks.itemId)).where(eq(testcaseTasks.id, taskId));
    task = row?.task;
    item = row?.item;
  }
  if (!task || !item || task.status !== 'in_progress') return; // paused, terminated, skipped or gone while queued
  const models = modelsOf(deps.config);
  const model = models.defaultModel;
  if (!model) throw new PermanentJobError(TESTCASE_MESSAGES.noModel);

  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const running = runningTasks(deps.db);
  running.set(task.id, controller);
  const watch = setInterval(() => {
    void taskOf(deps, task.id).then((t) => { if (t?.status !== 'in_progress') controller.abort(new Error('moved')); }, () => undefined);
  }, TASK_WATCH_MS);
  watch.unref();
  try {
    const prompt = promptFor(item);
    const first = await models.complete(model, prompt, { temperature: 0.2 }, controller.signal);
    let parsed = parseCases(first, item);
    if ('problems' in parsed) {
      const second = await models.complete(model, repairPrompt(prompt, first, parsed.problems), { temperature: 0 }, controller.signal);
      parsed = parseCases(second, item);
    }
    if ('problems' in parsed) {
      await pauseWithReason(deps, task.id, `${TESTCASE_MESSAGES.repairFailed}（${parsed.problems.slice(0, 3).join('；')}）`);
      return;
    }
    await store(deps, task, item.code, parsed.cases);
  } catch (err) {
    // Paused or terminated by a user: the status already says so; the job is done.
    if (controller.signal.aborted && !signal.aborted) return;
    if (isAbort(err, signal)) throw err;
    if (err instanceof LlmError && job.attempts < job.maxAttempts) {
      await deps.db.update(testcaseTasks).set({ reason: `第 ${job.attempts} 次生成失败（${err.message}），稍后自动重试` })
        .where(eq(testcaseTasks.id, task.id));
    }
    throw err;
  } finally {
    clearInterval(watch);
    signal.removeEventListener('abort', stop);
    running.delete(task.id);
  }
}

/**
 * The handler of the test-case queue. The model's own queue bounds the requests; the worker holds twice as many tasks
 * as the busiest model takes, so a task's database work before and after its request (claim, start, store, finish)
 * happens while other tasks hold the model's slots, and the model is never left waiting for the database (D43).
 */
export function testcaseJobHandler(deps: Deps): JobHandler {
  return {
    queue: TESTCASE_QUEUE,
    concurrency: Math.max(deps.config.jobConcurrency, ...modelsOf(deps.config).chatModels.map((m) => 2 * m.limit)),
    leaseMs: deps.config.jobLeaseMs,
    timeoutMs: deps.config.jobTimeoutMs,
    retryDelayMs: 2000,
    run: (job, signal) => runTask(deps, job, signal),
    // The tester: the generation's owner, who confirmed its items and started its tasks.
    userOf: (job) => jobUser(deps, sql`SELECT u.id, u.username FROM testcase_tasks t JOIN testcase_generations g ON g.id = t.generation_id
      JOIN users u ON u.id = g.owner_id WHERE t.id = ${Number((job.payload as { taskId?: unknown }).taskId)}`),
    onFailed: async (job, reason) => {
      await pauseWithReason(deps, Number((job.payload as { taskId?: unknown }).taskId), `生成失败，已暂停：${reason}`);
    },
  };
}
