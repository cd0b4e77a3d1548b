import { Tag, Tooltip } from 'antd';
import { FINAL_TASK_STATUSES, TASK_STATUS_NAMES, type TaskStatus } from '../../../contract/api/runtime';

const COLORS: Record<TaskStatus, string> = {
  not_started: 'default', in_progress: 'processing', completed: 'success', paused: 'warning', terminated: 'error',
  skipped: 'default', expired: 'default', pending_update: 'gold', latest: 'green', archived: 'default',
};

/** A task's status as a tag with its Chinese label (spec §4), the reason in a tooltip. */
export function TaskStatusTag({ status, reason }: { status: TaskStatus; reason?: string }) {
  const tag = <Tag color={COLORS[status]}>{TASK_STATUS_NAMES[status]}</Tag>;
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

/** Whether the page should keep asking: some task may still change without the tester doing anything. */
export function anyRunning(statuses: readonly TaskStatus[], started: boolean): boolean {
  return statuses.some((s) => s === 'in_progress' || (started && s === 'not_started')) && !statuses.every((s) => FINAL_TASK_STATUSES.includes(s));
}
