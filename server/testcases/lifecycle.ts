// The lifecycle of a test-case task (issue 14): which event may move a task from which status to which. The server
// applies an event with one conditional UPDATE (`WHERE status IN from`), so two requests racing cannot both move it.
import type { TaskStatus } from '../../contract/api/testcase-limits';

export type TaskEvent =
  | 'start' // a worker takes the task
  | 'finish' // its cases are stored
  | 'finish_update' // its cases are stored, for an item a newer source version changed
  | 'fail' // the model failed for good (down, or two malformed answers): paused with the reason, to be resumed
  | 'pause'
  | 'resume'
  | 'terminate' // cancelled by the user; the model request is aborted
  | 'skip' // the tester marks the item not testable, with a reason
  | 'unskip'
  | 'regenerate' // asked again (after an edit, a termination, or to refresh a finished one)
  | 'source_changed' // a newer version of the source changed this task's item (a new task, 待更新, is made for it)
  | 'archive';

type Rule = { from: readonly TaskStatus[]; to: TaskStatus };

/** What archiving moves: every status but the final ones (an expired task stays expired: it is an older version's). */
const ARCHIVABLE: readonly TaskStatus[] = [
  'not_started', 'in_progress', 'completed', 'paused', 'terminated', 'skipped', 'pending_update', 'latest',
];

/**
 * The transitions. When a newer version of the source changes an item, the item's finished task becomes 已过期
 * (expired, its cases kept as they were) and a new task 待更新 (pending_update) is made for the new text; generated,
 * it finishes as 最新 (latest). Any other task finishes as 已完成. Archived is final: an archived generation is
 * read-only. A skipped item that a newer version changes expires too: the judgement was about the old text.
 */
export const TASK_TRANSITIONS: Record<TaskEvent, Rule> = {
  start: { from: ['not_started', 'pending_update'], to: 'in_progress' },
  finish: { from: ['in_progress'], to: 'completed' },
  finish_update: { from: ['in_progress'], to: 'latest' },
  fail: { from: ['in_progress'], to: 'paused' },
  pause: { from: ['not_started', 'in_progress'], to: 'paused' },
  resume: { from: ['paused'], to: 'not_started' },
  terminate: { from: ['not_started', 'in_progress', 'paused', 'pending_update'], to: 'terminated' },
  skip: { from: ['not_started', 'paused', 'terminated', 'pending_update', 'completed', 'latest'], to: 'skipped' },
  unskip: { from: ['skipped'], to: 'not_started' },
  regenerate: { from: ['terminated', 'completed', 'latest', 'pending_update'], to: 'not_started' },
  source_changed: { from: ['not_started', 'paused', 'terminated', 'skipped', 'completed', 'latest', 'pending_update'], to: 'expired' },
  archive: { from: ARCHIVABLE, to: 'archived' },
};

/** The status an event moves a task to, or null when the event is not allowed from `from`. */
export function nextStatus(from: TaskStatus, event: TaskEvent): TaskStatus | null {
  const rule = TASK_TRANSITIONS[event];
  if (!rule.from.includes(from)) return null;
  return rule.to;
}

/** The Chinese refusal for an event not allowed in a status. */
export function refusalOf(event: TaskEvent, statusName: string): string {
  const verbs: Record<TaskEvent, string> = {
    start: '开始', finish: '完成', finish_update: '完成', fail: '标记失败', pause: '暂停', resume: '继续', terminate: '终止', skip: '跳过', unskip: '取消跳过',
    regenerate: '重新生成', source_changed: '标记过期', archive: '归档',
  };
  return `任务当前为「${statusName}」，不能${verbs[event]}`;
}
