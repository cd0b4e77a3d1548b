// The row and byte caps of one result, applied row by row as the driver reads: a row is measured when it arrives
// and nothing past the first row over a cap is kept, whatever the database's batch or chunk size. Drivers ask
// `nextBatch` how many rows to fetch, so the database is not asked for more than the bytes left can hold.
import type { Limits, OnRows } from './driver-types';

function byteSize(row: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(row));
}

/** Collects rows under the caps; `take` answers false once a cap is reached (the rest is not read). */
export class Collector {
  rows: Record<string, unknown>[] = [];
  bytes = 0;
  truncated = false;
  /** The result's column names, set by the driver before the first rows (handed on with every batch). */
  columns: string[] = [];
  /** The largest row so far, in bytes: how many more rows the bytes left can hold. */
  private largest = 0;
  private pending: Record<string, unknown>[] = [];

  constructor(private readonly limits: Limits, private readonly onRows?: OnRows) {}

  /** Keeps one row if it fits under both caps; once one does not, no row is kept any more. */
  take(row: Record<string, unknown>): boolean {
    if (this.truncated) return false;
    if (this.rows.length >= this.limits.maxRows) {
      this.truncated = true;
      return false;
    }
    const size = byteSize(row);
    if (this.bytes + size > this.limits.maxBytes) {
      this.truncated = true;
      return false;
    }
    this.bytes += size;
    this.largest = Math.max(this.largest, size);
    this.rows.push(row);
    this.pending.push(row);
    return true;
  }

  /** Hands the rows kept since the last call on (one frame of the editor's stream, one chat progress update). */
  flush(): void {
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    this.onRows?.(rows, this.columns);
  }

  /** Takes a batch row by row (stopping at the cap) and hands the kept rows on; false once a cap is reached. */
  add(batch: Record<string, unknown>[]): boolean {
    for (const row of batch) if (!this.take(row)) break;
    this.flush();
    return !this.truncated;
  }

  /**
   * How many rows to fetch next, at most `max`: one at first (its size is not known), then as many as the bytes left
   * hold at the largest row so far, and never more than one past the row cap (to learn whether there are more).
   */
  nextBatch(max: number): number {
    const rowsLeft = this.limits.maxRows - this.rows.length + 1;
    if (!this.largest) return 1;
    const fit = Math.floor((this.limits.maxBytes - this.bytes) / this.largest);
    return Math.max(1, Math.min(max, rowsLeft, fit));
  }
}
