// The jobs of test-case tasks (issue 14): one durable job per task on its own queue, and the model requests running
// in this process, so a pause or termination can abort them at once.
import type { Deps } from '../deps';
import { enqueue, enqueueMany } from '../jobs/queue';

export const TESTCASE_QUEUE = 'testcase-generation';
export const testcaseJobKey = (taskId: number) => `testcase-task:${taskId}`;

export type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/** Queues many tasks in one statement (idempotent: a task already waiting keeps its job). */
export async function queueTasks(deps: Deps, tx: Tx | Deps['db'], taskIds: number[]): Promise<void> {
  await enqueueMany({ ...deps, db: tx as unknown as Deps['db'] }, {
    queue: TESTCASE_QUEUE, jobs: taskIds.map((taskId) => ({ key: testcaseJobKey(taskId), payload: { taskId } })), maxAttempts: deps.config.jobMaxAttempts,
  });
}

export async function queueTask(deps: Deps, tx: Tx | Deps['db'], taskId: number): Promise<void> {
  await enqueue({ ...deps, db: tx as unknown as Deps['db'] }, {
    queue: TESTCASE_QUEUE, key: testcaseJobKey(taskId), payload: { taskId }, maxAttempts: deps.config.jobMaxAttempts,
  });
}

/** In-process model requests of running tasks, by database (tests run several apps), to abort on pause or terminate. */
const runningByDb = new WeakMap<Deps['db'], Map<number, AbortController>>();
export function runningTasks(db: Deps['db']): Map<number, AbortController> {
  let m = runningByDb.get(db);
  if (!m) runningByDb.set(db, (m = new Map()));
  return m;
}
