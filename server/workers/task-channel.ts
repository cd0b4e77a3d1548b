// Talking with a task while it runs in a worker thread (issue 29 §3): a MessagePort sent with the task (transferred,
// not copied) carries the task's progress back to the caller and the caller's stop to the task, so a long scan shows
// 已识别 12/80 页 and a stopped job ends its recognition at once instead of running on in the pool.
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** What a task counts as it goes: a scan's pages, or the pictures inside a document. */
export type ProgressUnit = 'page' | 'picture';

/** How far a task got: `done` of `total` units (pages unless it says otherwise). */
export type TaskProgress = (done: number, total: number, unit?: ProgressUnit) => void;

type Message = { kind: 'progress'; done: number; total: number; unit?: ProgressUnit } | { kind: 'stop' };

/**
 * The caller's side: the port to put in the task (and in the transfer list), progress heard through `progress`, a
 * stop of `signal` told to the task. `close` once the task has ended.
 */
export function openTaskChannel(options: { progress?: TaskProgress; signal?: AbortSignal }): { port: MessagePort; close: () => void } {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (m: Message) => {
    if (m.kind === 'progress') options.progress?.(m.done, m.total, m.unit);
  });
  const stop = () => port1.postMessage({ kind: 'stop' } satisfies Message);
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  return {
    port: port2,
    close: () => {
      options.signal?.removeEventListener('abort', stop);
      port1.close();
    },
  };
}

/** The task's side: a signal that stops when the caller stops, and progress sent back. `close` when done. */
export function taskChannel(port: MessagePort | undefined): { signal: AbortSignal; progress?: TaskProgress; close: () => void } {
  const controller = new AbortController();
  if (!port) return { signal: controller.signal, close: () => undefined };
  port.on('message', (m: Message) => {
    if (m.kind === 'stop') controller.abort(new Error('处理已停止'));
  });
  return {
    signal: controller.signal,
    progress: (done, total, unit) => port.postMessage({ kind: 'progress', done, total, unit } satisfies Message),
    close: () => port.close(),
  };
}
