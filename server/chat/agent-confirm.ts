// Confirmation of a chat's 写入 / 对外发送 tool call (D59, D88): a `pending` row, settled by the confirm call (any
// process) or by the wait's own time limit. What runs is what was stored and shown: the whole arguments, read back
// from the row after the yes.
import { and, eq, inArray } from 'drizzle-orm';
import { TOOL_LIMITS, type ToolCallStatus } from '../../contract/api';
import { chatToolCalls } from '../db/schema';
import type { Deps } from '../deps';

/** Wakes, in this process, the answer waiting for a call's decision (other processes see it at their next poll). */
const waiters = new Map<string, () => void>();
const POLL_MS = 500;

/** Settles a pending call of the user's dialogue; false when there is none (settled already, another's, unknown). */
export async function decideToolCall(deps: Pick<Deps, 'db' | 'now'>, dialogueId: number, callId: string, approve: boolean): Promise<boolean> {
  const rows = await deps.db.update(chatToolCalls)
    .set(approve ? { status: 'running', decidedAt: deps.now() } : { status: 'rejected', decidedAt: deps.now(), result: '用户拒绝了这次调用' })
    .where(and(eq(chatToolCalls.id, callId), eq(chatToolCalls.dialogueId, dialogueId), eq(chatToolCalls.status, 'pending')))
    .returning({ id: chatToolCalls.id });
  waiters.get(callId)?.();
  return rows.length > 0;
}

/** Waits for the user's decision: `running` (approved), `rejected`, or `expired` after the time limit. */
export async function decision(deps: Pick<Deps, 'db' | 'now'>, callId: string, signal: AbortSignal, timeoutMs: number): Promise<ToolCallStatus> {
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const [row] = await deps.db.select({ status: chatToolCalls.status }).from(chatToolCalls).where(eq(chatToolCalls.id, callId));
      if (row && row.status !== 'pending') return row.status as ToolCallStatus;
      if (Date.now() >= deadline) {
        const expired = await deps.db.update(chatToolCalls).set({ status: 'expired', result: '用户未在时限内确认，未调用' })
          .where(and(eq(chatToolCalls.id, callId), eq(chatToolCalls.status, 'pending'))).returning({ id: chatToolCalls.id });
        if (expired.length) return 'expired';
        continue;
      }
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      await new Promise<void>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', aborted);
          waiters.delete(callId);
        };
        const done = () => {
          cleanup();
          resolve();
        };
        const aborted = () => {
          cleanup();
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        const timer = setTimeout(done, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
        signal.addEventListener('abort', aborted, { once: true });
        waiters.set(callId, done);
      });
    }
  } catch (err) {
    // Stopped while waiting: the call is never run, even if a yes arrives later.
    await deps.db.update(chatToolCalls).set({ status: 'cancelled', result: '回答已停止，未调用' })
      .where(and(eq(chatToolCalls.id, callId), inArray(chatToolCalls.status, ['pending', 'running']))).catch(() => undefined);
    throw err;
  }
}

/** The stored arguments of a confirmed call, if they are still the ones shown (else null: the call is not run). */
export async function confirmedArguments(deps: Pick<Deps, 'db'>, callId: string, shown: string): Promise<Record<string, unknown> | null> {
  const [row] = await deps.db.select({ arguments: chatToolCalls.arguments }).from(chatToolCalls).where(eq(chatToolCalls.id, callId));
  if (!row || row.arguments !== shown) return null;
  return JSON.parse(row.arguments) as Record<string, unknown>;
}

/** The model's argument text of a call that is not run (not offered, not JSON): at most the arguments' cap, said so. */
export function rawArguments(text: string): string {
  const max = TOOL_LIMITS.argumentsMaxBytes;
  return text.length <= max ? text : `${text.slice(0, max)}…（参数过长，以上为前 ${max} 个字符，共 ${text.length} 个字符；该调用不会执行）`;
}
