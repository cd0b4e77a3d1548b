// What passes between the pool (pool.ts) and its worker threads (D50): a task and its answer are plain data
// (structured-cloned between threads), and a failure comes back as data too, so its class survives the trip.
import { HttpError } from '../http-error';
import { PermanentJobError } from '../jobs/worker';

/** A task for a text worker; `kind` tells the worker's entry (server/text-worker.ts) which work it asks for. */
export type TextTask = { kind: string };

/** A task's outcome: its value, or its failure with what is needed to throw it again as the class it was. */
export type TextAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; error: { kind: 'permanent' | 'http' | 'other'; message: string; status?: number; businessCode?: number } };

/** Does one task's work, its failure turned into data (in the worker). */
export async function answerOf<T>(work: () => Promise<T>): Promise<TextAnswer<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (err instanceof PermanentJobError) return { ok: false, error: { kind: 'permanent', message: err.message } };
    if (err instanceof HttpError) return { ok: false, error: { kind: 'http', message: err.message, status: err.statusCode, businessCode: err.businessCode } };
    return { ok: false, error: { kind: 'other', message: err instanceof Error ? err.message : String(err) } };
  }
}

/** The answer's value, or its failure thrown again as the class it was (in the caller). */
export function valueOf<T>(answer: TextAnswer<T>): T {
  if (answer.ok) return answer.value;
  const { error } = answer;
  if (error.kind === 'permanent') throw new PermanentJobError(error.message);
  if (error.kind === 'http') throw new HttpError(error.status ?? 400, error.message, error.businessCode);
  throw new Error(error.message);
}

/** A task's bytes as a Buffer over the same memory (the trip between threads leaves a plain Uint8Array). */
export const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
