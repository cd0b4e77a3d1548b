// Tool calls that can be cancelled while they run: a call in 工具对话 (owner: its dialogue) or in 试用 (owner: the
// user who made it). 取消 reaches the process running the call: this one at once, the others through the
// kb_tool_cancel signal (several processes on one PostgreSQL, D61). A call is found by its owner and id together,
// so nobody cancels another's call by naming its id.
import type { Deps } from '../deps';
import { notifierOf } from '../db/client';

export type CallOwner = `dialogue:${number}` | `user:${number}`;

const running = new Map<string, AbortController>();
const keyOf = (owner: CallOwner, id: string) => `${owner}\n${id}`;

/** Registers a running call; `signal` aborts on 取消, `done` forgets the call once it has ended. */
export function cancellableCall(owner: CallOwner, id: string): { signal: AbortSignal; done: () => void } {
  const key = keyOf(owner, id);
  const controller = new AbortController();
  running.set(key, controller);
  return {
    signal: controller.signal,
    done: () => {
      if (running.get(key) === controller) running.delete(key);
    },
  };
}

function cancelHere(owner: CallOwner, id: string): boolean {
  const controller = running.get(keyOf(owner, id));
  controller?.abort();
  return controller !== undefined;
}

/**
 * Cancels the owner's running call `id`: true when this process ran it; otherwise other processes are told and
 * `undefined` answers (whether one of them runs it is not known here), false when no other process could.
 */
export async function cancelCall(deps: Pick<Deps, 'db'>, owner: CallOwner, id: string): Promise<boolean | undefined> {
  if (cancelHere(owner, id)) return true;
  const notifier = notifierOf(deps.db);
  if (!notifier?.shared) return false;
  await notifier.publish('kb_tool_cancel', JSON.stringify({ owner, id }));
  return undefined;
}

/** Listens for 取消 asked on other processes; returns the function that stops listening. */
export function listenForToolCancels(deps: Pick<Deps, 'db'>): () => void {
  const notifier = notifierOf(deps.db);
  if (!notifier?.shared) return () => undefined;
  return notifier.on('kb_tool_cancel', (payload) => {
    try {
      const { owner, id } = JSON.parse(payload) as { owner: CallOwner; id: string };
      cancelHere(owner, id);
    } catch {
      // Not ours to read: ignored.
    }
  });
}
