/**
 * Writes `total` items a batch of `size` at a time, each batch its own statement rather than one transaction (D80,
 * D85): on the embedded database a transaction holds the only connection, so every request would wait for the whole
 * write. Between batches the job stops when aborted, and the event loop gets a turn, so a request that arrived
 * meanwhile gets the connection next rather than after the last batch.
 */
export async function inBatches(total: number, size: number, signal: AbortSignal, write: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < total; from += size) {
    await write(from, Math.min(from + size, total));
    signal.throwIfAborted();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The positions from `from` up to `to` (a batch's seq numbers). */
export const positions = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);
