import { describe, expect, it } from 'vitest';
import type { GenerationDetail, TaskState, TaskStatus } from '../../../contract/api';
import { settled, watchedTasks, withStates } from './live-states';

const task = (n: number, status: TaskStatus, cases = 0): TaskState => ({
  task_id: `t-${n}`, item_id: n, status, status_name: status, position: n, progress: 0, reason: '',
  cases: Array.from({ length: cases }, (_v, i) => ({
    id: n * 10 + i, code: `R${n}-0${i + 1}`, title: `用例 ${n}`, module: '', precondition: '', steps: [{ step: 'a', expected: 'b' }],
    priority: 'P0', case_type: '功能', item_id: n, item_code: `R${n}`,
  })),
});

function detail(tasks: TaskState[]): GenerationDetail {
  const items = tasks.map((t) => ({ id: t.item_id, position: t.position, code: `R${t.item_id}`, module: '', title: '', text: '', skip_reason: '', task_id: t.task_id }));
  return {
    generation: {
      generation_id: 'g', name: 'g', source_name: 'a.md', secrecy: 'internal', secrecy_name: '内部', owner: '演示用户', archived: false,
      items: tasks.length, done: 0, covered: 0, cases: 0, gmt_created: '', gmt_modified: '',
    },
    items, tasks, uncovered: items.map((i) => i.id),
  };
}

describe('the generation page\'s live states (issue 14)', () => {
  it('polls running tasks, waiting ones once started, and 待更新 ones right after the tester started them', () => {
    const confirming = [task(1, 'not_started'), task(2, 'skipped')];
    expect(watchedTasks(confirming, false)).toEqual([]);
    expect(watchedTasks(confirming, true)).toEqual(['t-1']);
    const running = [task(1, 'in_progress'), task(2, 'not_started'), task(3, 'completed', 1), task(4, 'pending_update')];
    expect(watchedTasks(running, false)).toEqual(['t-1', 't-2']);
    expect(watchedTasks(running, true)).toEqual(['t-1', 't-2', 't-4']);
  });

  it('stops once no watched task waits or runs', () => {
    expect(settled([task(1, 'completed'), task(2, 'paused'), task(3, 'terminated')])).toBe(true);
    expect(settled([task(1, 'completed'), task(2, 'pending_update')])).toBe(false);
    expect(settled([task(1, 'not_started')])).toBe(false);
  });

  it('lays polled states over the loaded generation and counts progress and coverage as the server does', () => {
    const loaded = detail([task(1, 'in_progress'), task(2, 'in_progress'), task(3, 'skipped')]);
    const shown = withStates(loaded, [task(1, 'completed', 2), task(2, 'paused')]);
    expect(shown.tasks.map((t) => t.status)).toEqual(['completed', 'paused', 'skipped']);
    expect(shown.generation).toMatchObject({ items: 3, done: 2, covered: 2, cases: 2 });
    expect(shown.uncovered).toEqual([2]);
    expect(withStates(loaded, undefined)).toBe(loaded);
  });
});
