// What the generation's page polls and how it shows the answers (issue 14): the page asks task_status for the tasks
// that may still change, and lays their states over the generation it loaded, counting progress and coverage the
// way the server does (server/testcases/generation-reads.ts `summaries`).
import type { GenerationDetail, RequirementItem, TaskState, TaskStatus } from '../../../contract/api';

/** The tasks of the items' current versions, in item order (an expired task belongs to an older source version). */
export function currentTasks(data: GenerationDetail | undefined): TaskState[] {
  if (!data) return [];
  const ids = new Set(data.items.map((i) => i.task_id));
  return data.tasks.filter((t) => ids.has(t.task_id) && t.status !== 'expired').sort((a, b) => a.position - b.position);
}

/**
 * The ids to poll: tasks being generated, tasks waiting once generation has started, and, right after the tester
 * asked to start (`kicked`), the 待更新 ones the worker has not taken up yet.
 */
export function watchedTasks(tasks: TaskState[], kicked: boolean): string[] {
  const started = kicked || tasks.some((t) => t.status !== 'not_started' && t.status !== 'skipped' && t.status !== 'pending_update');
  return tasks.filter((t) => t.status === 'in_progress' || (started && t.status === 'not_started') || (kicked && t.status === 'pending_update'))
    .map((t) => t.task_id);
}

const WAITING: TaskStatus[] = ['in_progress', 'not_started', 'pending_update'];

/** Whether polling can stop: no watched task is still waiting or being generated. */
export function settled(states: TaskState[]): boolean {
  return states.every((s) => !WAITING.includes(s.status));
}

const FINISHED: TaskStatus[] = ['completed', 'latest', 'skipped'];

/** The generation with the polled states laid over its tasks, its counts and uncovered items recomputed. */
export function withStates(detail: GenerationDetail, states: TaskState[] | undefined): GenerationDetail {
  if (!states?.length) return detail;
  const polled = new Map(states.map((s) => [s.task_id, s]));
  const tasks = detail.tasks.map((t) => polled.get(t.task_id) ?? t);
  const merged = { ...detail, tasks };
  const current = currentTasks(merged);
  const covered = (t: TaskState) => t.cases.length > 0 || t.status === 'skipped';
  const currentIds = new Set(current.map((t) => t.task_id));
  return {
    ...merged,
    generation: {
      ...detail.generation,
      done: current.filter((t) => FINISHED.includes(t.status) || (t.status === 'archived' && t.cases.length > 0)).length,
      covered: current.filter(covered).length,
      cases: current.reduce((n, t) => n + t.cases.length, 0),
    },
    uncovered: detail.items.filter((i) => currentIds.has(i.task_id) && !covered(polled.get(i.task_id) ?? tasks.find((t) => t.task_id === i.task_id)!))
      .map((i) => i.id),
  };
}

/** An item with its current task and its neighbour below (what ItemsCard shows and whether the two can merge). */
export type ItemRow = RequirementItem & { state?: TaskState; next?: { code: string; status?: TaskStatus } };

const sameNext = (a: ItemRow['next'], b: ItemRow['next']) => a === b || (a !== undefined && b !== undefined && a.code === b.code && a.status === b.status);

/**
 * The items as rows, each with its task and the next item's code and status. A row whose item, task and neighbour
 * are unchanged from `previous` (by item id) is that same object, so memoised rows are not drawn again.
 */
export function itemRows(data: GenerationDetail, previous: ReadonlyMap<number, ItemRow>): ItemRow[] {
  const byTask = new Map(data.tasks.map((t) => [t.task_id, t]));
  return data.items.map((item, i) => {
    const state = byTask.get(item.task_id);
    const after = data.items[i + 1];
    const next = after && { code: after.code, status: byTask.get(after.task_id)?.status };
    const old = previous.get(item.id);
    const unchanged = old && old.state === state && sameNext(old.next, next)
      && (Object.keys(item) as (keyof RequirementItem)[]).every((k) => old[k] === item[k]);
    return unchanged ? old : { ...item, state, next };
  });
}

/** The kit table's only toolbar button on this page: the column chooser (stable, so the tables' columns are built once). */
export const onlyColumnSettings = (code: string) => code === 'columns';
