import { describe, expect, it } from 'vitest';
import { TASK_STATUSES, TASK_STATUS_NAMES, type TaskStatus } from '../../contract/api/testcase-limits';
import { nextStatus, refusalOf, TASK_TRANSITIONS, type TaskEvent } from './lifecycle';

// The whole table, written out: each row an event, each column a status, '·' where the event is refused.
const N = '·';
const TABLE: Record<TaskEvent, Record<TaskStatus, TaskStatus | typeof N>> = {
  //               not_started     in_progress   completed      paused         terminated     skipped        expired  pending_update  latest         archived
  start:          { not_started: 'in_progress', in_progress: N, completed: N, paused: N, terminated: N, skipped: N, expired: N, pending_update: 'in_progress', latest: N, archived: N },
  finish:         { not_started: N, in_progress: 'completed', completed: N, paused: N, terminated: N, skipped: N, expired: N, pending_update: N, latest: N, archived: N },
  finish_update:  { not_started: N, in_progress: 'latest', completed: N, paused: N, terminated: N, skipped: N, expired: N, pending_update: N, latest: N, archived: N },
  fail:           { not_started: N, in_progress: 'paused', completed: N, paused: N, terminated: N, skipped: N, expired: N, pending_update: N, latest: N, archived: N },
  pause:          { not_started: 'paused', in_progress: 'paused', completed: N, paused: N, terminated: N, skipped: N, expired: N, pending_update: N, latest: N, archived: N },
  resume:         { not_started: N, in_progress: N, completed: N, paused: 'not_started', terminated: N, skipped: N, expired: N, pending_update: N, latest: N, archived: N },
  terminate:      { not_started: 'terminated', in_progress: 'terminated', completed: N, paused: 'terminated', terminated: N, skipped: N, expired: N, pending_update: 'terminated', latest: N, archived: N },
  skip:           { not_started: 'skipped', in_progress: N, completed: 'skipped', paused: 'skipped', terminated: 'skipped', skipped: N, expired: N, pending_update: 'skipped', latest: 'skipped', archived: N },
  unskip:         { not_started: N, in_progress: N, completed: N, paused: N, terminated: N, skipped: 'not_started', expired: N, pending_update: N, latest: N, archived: N },
  regenerate:     { not_started: N, in_progress: N, completed: 'not_started', paused: N, terminated: 'not_started', skipped: N, expired: N, pending_update: 'not_started', latest: 'not_started', archived: N },
  source_changed: { not_started: 'expired', in_progress: N, completed: 'expired', paused: 'expired', terminated: 'expired', skipped: 'expired', expired: N, pending_update: 'expired', latest: 'expired', archived: N },
  archive:        { not_started: 'archived', in_progress: 'archived', completed: 'archived', paused: 'archived', terminated: 'archived', skipped: 'archived', expired: N, pending_update: 'archived', latest: 'archived', archived: N },
};

describe('the task lifecycle (issue 14)', () => {
  it('allows exactly the transitions of the table', () => {
    for (const event of Object.keys(TASK_TRANSITIONS) as TaskEvent[]) {
      for (const from of TASK_STATUSES) {
        const want = TABLE[event][from];
        expect([event, from, nextStatus(from, event)]).toEqual([event, from, want === N ? null : want]);
      }
    }
  });

  it('gives every status of spec §4 a way in, and leaves archived final', () => {
    const reachable = new Set<TaskStatus>(['not_started', 'pending_update']); // a new task, a task for a changed item
    for (const rule of Object.values(TASK_TRANSITIONS)) reachable.add(rule.to);
    expect([...reachable].sort()).toEqual([...TASK_STATUSES].sort());
    expect(Object.values(TASK_TRANSITIONS).some((r) => r.from.includes('archived'))).toBe(false);
  });

  it('refuses in Chinese, naming the status', () => {
    expect(refusalOf('pause', TASK_STATUS_NAMES.completed)).toBe('任务当前为「已完成」，不能暂停');
  });
});
